import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as Sheets from "../../src/rulesets/fade/sheets";
import type { StandInActor } from "../foundry/documents";
import { installFoundry, loadWorld } from "../foundry/stand-in";
import { fighterItemData, fighterSystem } from "../support/fade-fixtures";
import { launchBrowser, openSheet, renderTemplate, screenshot } from "./harness";

// The combat tab of a Fade character in an encounter: the turn's budget as icons, the movement buttons
// with their squares, and the full-round attack, from the real sheet class, templates and CSS.

let browser: Browser;
let page: Page;
const PREFIX = "systems/anthology/templates/";

type Sheet = {
  _prepareContext(o: unknown): Promise<Record<string, unknown>>;
  _preparePartContext(id: string, c: Record<string, unknown>, o: unknown): Promise<Record<string, unknown>>;
};

beforeAll(async () => {
  const record = installFoundry({ ruleSet: "fade" });
  await import("../../src");
  loadWorld(record);
  const sheets: typeof Sheets = await import("../../src/rulesets/fade/sheets");
  const Actor = (CONFIG.Actor as unknown as { documentClass: new (d: object) => StandInActor }).documentClass;
  const garret = new Actor({
    name: "Garret",
    type: "fade-character",
    system: { ...fighterSystem, attacksPerRound: 2 },
    items: fighterItemData,
    ownership: { user1: 3 },
  });
  // Round 2, Garret's turn: he has taken a Step and a swift action, and dodged in round 1 (his
  // dodge came back with his turn); the attack of opportunity went in this round.
  const flag = { round: 2, turn: 2, swift: true, stepped: true, opportunity: true };
  const combatant = { id: "garret", name: "Garret", actor: garret };
  // The budgets live on the combat (only a GM writes it), by combatant id.
  const getFlag = (scope: string, key: string) =>
    scope === "anthology" && key === "fadeTurns" ? { garret: flag } : undefined;
  (game as unknown as { combat: unknown }).combat = { id: "c", round: 2, turn: 0, turns: [combatant], getFlag };
  const Sheet = sheets.FadeActorSheet as unknown as (new (o: object) => Sheet) & {
    PARTS: Record<string, { template: string }>;
  };
  const sheet = new Sheet({ document: garret });
  const context = { ...(await sheet._prepareContext({})), editable: true };
  const html: string[] = [];
  for (const [id, part] of Object.entries(Sheet.PARTS)) {
    if (!part.template.startsWith(PREFIX) || !part.template.includes("combat")) continue;
    const partContext = { ...(await sheet._preparePartContext(id, context, {})), tab: { cssClass: "active" } };
    html.push(renderTemplate(part.template.slice(PREFIX.length), partContext));
  }
  browser = await launchBrowser();
  page = await openSheet(browser, "anthology actor fade", html);
  (game as unknown as { combat: unknown }).combat = null;
});
afterAll(async () => browser?.close());

describe("The Fade's turn on the sheet (Chromium)", () => {
  it("shows what is left as icons, the spent ones faded, each named in words", async () => {
    const icons = page.locator(".anthology-fade-turn i");
    expect(await icons.count()).toBe(7);
    const spent = await page
      .locator(".anthology-fade-turn i.spent")
      .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.turn));
    expect(spent).toEqual(["swift", "step", "opportunity"]);
    expect(await page.getAttribute('[data-turn="standard"]', "title")).toBe("Standard action");
    expect(await page.getAttribute('[data-turn="dodge"]', "title")).toBe("Dodge (this turn)");
    const opacity = (turn: string) => page.$eval(`[data-turn="${turn}"]`, (e) => Number(getComputedStyle(e).opacity));
    expect(await opacity("swift")).toBeCloseTo(0.25);
    expect(await opacity("standard")).toBe(1);
  });

  it("offers the movements with the squares each allows (speed 2 after armor and load; run at triple)", async () => {
    const moves = await page.locator('button[data-action="fadeMove"]').allTextContents();
    expect(moves).toEqual(["Move (2)", "Step (1)", "Run (6)", "Charge (4)", "Withdraw (4)"]);
    expect(await page.locator('button[data-action="fadeMove"]').first().getAttribute("data-move")).toBe("movement");
  });

  it("offers a full-round attack for 2 attacks per round, named in words", async () => {
    const full = page.locator('button[data-action="fadeFullAttack"]');
    expect(await full.count()).toBe(1);
    expect(await full.getAttribute("aria-label")).toBe("Full-round attack (2 attacks)");
    expect(await full.isVisible()).toBe(true);
    await screenshot(page, "fade-turn-sheet");
  });
});
