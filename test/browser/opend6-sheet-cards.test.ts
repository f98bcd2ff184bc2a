import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newCard, type AppliedMark } from "../../src/play/card";
import { parse, roll, rollCard, scriptedDie } from "../../src/dice";
import type { OpenD6AttackData, OpenD6AttackRow, OpenD6CheckData } from "../../src/rulesets/opend6/chat/card-data";
import { rollDialogView } from "../../src/rulesets/opend6/chat/dialog-form";
import { attackCardView, checkCardView, type OpenD6AppliedSummary } from "../../src/rulesets/opend6/chat/views";
import type * as Sheets from "../../src/rulesets/opend6/sheets";
import type { StandInActor } from "../foundry/documents";
import { installFoundry, loadWorld } from "../foundry/stand-in";
import { kiraItemData, kiraSystem, thugSystem } from "../support/opend6-fixtures";
import { launchBrowser, openSheet, renderTemplate, screenshot } from "./harness";

// The OpenD6 character sheet (the real class against the stand-in) and its cards and dialog (the real
// templates with the views the flows build), with the compiled CSS, in Chromium.

let browser: Browser;
let sheets: typeof Sheets;
const RAW_KEY = /ANTHOLOGY\.|TYPES\./;
const PREFIX = "systems/anthology/templates/";

type Sheet = {
  _prepareContext(o: unknown): Promise<Record<string, unknown>>;
  _preparePartContext(id: string, c: Record<string, unknown>, o: unknown): Promise<Record<string, unknown>>;
};

function actor(type: string, system: object, items: object[] = kiraItemData): StandInActor {
  const Actor = (CONFIG.Actor as unknown as { documentClass: new (d: object) => StandInActor }).documentClass;
  return new Actor({ name: `<b>Kira</b> "Sharp"`, type, system, items, ownership: { user1: 3 } });
}

async function renderParts(Sheet: unknown, document: unknown): Promise<string[]> {
  const SheetImpl = Sheet as (new (o: object) => Sheet) & { PARTS: Record<string, { template: string }> };
  const sheet = new SheetImpl({ document });
  const context = {
    ...(await sheet._prepareContext({})),
    editable: true,
    systemFields: { notes: { kind: "html" } },
  };
  const html: string[] = [];
  for (const [partId, part] of Object.entries(SheetImpl.PARTS)) {
    if (!part.template.startsWith(PREFIX)) continue;
    const partContext = { ...(await sheet._preparePartContext(partId, context, {})), tab: { cssClass: "active" } };
    html.push(renderTemplate(part.template.slice(PREFIX.length), partContext));
  }
  return html;
}

async function rawKeys(page: Page, root: string): Promise<string[]> {
  const text = await page.locator(root).innerText();
  const attributes = await page
    .locator("[title], [aria-label], [placeholder], [alt]")
    .evaluateAll((els) =>
      els.flatMap((e) => ["title", "aria-label", "placeholder", "alt"].map((a) => e.getAttribute(a) ?? "")),
    );
  return [text, ...attributes].filter((s) => RAW_KEY.test(s));
}

async function showCard(name: string, template: string, context: object, width = 340): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 200 } });
  const css = await import("node:fs").then((fs) => fs.readFileSync("dist/styles/anthology.css", "utf8"));
  await page.setContent(
    `<!doctype html><html><head><meta charset="utf-8"><style>${css}</style></head>` +
      `<body style="margin:8px;font-family:sans-serif"><div id="message" class="chat-message">` +
      `${renderTemplate(template, context)}</div></body></html>`,
  );
  await screenshot(page, `opend6-${name}`);
  return page;
}

const diceHtml = (formula: string, faces: number[]) =>
  renderTemplate("chat/roll-card.hbs", { card: rollCard(roll(parse(formula), { die: scriptedDie(faces) })) });

const cardActor = { uuid: "Actor.k", name: `<img src=x onerror="alert(1)">Kira` };

let sheetPage: Page;

beforeAll(async () => {
  const record = installFoundry({ ruleSet: "opend6" });
  await import("../../src");
  loadWorld(record);
  sheets = await import("../../src/rulesets/opend6/sheets");
  browser = await launchBrowser();
  const thug = actor("opend6-npc", thugSystem, []);
  (game.user as unknown as { targets: Set<unknown> }).targets.add({ actor: thug, name: "Thug" });
  sheetPage = await openSheet(
    browser,
    "anthology actor opend6",
    await renderParts(sheets.OpenD6ActorSheet, actor("opend6-character", { ...kiraSystem, wounds: "wounded" })),
  );
  await sheetPage.setViewportSize({ width: 700, height: 1000 });
});
afterAll(async () => browser?.close());

