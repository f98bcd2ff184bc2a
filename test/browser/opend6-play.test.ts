import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rollCard } from "../../src/dice";
import type * as Cards from "../../src/play/cards";
import type { PlayMessage } from "../../src/play/documents";
import type * as Render from "../../src/play/render";
import type * as Sheets from "../../src/rulesets/opend6/sheets";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog, target } from "../support/fade-world";
import { clickSheet, loadOpenD6World, opend6Actors } from "../support/opend6-world";
import { press } from "../support/play";
import { launchBrowser, openSheet, renderTemplate, screenshot } from "./harness";

// What the OpenD6 flows put on screen at the table, in Chromium with the compiled CSS: the healing
// dialog and card, the spend buttons on check and attack cards, and an active defense on the dialog,
// the card and the defender's sheet. Each is played on the Foundry stand-in as the GM (the real sheet
// buttons, dice scripted), then drawn from the real templates with the views the flows build; the
// card buttons are shown, hidden or disabled as the play layer does for this user.

let browser: Browser;
let record: StandInRecord;
let sheets: typeof Sheets;
let cards: typeof Cards;
let render: typeof Render;
let kira: StandInActor;
let thug: StandInActor;

const RAW_KEY = /ANTHOLOGY\.|TYPES\./;
const PREFIX = "systems/anthology/templates/";
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const renderedWith = (path: string) => record.rendered.filter((r) => r.path.endsWith(path)).at(-1)!.data as object;
const setting = (key: string, value: unknown) => game.settings!.set("anthology" as never, key as never, value as never);

