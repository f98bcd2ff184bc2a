import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import * as sass from "sass";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { newCard } from "../../src/play/card";
import { parse, roll, rollCard, scriptedDie } from "../../src/dice";
import type { StandInActor } from "../foundry/documents";
import { installFoundry, loadWorld } from "../foundry/stand-in";
import { joinDicePool } from "../dice-pool/world";
import { launchBrowser, openSheet, renderTemplate, renderTemplateFile, screenshot } from "./harness";

// The sixth rule set's sheet and card (test/dice-pool): its real classes, views and templates, the
// shipped CSS with its own compiled from the shared partials, in Chromium.
vi.mock("../../src/rulesets/rows", async (shipped) =>
  (await import("../dice-pool/table")).withDicePoolRow(await shipped()),
);

const ROOT = path.resolve("test/dice-pool");
const PREFIX = "systems/anthology/templates/";
const RAW_KEY = /ANTHOLOGY\.|TYPES\./;
let browser: Browser;
let sheet: Page;
let css: string;

type SheetLike = {
  _prepareContext(o: unknown): Promise<Record<string, unknown>>;
  _preparePartContext(id: string, c: Record<string, unknown>, o: unknown): Promise<Record<string, unknown>>;
};

/** A shipped template by its path, or one of Dice Pool's from its folder. */
function render(template: string, context: object): string {
  const own = /^(?:systems\/anthology\/templates\/)?rulesets\/dice-pool\/(.+)$/.exec(template);
  return own ? renderTemplateFile(path.join(ROOT, "templates", own[1]!), context) : renderTemplate(template, context);
}

async function renderParts(Sheet: unknown, document: unknown): Promise<string[]> {
  const SheetImpl = Sheet as (new (o: object) => SheetLike) & { PARTS: Record<string, { template: string }> };
  const instance = new SheetImpl({ document });
  const context = {
    ...(await instance._prepareContext({})),
    editable: true,
    systemFields: { notes: { kind: "html" } },
  };
  const html: string[] = [];
  for (const [partId, part] of Object.entries(SheetImpl.PARTS)) {
    if (!part.template.startsWith(PREFIX)) continue;
    const partContext = { ...(await instance._preparePartContext(partId, context, {})), tab: { cssClass: "active" } };
    html.push(render(part.template.slice(PREFIX.length), partContext));
  }
  return html;
}

async function rawKeys(page: Page, root: string): Promise<string[]> {
  const text = await page.locator(root).innerText();
  const labels = await page.locator("[aria-label]").evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")!));
  return [text, ...labels].filter((s) => RAW_KEY.test(s));
}

beforeAll(async () => {
  const record = installFoundry({ ruleSet: "dice-pool" });
  await import("../../src");
  await joinDicePool();
  loadWorld(record);
  const { DicePoolActorSheet } = await import("../dice-pool/sheets");
  css = sass.compile(path.join(ROOT, "styles/index.scss"), { loadPaths: [path.resolve("styles")] }).css;
  const Actor = (CONFIG.Actor as unknown as { documentClass: new (d: object) => StandInActor }).documentClass;
  const brakk = new Actor({
    name: "<b>Brakk</b>",
    type: "dice-pool-character",
    system: { might: 4, guard: 2, hp: { value: 9, max: 12 } },
    items: [{ _id: "axe1", name: "Axe <i>of</i> doom", type: "dice-pool-weapon", system: { bonus: 1, damage: 2 } }],
    ownership: { user1: 3 },
  });
  browser = await launchBrowser();
  sheet = await openSheet(browser, "anthology actor dice-pool", await renderParts(DicePoolActorSheet, brakk), css);
  await screenshot(sheet, "dice-pool-sheet");
});
afterAll(async () => browser?.close());

describe("Dice Pool's sheet, from the shared actor sheet", () => {
  it("shows words, never raw keys, and names as text", async () => {
    expect(await rawKeys(sheet, "#sheet")).toEqual([]);
    expect(await sheet.inputValue("input.anthology-name")).toBe("<b>Brakk</b>");
    expect(await sheet.locator("#sheet b, #sheet i:not([class])").count()).toBe(0);
  });

  it("its header holds Might, Guard and HP, styled by its own stylesheet on the shared partials", async () => {
    const inputs = sheet.locator(".anthology-dice-pool-stats input");
    expect(await inputs.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).toEqual(["4", "2", "9"]);
    expect(await inputs.first().evaluate((e) => getComputedStyle(e).width)).toBe("56px");
  });

  it("each weapon offers its attack with the dice it rolls (Might 4 + 1 bonus die)", async () => {
    const row = sheet.locator("tr.item[data-item-id=axe1]");
    expect(await row.locator("button[data-action=poolAttack]").innerText()).toContain("5d6");
    expect(await row.locator("th").innerText()).toBe("Axe <i>of</i> doom");
  });
});

describe("Dice Pool's attack card", () => {
  it("a hit row with its Apply, a miss without, and the applied line, in the shared card style", async () => {
    const { dicePoolAttackKind } = await import("../dice-pool/chat");
    const faces = [5, 6, 2, 1, 5];
    const card = newCard({
      ruleSet: "dice-pool",
      kind: "attack",
      actor: { uuid: "Actor.brakk", name: "Brakk" },
      data: { weapon: { uuid: "Actor.brakk.Item.axe1", name: "Axe" }, damage: 2, faces },
      targets: [
        { uuid: "Actor.gob", name: "Goblin <i>Snik</i>", data: { guard: 1 } },
        { uuid: "Actor.ogre", name: "Ogre", data: { guard: 4 } },
      ],
    });
    const applied = {
      ...card,
      targets: [
        { ...card.targets[0]!, applied: { by: "gm", at: 1, summary: { damage: 4, before: 6, after: 2 } } },
        card.targets[1]!,
      ],
    };
    const rollHtml = [
      renderTemplate("chat/roll-card.hbs", { card: rollCard(roll(parse("5d6"), { die: scriptedDie(faces) })) }),
    ];
    const page = await browser.newPage({ viewport: { width: 340, height: 200 } });
    const shipped = readFileSync("dist/styles/anthology.css", "utf8");
    await page.setContent(
      `<!doctype html><html><head><meta charset="utf-8"><style>${shipped}${css}</style></head><body>` +
        `<div class="chat-message">${render(dicePoolAttackKind.template, dicePoolAttackKind.view(applied, { rollHtml }))}</div></body></html>`,
    );
    await screenshot(page, "dice-pool-card");
    expect(await rawKeys(page, "body")).toEqual([]);
    const rows = page.locator(".anthology-card-row");
    expect(await rows.nth(0).innerText()).toContain("Goblin <i>Snik</i> (Guard 1): 3 successes");
    expect(await rows.nth(0).innerText()).toContain("4 damage: HP 6 → 2");
    expect(await rows.nth(0).locator("[data-anthology-action=undo]").count()).toBe(1);
    expect(await rows.nth(1).locator("[data-anthology-action=apply]").count()).toBe(0);
    const colour = (n: number) =>
      rows
        .nth(n)
        .locator(".anthology-dice-pool-card-result")
        .evaluate((e) => getComputedStyle(e).color);
    expect(await colour(0)).not.toBe(await colour(1));
  });
});