describe("OpenD6 character sheet (real class, templates and CSS in Chromium)", () => {
  it("shows every label in words, names as text, the six attributes with their skills and roll buttons", async () => {
    expect(await rawKeys(sheetPage, "#sheet")).toEqual([]);
    expect(await sheetPage.inputValue("input.anthology-name")).toBe(`<b>Kira</b> "Sharp"`);
    expect(await sheetPage.locator("#sheet b").count()).toBe(0);
    expect(await sheetPage.locator(".anthology-opend6-attribute").count()).toBe(6);
    expect(await sheetPage.inputValue('input[name="system.attributes.coordination"]')).toBe("3D+2");
    const marksmanship = sheetPage.locator('li[data-skill="marksmanship"]');
    expect(await marksmanship.locator("input").inputValue()).toBe("1D+1");
    // 5D less the Wounded level's 1D.
    expect(await marksmanship.locator("button").textContent()).toBe("4D");
    expect(await marksmanship.locator("button").getAttribute("data-anthology-odds")).toBe("4D");
    await screenshot(sheetPage, "opend6-sheet");
  });

  it("shows the Wound level with its penalty, Strength Damage, defense and resistance, and attacks against the target", async () => {
    expect(await sheetPage.inputValue("select.anthology-opend6-wounds")).toBe("wounded");
    expect(await sheetPage.textContent(".anthology-opend6-penalty")).toBe("−1D on every roll");
    expect(await sheetPage.textContent(".anthology-opend6-stat.strength-damage dd")).toBe("2D");
    expect(await sheetPage.textContent(".anthology-opend6-stat.defense dd")).toBe("10");
    expect(await sheetPage.textContent(".anthology-opend6-stat.resistance dd")).toBe("4D");
    expect(await sheetPage.textContent(".anthology-opend6-target")).toContain("Target: Thug");
    // Heal: medicine on the targeted thug (Knowledge 2D+1 less the Wounded level's 1D); the thug is unhurt.
    const heal = sheetPage.locator("button.anthology-opend6-heal");
    expect(await heal.textContent()).toContain("Heal");
    expect(await heal.getAttribute("data-anthology-odds")).toBe("1D+1");
    expect(await heal.getAttribute("data-anthology-odds-vs")).toBe("");
    const pistol = sheetPage.locator(".anthology-opend6-weapons tr", { hasText: "Pistol" });
    expect(await pistol.locator(".anthology-opend6-item-name a").textContent()).toBe("Pistol <b>of</b> Doom");
    expect(await pistol.locator("button.anthology-opend6-attack").getAttribute("data-anthology-odds-vs")).toBe("10");
  });
});