async function page(name: string, html: string, width: number): Promise<Page> {
  const css = await import("node:fs").then((fs) => fs.readFileSync("dist/styles/anthology.css", "utf8"));
  const p = await browser.newPage({ viewport: { width, height: 200 } });
  await p.setContent(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${css}</style></head>` +
      `<body style="margin:8px;font-family:sans-serif"><div id="message" class="chat-message">${html}</div></body></html>`,
  );
  await screenshot(p, `opend6-${name}`);
  return p;
}

async function rawKeys(p: Page): Promise<string[]> {
  const text = await p.locator("#message").innerText();
  const attributes = await p
    .locator("[title], [aria-label], [placeholder], [alt], option[label]")
    .evaluateAll((els) =>
      els.flatMap((e) => ["title", "aria-label", "placeholder", "alt", "label"].map((a) => e.getAttribute(a) ?? "")),
    );
  return [text, ...attributes].filter((s) => RAW_KEY.test(s));
}

/** A dialog as the flow rendered it (its view recorded by the stand-in). */
function showDialog(name: string, template: string): Promise<Page> {
  return page(name, renderTemplate(template, renderedWith(template)), 440);
}

/**
 * A message's card as the chat log shows it to this user: the kind's template and view with each roll
 * drawn from its dice, then each button removed or disabled as the play layer's render hook does.
 */
async function showCard(name: string, message: StandInMessage, width = 380): Promise<Page> {
  const read = cards.cardOf(message as unknown as PlayMessage);
  if (!read || "error" in read) throw new Error("not a card");
  const rollHtml = cards
    .replayRolls(message as unknown as PlayMessage)
    .map((r) => (r ? renderTemplate("chat/roll-card.hbs", { card: rollCard(r.outcome) }) : ""));
  const html = renderTemplate(read.kind.template.slice(PREFIX.length), read.kind.view(read.card, { rollHtml }));
  const p = await page(`${name}-raw`, html, width);
  const buttons = await p
    .locator("[data-anthology-action]")
    .evaluateAll((els) =>
      els.map((e) => [(e as HTMLElement).dataset.anthologyAction ?? "", (e as HTMLElement).dataset.target ?? ""]),
    );
  const states = buttons.map(([action, row]) =>
    render.cardButtonState(message as unknown as PlayMessage, action!, row === "" ? null : Number(row)),
  );
  await p.locator("[data-anthology-action]").evaluateAll((els, s) => {
    els.forEach((e, i) => {
      if (!s[i]?.shown) e.remove();
      else (e as HTMLButtonElement).disabled = !s[i].enabled;
    });
  }, states);
  await screenshot(p, `opend6-${name}`);
  return p;
}

type Sheet = {
  _prepareContext(o: unknown): Promise<Record<string, unknown>>;
  _preparePartContext(id: string, c: Record<string, unknown>, o: unknown): Promise<Record<string, unknown>>;
};

async function sheetParts(Sheet: unknown, document: unknown): Promise<string[]> {
  const SheetImpl = Sheet as (new (o: object) => Sheet) & { PARTS: Record<string, { template: string }> };
  const sheet = new SheetImpl({ document });
  const context = { ...(await sheet._prepareContext({})), editable: true, systemFields: { notes: { kind: "html" } } };
  const html: string[] = [];
  for (const [partId, part] of Object.entries(SheetImpl.PARTS)) {
    if (!part.template.startsWith(PREFIX)) continue;
    const partContext = { ...(await sheet._preparePartContext(partId, context, {})), tab: { cssClass: "active" } };
    html.push(renderTemplate(part.template.slice(PREFIX.length), partContext));
  }
  return html;
}

const enabled = (p: Page, action: string) => p.isEnabled(`button[data-anthology-action="${action}"]`);
const count = (p: Page, action: string) => p.locator(`button[data-anthology-action="${action}"]`).count();

beforeAll(async () => {
  ({ record, sheets } = await loadOpenD6World());
  cards = await import("../../src/play/cards");
  render = await import("../../src/play/render");
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

beforeEach(async () => {
  await setting("opend6Health", "wounds");
  ({ kira, thug } = await opend6Actors());
  fulfillment.length = 0;
  record.notifications.length = 0;
  target(thug);
});

describe("OpenD6 healing in Chromium", () => {
  it("draws the healing dialog and card; the GM's Apply turns to Applied with Undo", async () => {
    await thug.update({ "system.wounds": "wounded" });
    // Medicine untrained: Knowledge 2D+1. 4 and the Wild Die 5, +1 = 10 against Wounded's Easy 10.
    answerDialog({ method: "medicine", rest: "light", bonusDice: "0" });
    fulfillment.push(4, 5);
    await clickSheet(sheets, kira, "od6Heal");

    const dialog = await showDialog("heal-dialog", "rulesets/opend6/heal-dialog.hbs");
    expect(await rawKeys(dialog)).toEqual([]);
    expect(await dialog.locator("#message script").count()).toBe(0);
    expect(await dialog.inputValue('select[name="method"]')).toBe("medicine");
    expect(await dialog.locator('select[name="method"] option').allTextContents()).toEqual([
      "Natural healing (Physique)",
      "Medicine",
    ]);
    expect(await dialog.textContent(".anthology-opend6-dialog-target")).toBe("Patients: Thug <script>");
    expect(await dialog.textContent(".anthology-opend6-odds-formula")).toBe("2D+1");
    expect(await dialog.textContent(".anthology-roll-line-text")).toMatch(/\d+(\.\d)?% to reach 10/);
    await dialog.close();

    const message = lastMessage();
    const before = await showCard("heal-card", message);
    expect(await rawKeys(before)).toEqual([]);
    expect(await before.locator("#message script").count()).toBe(0);
    expect(await before.textContent(".anthology-opend6-card-title")).toBe("Kira: Medicine");
    expect(await before.textContent(".anthology-opend6-card-versus")).toBe(
      "Thug <script>: 10 against healing difficulty 10",
    );
    expect(await before.textContent(".anthology-opend6-card-row .anthology-opend6-card-result")).toBe("Healed");
    expect(await before.textContent(".anthology-opend6-card-health")).toBe("Wounded → Stunned");
    expect(await enabled(before, "apply")).toBe(true);
    expect(await count(before, "undo")).toBe(0);
    expect(await before.locator(".anthology-die.wild").count()).toBe(1);
    await before.close();

    expect(await press(message, "apply", 0)).toBe(true);
    const after = await showCard("heal-card-applied", message);
    expect(await after.textContent('button[data-anthology-action="apply"]')).toContain("Applied");
    expect(await enabled(after, "apply")).toBe(false);
    expect(await count(after, "undo")).toBe(1);
    expect(await after.locator(".anthology-opend6-card-row .anthology-opend6-card-note").textContent()).toBe(
      "Applied: Wounded → Stunned",
    );
    await after.close();
  });

  it("draws natural healing with Body Points read on the chart, and the points brought back", async () => {
    await setting("opend6Health", "bodyPoints");
    await kira.update({ "system.bodyPoints.value": 10 });
    // Physique 3D and a day's full rest +1D: 4D. 3, 3, 3 and the Wild Die 3 = 12: 2D on the chart (11-15),
    // rolled 4 and the Wild Die 5 = 9: 10 + 9 = 19 of 22.
    answerDialog({ method: "natural", rest: "full", bonusDice: "0" });
    fulfillment.push(3, 3, 3, 3, 4, 5);
    await clickSheet(sheets, kira, "od6Heal");
    const p = await showCard("heal-card-chart", lastMessage());
    expect(await rawKeys(p)).toEqual([]);
    expect(await p.textContent(".anthology-opend6-card-title")).toBe("Kira: Natural healing (Physique)");
    expect(await p.textContent(".anthology-opend6-card-note")).toContain("(Full rest: +1D)");
    expect(await p.textContent(".anthology-opend6-card-versus")).toBe(
      "Kira: Physique 12 on the Body Points healing chart",
    );
    expect(await p.textContent(".anthology-opend6-card-health")).toBe("Body Points 10 → 19");
    // The healing roll and the recovery roll, each with its Wild Die.
    expect(await p.locator(".anthology-die.wild").count()).toBe(2);
    expect(await enabled(p, "apply")).toBe(true);
    await p.close();
  });
});

describe("OpenD6 spend buttons in Chromium", () => {
  it("shows both spends on a check card, then the spent dice, and a Fate Point spent disables its button", async () => {
    // search 5D: 4, 3, 2, 5 and the Wild Die 6 then 2 = 22, short of 25.
    answerDialog({ difficulty: "25", actions: "1" });
    fulfillment.push(4, 3, 2, 5, 6, 2);
    await clickSheet(sheets, kira, "od6Roll", { dataset: { kind: "skill", id: "search" } });
    const message = lastMessage();
    const first = await showCard("check-spend", message);
    expect(await rawKeys(first)).toEqual([]);
    expect(await first.textContent(".anthology-opend6-card-result")).toBe("Failure");
    expect(await first.textContent('button[data-anthology-action="spendCharacterPoint"]')).toContain(
      "Spend a Character Point (+1 die)",
    );
    expect(await first.textContent('button[data-anthology-action="spendFatePoint"]')).toContain(
      "Spend a Fate Point (double the dice)",
    );
    expect(await enabled(first, "spendCharacterPoint")).toBe(true);
    expect(await enabled(first, "spendFatePoint")).toBe(true);
    await first.close();

    // A Character Point die 6 explodes, then 1: +7, 29. Then a Fate Point: five plain dice 1, 2, 3, 4, 6: +16, 45.
    fulfillment.push(6, 1);
    expect(await press(message, "spendCharacterPoint")).toBe(true);
    fulfillment.push(1, 2, 3, 4, 6);
    expect(await press(message, "spendFatePoint")).toBe(true);
    const spent = await showCard("check-spent", message);
    expect(await rawKeys(spent)).toEqual([]);
    expect(await spent.locator(".anthology-opend6-spend .anthology-opend6-card-note").allTextContents()).toEqual([
      "Character Point spent after the roll: +7",
      "Fate Point spent after the roll, the dice doubled: +16",
    ]);
    expect(await spent.textContent(".anthology-opend6-vs")).toBe("45 against difficulty 25");
    expect(await spent.locator(".anthology-opend6-card-result").last().textContent()).toBe("Success");
    // Each spend's own dice are drawn under its line: the Character Point die (6 exploding into 1, one
    // die), then the Fate Point's five.
    const spendDice = spent.locator(".anthology-opend6-spend .anthology-die");
    expect(await spendDice.count()).toBe(6);
    expect((await spendDice.first().innerText()).replace(/\s+/g, "")).toBe("6+1");
    expect(await enabled(spent, "spendCharacterPoint")).toBe(true);
    expect(await enabled(spent, "spendFatePoint")).toBe(false);
    await spent.close();
  });

  it("turns a miss into a hit on an attack card: the row gets its damage and Apply", async () => {
    // marksmanship 5D: 1, 1, 1, 1 and the Wild Die 2 = 6 against 10: a miss, no Apply.
    answerDialog({ range: "short", cover: "none", posture: "standing", aim: "0", actions: "1" });
    fulfillment.push(1, 1, 1, 1, 2);
    await clickSheet(sheets, kira, "od6Attack", { item: "Pistol <b>of</b> Doom" });
    const message = lastMessage();
    const miss = await showCard("attack-spend", message);
    expect(await rawKeys(miss)).toEqual([]);
    expect(await miss.textContent(".anthology-opend6-card-row .anthology-opend6-card-result")).toBe("Miss");
    expect(await count(miss, "apply")).toBe(0);
    expect(await enabled(miss, "spendCharacterPoint")).toBe(true);
    await miss.close();

    // A Character Point die 5: 11, a hit. Damage 4D: 3, 3, 3, 3 = 12; the thug's Physique 3D: 2, 2, 2 = 6.
    fulfillment.push(5, 3, 3, 3, 3, 2, 2, 2);
    expect(await press(message, "spendCharacterPoint")).toBe(true);
    const hit = await showCard("attack-spent", message);
    expect(await rawKeys(hit)).toEqual([]);
    expect(await hit.locator("#message b, #message script").count()).toBe(0);
    expect(await hit.textContent(".anthology-opend6-spend .anthology-opend6-card-note")).toBe(
      "Character Point spent after the roll: +5",
    );
    expect(await hit.textContent(".anthology-opend6-card-versus")).toBe("Thug <script>: 11 against 10 (defense 10)");
    expect(await hit.textContent(".anthology-opend6-card-row .anthology-opend6-card-result")).toBe("Hit");
    expect(await hit.textContent(".anthology-opend6-card-row .anthology-opend6-card-note")).toBe(
      "Damage 12 against resistance 6 (3D)",
    );
    expect(await enabled(hit, "apply")).toBe(true);
    await hit.close();
  });
});

describe("OpenD6 attack dialog with the world's tables in Chromium", () => {
  it("labels each called shot and hit location with the world's numbers", async () => {
    await setting("opend6CalledShotTable", "Small 5");
    await setting("opend6LocationTable", "Head 12 8, Torso 5 0");
    // The dialog closed: nothing rolled.
    answerDialog(null);
    const before = record.messages.length;
    await clickSheet(sheets, kira, "od6Attack", { item: "Pistol <b>of</b> Doom" });
    expect(record.messages.length).toBe(before);
    const dialog = await showDialog("attack-dialog-tables", "rulesets/opend6/roll-dialog.hbs");
    expect(await rawKeys(dialog)).toEqual([]);
    expect(await dialog.locator('select[name="calledShot"] option').allTextContents()).toEqual([
      "No called shot",
      "Called shot at something 10 to 50 cm (+5 to the difficulty, +1D damage)",
      "Called shot at something 1 to 10 cm (+12 to the difficulty, +1D damage)",
      "Called shot at something under 1 cm (+24 to the difficulty, +1D damage)",
    ]);
    expect(await dialog.locator('select[name="location"] option').allTextContents()).toEqual([
      "No hit location",
      "Head (+12 to the difficulty, +8 damage)",
      "Torso (+5 to the difficulty, 0 damage)",
      "Arm, no damage bonus (+10 to the difficulty, −3 damage)",
      "Leg, no damage bonus (+10 to the difficulty, −3 damage)",
      "Hand, no damage bonus (+20 to the difficulty, −6 damage)",
    ]);
    // The scene (issue 29): lighting, smoke or fog with their numbers, an unwieldy weapon, a typed modifier.
    expect(await dialog.locator('select[name="lighting"] option').allTextContents()).toEqual([
      "Good light",
      "Poor light or twilight (+3)",
      "Moonlit night (+6)",
      "Near darkness (+12)",
    ]);
    expect(await dialog.locator('select[name="smoke"] option').allTextContents()).toEqual([
      "No smoke or fog",
      "Light smoke or fog (+3)",
      "Thick smoke or fog (+6)",
      "Very thick smoke or fog (+12)",
    ]);
    expect(await dialog.locator(".anthology-opend6-situation").textContent()).toContain("Unwieldy weapon (+5)");
    expect(await dialog.locator('input[name="modifier"]').getAttribute("min")).toBe("-60");
    await dialog.close();
    await setting("opend6CalledShotTable", "");
    await setting("opend6LocationTable", "");
  });
});

describe("OpenD6 active defense in Chromium", () => {
  it("offers it in a dodge's dialog, states it on the card, shows it on the sheet and on the attack row", async () => {
    // The thug dodges (untrained: Reflexes 2D+2) as a full defense: 1 and the Wild Die 2, +2 = 5; +10 = 15.
    answerDialog({ difficulty: "", actions: "1", defense: "full" });
    fulfillment.push(1, 2);
    await clickSheet(sheets, thug, "od6Roll", { dataset: { kind: "skill", id: "dodge" } });
    const dialog = await showDialog("defense-dialog", "rulesets/opend6/roll-dialog.hbs");
    expect(await rawKeys(dialog)).toEqual([]);
    expect(await dialog.locator('select[name="defense"] option').allTextContents()).toEqual([
      "None: an ordinary check",
      "Full defense (+10, no other action this round)",
      "Partial defense (the roll itself)",
    ]);
    await dialog.close();

    const card = await showCard("defense-card", lastMessage());
    expect(await rawKeys(card)).toEqual([]);
    expect(await card.textContent(".anthology-opend6-defense")).toBe(
      "Full defense: attacks need 15 until this character's next turn",
    );
    await card.close();

    const sheet = await openSheet(browser, "anthology actor opend6", await sheetParts(sheets.OpenD6NpcSheet, thug));
    await sheet.setViewportSize({ width: 700, height: 900 });
    expect(await sheet.textContent(".anthology-opend6-stat.defense dd")).toBe("10");
    const active = sheet.locator(".anthology-opend6-stat.active-defense");
    expect(await active.locator("dt").textContent()).toBe("Active defense");
    expect(await active.locator("dd").textContent()).toBe("15");
    expect(await active.getAttribute("title")).toBe("Full defense (+10, no other action this round)");
    await screenshot(sheet, "opend6-defense-sheet");
    await sheet.close();

    // Kira's pistol against it: 5, 5, 4, 3 and the Wild Die 2 = 19 against 15. Damage 3, 3, 3, 3; Physique 2, 2, 2.
    answerDialog({ range: "short", cover: "none", posture: "standing", aim: "0", actions: "1" });
    fulfillment.push(5, 5, 4, 3, 2, 3, 3, 3, 3, 2, 2, 2);
    await clickSheet(sheets, kira, "od6Attack", { item: "Pistol <b>of</b> Doom" });
    const attack = await showCard("defense-attack", lastMessage());
    expect(await rawKeys(attack)).toEqual([]);
    expect(await attack.textContent(".anthology-opend6-card-versus")).toBe(
      "Thug <script>: 19 against 15 (defense 15) (Full defense (+10, no other action this round))",
    );
    await attack.close();
  });
});