describe("OpenD6 cards and dialog", () => {
  it("draws a check card: the dice with the Wild Die, the total against the difficulty, the result", async () => {
    const card = newCard<OpenD6CheckData, Record<string, never>>({
      ruleSet: "opend6",
      kind: "check",
      actor: cardActor,
      data: {
        trait: { kind: "skill", id: "search" },
        choices: { actions: 2, bonusDice: 0, characterPoints: 1, fatePoint: false, difficulty: 15 },
        code: "5D",
        formula: "4D+1CP",
        woundPenalty: 0,
        total: 18,
        difficulty: 15,
        success: true,
        complication: false,
      },
      targets: [],
    });
    const page = await showCard(
      "check",
      "rulesets/opend6/check-card.hbs",
      checkCardView(card, { rollHtml: [diceHtml("4D+1CP", [4, 3, 2, 6, 1, 2])] }),
    );
    expect(await rawKeys(page, "#message")).toEqual([]);
    expect(await page.locator("#message img").count()).toBe(0);
    expect(await page.textContent(".anthology-opend6-card-title")).toBe(`<img src=x onerror="alert(1)">Kira: search`);
    expect(await page.textContent(".anthology-opend6-vs")).toBe("18 against difficulty 15");
    expect(await page.textContent(".anthology-opend6-card-result")).toBe("Success");
    expect(await page.locator(".anthology-opend6-card-modifiers li").allTextContents()).toEqual([
      "2 actions: −1D",
      "1 Character Point dice",
    ]);
    expect(await page.locator(".anthology-die.wild").count()).toBe(1);
  });

  it("draws an attack card with a row per target, an applied Wound level, and a miss with no buttons", async () => {
    const hit: OpenD6AttackRow = {
      difficulty: { defense: 10, options: 0, range: 0, cover: 0, posture: 0, scale: 0, value: 10 },
      attack: 19,
      hit: true,
      damageRoll: 1,
      resistanceRoll: 2,
      damage: 12,
      resistance: 6,
      resistanceCode: "3D",
    };
    const summary: OpenD6AppliedSummary = {
      mode: "wounds",
      damage: 12,
      resistance: 6,
      excess: 6,
      hitLevel: "wounded",
      woundsBefore: "none",
      woundsAfter: "wounded",
      bodyPointsBefore: 15,
      bodyPointsAfter: 15,
      resistanceRerolled: false,
    };
    const applied: AppliedMark = { by: "gm1", at: 1, summary: summary as unknown as Record<string, unknown> };
    const base = newCard<OpenD6AttackData, OpenD6AttackRow>({
      ruleSet: "opend6",
      kind: "attack",
      actor: cardActor,
      data: {
        item: { uuid: "Actor.k.Item.p", name: "Pistol <b>of</b> Doom" },
        weapon: { damage: "4D", skill: "marksmanship" },
        choices: { actions: 1, bonusDice: 0, characterPoints: 0, fatePoint: false, range: "medium", cover: "half" },
        code: "5D",
        formula: "5D",
        woundPenalty: 0,
        attackRoll: 0,
        total: 19,
        complication: false,
        damageCode: "4D",
      },
      targets: [
        { uuid: "Actor.t", name: "Thug & co", data: hit },
        {
          uuid: "Actor.u",
          name: "Second <i>thug</i>",
          data: {
            ...hit,
            difficulty: { ...hit.difficulty, value: 21 },
            hit: false,
            damageRoll: null,
            resistanceRoll: null,
            damage: null,
            resistance: null,
          },
        },
      ],
    });
    const card = { ...base, targets: base.targets.map((t, i) => ({ ...t, applied: i === 0 ? applied : null })) };
    const page = await showCard(
      "attack",
      "rulesets/opend6/attack-card.hbs",
      attackCardView(card, {
        rollHtml: [diceHtml("5D", [5, 5, 4, 3, 2]), diceHtml("4D", [3, 3, 3, 3]), diceHtml("3D", [2, 2, 2])],
      }),
      380,
    );
    expect(await rawKeys(page, "#message")).toEqual([]);
    expect(await page.locator("#message img, #message b, #message i:not(.fa-solid)").count()).toBe(0);
    const rows = page.locator(".anthology-opend6-card-row");
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).locator(".anthology-opend6-card-versus").textContent()).toBe(
      "Thug & co: 19 against 10 (defense 10)",
    );
    expect(await rows.nth(0).locator(".anthology-opend6-card-health").textContent()).toBe(
      "6 past resistance (Wounded): Unhurt → Wounded",
    );
    expect(await rows.nth(0).locator('button[data-anthology-action="undo"]').count()).toBe(1);
    expect(await rows.nth(1).locator(".anthology-opend6-card-result").textContent()).toBe("Miss");
    expect(await rows.nth(1).locator("button").count()).toBe(0);
    expect(await page.locator(".anthology-opend6-card-modifiers li").allTextContents()).toEqual(["Half hidden"]);
  });

  it("draws the attack dialog with its choices and the exact chance against the target", async () => {
    const view = rollDialogView({
      kind: "attack",
      code: "5D",
      woundPenalty: 1,
      characterPoints: 5,
      fatePoints: 1,
      target: { name: "Thug <b>", defense: 10 },
      ranged: true,
    });
    const page = await showCard("attack-dialog", "rulesets/opend6/roll-dialog.hbs", view, 420);
    expect(await rawKeys(page, "#message")).toEqual([]);
    expect(await page.textContent(".anthology-opend6-dialog-target")).toContain("Against Thug <b> (defense 10)");
    expect(await page.inputValue('select[name="range"]')).toBe("short");
    expect(await page.textContent(".anthology-opend6-odds-formula")).toBe("4D");
    expect(await page.textContent(".anthology-roll-line-text")).toMatch(/\d+(\.\d)?% to reach 10/);
    expect(await page.locator('input[name="aim"]').count()).toBe(1);
  });

  it("\"adds 1D to the characters's marksmanship, missile weapons, or throwing skill\": a knife's dialog has no aiming", async () => {
    const view = rollDialogView({
      kind: "attack",
      code: "3D+1",
      woundPenalty: 0,
      characterPoints: 5,
      fatePoints: 1,
      target: { name: "Thug", defense: 10 },
      ranged: false,
      aims: false,
    });
    const page = await showCard("attack-dialog-knife", "rulesets/opend6/roll-dialog.hbs", view, 420);
    expect(await page.locator('input[name="aim"]').count()).toBe(0);
    expect(await page.inputValue('select[name="range"]')).toBe("pointBlank");
  });
});
