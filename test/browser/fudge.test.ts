import { readFileSync, statSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newCard, type AppliedMark } from "../../src/play/card";
import type * as Sheets from "../../src/rulesets/fudge/sheets";
import type {
  FudgeAttackData,
  FudgeCheckData,
  FudgeResponseData,
  FudgeRow,
  RowResult,
} from "../../src/rulesets/fudge/chat/card-data";
import { dialogView, traitOptions } from "../../src/rulesets/fudge/chat/dialog-form";
import {
  attackCardView,
  checkCardView,
  responseCardView,
  type FudgeAppliedSummary,
} from "../../src/rulesets/fudge/chat/views";
import { parse, roll, rollCard, scriptedDie } from "../../src/dice";
import type { StandInActor } from "../foundry/documents";
import { installFoundry, loadWorld } from "../foundry/stand-in";
import { launchBrowser, openSheet, renderTemplate, screenshot } from "./harness";

// FUDGE's sheets, cards and roll dialog: the real sheet classes and views, templates and compiled CSS
// in Chromium.

let browser: Browser;
let sheets: typeof Sheets;
const RAW_KEY = /ANTHOLOGY\.|TYPES\./;
const PREFIX = "systems/anthology/templates/";

type Sheet = {
  _prepareContext(o: unknown): Promise<Record<string, unknown>>;
  _preparePartContext(id: string, c: Record<string, unknown>, o: unknown): Promise<Record<string, unknown>>;
};

function actor(type: string, system: object, items: object[]): StandInActor {
  const Actor = (CONFIG.Actor as unknown as { documentClass: new (d: object) => StandInActor }).documentClass;
  return new Actor({ name: `<b>Mickey</b> "Quick"`, type, system, items, ownership: { user1: 3 } });
}

const ITEMS = [
  { _id: "skill1", name: "Climbing <i>up</i>", type: "fudge-skill", system: { level: 2, attribute: "agility" } },
  {
    _id: "weapon1",
    name: "Broadsword",
    type: "fudge-weapon",
    system: { size: 2, sharp: true, skill: "Climbing <i>up</i>" },
  },
  {
    _id: "weapon2",
    name: "Long bow",
    type: "fudge-weapon",
    system: { size: 2, sharp: true, ranged: true, skill: "Archery" },
  },
  { _id: "armor1", name: "Chain", type: "fudge-armor", system: { protection: 3 } },
  { _id: "shield1", name: "Kite shield", type: "fudge-shield", system: { size: "large", equipped: false } },
  { _id: "gift1", name: "High Pain Threshold", type: "fudge-gift", system: {} },
  { _id: "fault1", name: "Greedy", type: "fudge-fault", system: {} },
];

async function renderParts(Sheet: unknown, document: unknown, editable = true): Promise<string[]> {
  const SheetImpl = Sheet as (new (o: object) => Sheet) & { PARTS: Record<string, { template: string }> };
  const sheet = new SheetImpl({ document });
  const context = { ...(await sheet._prepareContext({})), editable, systemFields: { notes: { kind: "html" } } };
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

async function show(name: string, template: string, context: object, width = 340): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 200 } });
  const css = readFileSync("dist/styles/anthology.css", "utf8");
  await page.setContent(
    `<!doctype html><html><head><meta charset="utf-8"><style>${css}</style></head>` +
      `<body style="margin:8px;font-family:sans-serif"><div id="message" class="chat-message">` +
      `${renderTemplate(template, context)}</div></body></html>`,
  );
  await screenshot(page, `fudge-${name}`);
  return page;
}

const diceHtml = (formula: string, faces: number[]) =>
  renderTemplate("chat/roll-card.hbs", { card: rollCard(roll(parse(formula), { die: scriptedDie(faces) })) });

let character: Page;

beforeAll(async () => {
  const record = installFoundry({ ruleSet: "fudge" });
  await import("../../src");
  loadWorld(record);
  sheets = await import("../../src/rulesets/fudge/sheets");
  browser = await launchBrowser();
  character = await openSheet(
    browser,
    "anthology actor fudge",
    await renderParts(
      sheets.FudgeActorSheet,
      actor(
        "fudge-character",
        {
          attributes: { build: 1, health: 2, speed: 1 },
          wounds: { scratch: 2, light: 1 },
          stance: "offensive",
          massScale: 0,
        },
        ITEMS,
      ),
    ),
  );
  await character.setViewportSize({ width: 680, height: 1000 });
});
afterAll(async () => browser?.close());

describe("FUDGE character sheet (real class, templates and CSS in Chromium)", () => {
  it("shows words, never raw keys, and names as text", async () => {
    expect(await rawKeys(character, "#sheet")).toEqual([]);
    expect(await character.inputValue("input.anthology-name")).toBe(`<b>Mickey</b> "Quick"`);
    expect(await character.locator("#sheet b, #sheet i:not([class])").count()).toBe(0);
  });

  it("draws the wound track: 3, 2, 1, 1, 1 boxes, the marked ones filled, and the penalty", async () => {
    const boxes = character.locator(".anthology-fudge-box");
    expect(await boxes.count()).toBe(8);
    expect(await character.locator(".anthology-fudge-box.marked").count()).toBe(3);
    expect(
      await character.locator('.anthology-fudge-box[data-wound="light"]').first().getAttribute("aria-pressed"),
    ).toBe("true");
    expect(await character.textContent(".anthology-badge.penalty")).toBe("Wounds −1");
    const fill = await character.$eval(".anthology-fudge-box.marked", (e) => getComputedStyle(e).backgroundColor);
    expect(fill).toBe("rgb(155, 28, 28)");
    expect(await character.locator("select[name='system.stance'] option:checked").textContent()).toContain("Offensive");
  });

  it("lists attributes on the ladder with roll buttons carrying the wounded formula", async () => {
    expect(await character.locator(".anthology-fudge-attributes tbody tr").count()).toBe(8);
    expect(await character.locator("select[name='system.attributes.build'] option:checked").textContent()).toBe(
      "Good (+1)",
    );
    // Good Build with a Light Wound rolls 4dF flat; Great Health 4dF+1.
    expect(await character.getAttribute('button[data-attribute="build"]', "data-anthology-odds")).toBe("4dF");
    expect(await character.getAttribute('button[data-attribute="health"]', "data-anthology-odds")).toBe("4dF+1");
    const skill = character.locator(".anthology-fudge-skills tr.item");
    expect(await skill.locator("a").textContent()).toBe("Climbing <i>up</i>");
    expect((await skill.locator("td").first().textContent())!.trim()).toBe("Great (+2)");
    expect(await character.textContent(".anthology-fudge-gifts-faults")).toContain("High Pain Threshold");
  });

  it("offers attacks with each weapon and bare hands, armor and shields, Scale and movement", async () => {
    const attacks = character.locator('button[data-action="fudgeAttack"]');
    expect(await attacks.count()).toBe(2);
    // The broadsword is fought with the Great skill: 4dF+1 with the wound; the bow's Archery is untrained.
    expect(await attacks.nth(0).getAttribute("data-anthology-odds")).toBe("4dF+1");
    expect(await attacks.nth(1).getAttribute("data-anthology-odds")).toBe("4dF-3");
    expect(await character.locator('button[data-action="fudgeUnarmed"]').count()).toBe(1);
    expect(await character.locator(".anthology-fudge-protection tr.unworn").count()).toBe(1);
    expect(await character.textContent(".anthology-fudge-movement")).toContain("walking 12 m (144 m a minute)");
    const file = await screenshot(character, "fudge-character-sheet");
    expect(statSync(file).size).toBeGreaterThan(5000);
  });

  it("renders read-only for a viewer who cannot edit", async () => {
    const page = await openSheet(
      browser,
      "anthology actor fudge",
      await renderParts(sheets.FudgeActorSheet, actor("fudge-character", {}, ITEMS), false),
    );
    expect(await page.locator("input:not([disabled]), select:not([disabled])").count()).toBe(0);
    expect(
      await page.locator('[data-action="itemCreate"], [data-action="itemDelete"], [data-action="fudgeHeal"]').count(),
    ).toBe(0);
    expect(await page.locator(".anthology-fudge-box:not([disabled])").count()).toBe(0);
    await page.close();
  });

  it("shows an NPC on one compact page", async () => {
    const page = await openSheet(
      browser,
      "anthology actor fudge compact",
      await renderParts(sheets.FudgeNpcSheet, actor("fudge-npc", { wounds: { coma: 1 } }, ITEMS)),
    );
    expect(await rawKeys(page, "#sheet")).toEqual([]);
    expect(await page.locator(".anthology-fudge-attributes").count()).toBe(1);
    expect(await page.locator(".anthology-fudge-weapons").count()).toBe(1);
    expect(await page.textContent(".anthology-badge.penalty")).toBe("Wounds −3");
    await screenshot(page, "fudge-npc-sheet");
    await page.close();
  });
});

const who = { uuid: "Actor.a", name: `<img src=x onerror="alert(1)">Mickey` };
const result: RowResult = {
  a: { offense: 3, defense: -1, hits: true, relativeDegree: 4, damage: 11, graze: false, wound: "critical" },
  b: { offense: 1, defense: 3, hits: true, relativeDegree: 2, damage: 6, graze: false, wound: "light" },
  standOff: false,
  response: "Msg2",
  responseTotal: -1,
};
const applied = (s: FudgeAppliedSummary): AppliedMark => ({
  by: "gm",
  at: 1,
  summary: s as unknown as Record<string, unknown>,
});

describe("FUDGE cards and dialog", () => {
  it("shows a check against its difficulty", async () => {
    const card = newCard<FudgeCheckData, FudgeRow>({
      ruleSet: "fudge",
      kind: "check",
      actor: who,
      data: {
        trait: { kind: "skill", id: "s" },
        traitName: "Climbing",
        level: 1,
        modifier: 0,
        penalty: -1,
        difficulty: 1,
        total: 0,
      },
      targets: [],
    });
    const page = await show(
      "check",
      "rulesets/fudge/check-card.hbs",
      checkCardView(card, { rollHtml: [diceHtml("4dF", [3, 1, 2, 2])] }),
    );
    expect(await rawKeys(page, "#message")).toEqual([]);
    expect(await page.locator("#message img").count()).toBe(0);
    expect(await page.textContent(".anthology-fudge-card-degree")).toBe("Rolled degree: Fair");
    expect((await page.textContent(".anthology-fudge-card-result"))!.replace(/\s+/g, " ").trim()).toBe(
      "Failure against Good (−1)",
    );
    await page.close();
  });

  it("shows a melee attack row with both blows, the applied wound and Undo", async () => {
    const card = newCard<FudgeAttackData, FudgeRow>({
      ruleSet: "fudge",
      kind: "attack",
      actor: who,
      data: {
        item: { uuid: "Actor.a.Item.w", name: "Broadsword" },
        ranged: false,
        choices: {
          trait: { kind: "skill", id: "s" },
          modifier: 0,
          stance: "violent",
          foes: 2,
          minimum: -2,
          berserk: false,
          feint: false,
          pull: "major",
          stun: false,
          unopposed: false,
          difficulty: -2,
          range: "medium",
          cover: false,
          darkness: false,
          running: false,
          sprinting: false,
          aiming: false,
          mass: false,
          arrows: 1,
          location: true,
          attackType: null,
          aim: null,
        },
        traitName: "Swordsmanship",
        level: 1,
        penalty: 0,
        total: 3,
        location: "leftArm",
      },
      targets: [
        { uuid: "Actor.b", name: "Bandit <b>Joe</b>", data: { opposed: true, result } },
        { uuid: "Actor.c", name: "Second bandit", data: { opposed: true, result: null } },
      ],
    });
    const withApplied = {
      ...card,
      targets: card.targets.map((t, i) =>
        i === 0 ? { ...t, applied: applied({ wound: "critical", marked: "coma", stun: null, down: true }) } : t,
      ),
    };
    const page = await show(
      "attack",
      "rulesets/fudge/attack-card.hbs",
      attackCardView(withApplied, { rollHtml: [diceHtml("4dF+1", [3, 3, 2, 2])] }),
      380,
    );
    expect(await rawKeys(page, "#message")).toEqual([]);
    expect(await page.locator("#message b").count()).toBe(0);
    const rows = page.locator(".anthology-fudge-card-row");
    expect(await rows.count()).toBe(2);
    expect((await rows.nth(0).textContent())!.replace(/\s+/g, " ")).toContain(
      "Offense Superb against defense Mediocre: relative degree +4",
    );
    expect(
      (await rows.nth(0).locator(".anthology-fudge-card-result.hit").textContent())!.replace(/\s+/g, " ").trim(),
    ).toBe("Hit damage +11: Critical Wound · lands on the left arm");
    expect(await rows.nth(0).locator(".anthology-fudge-card-result.hitBack").count()).toBe(1);
    expect(await rows.nth(0).locator(".anthology-fudge-applied").textContent()).toContain("Marked: Coma/Fatal.");
    expect(await rows.nth(0).locator('button[data-anthology-action="undo"]').count()).toBe(1);
    // The second target has not answered: its Defend button waits.
    expect(await rows.nth(1).locator('button[data-anthology-action="respond"]').textContent()).toContain("Defend");
    expect(await page.locator(".anthology-fudge-card-notes li").allTextContents()).toEqual([
      "Violent (+2 offense, −2 defense)",
      "Facing 2 foes",
      "Pulled: at most Major Wound",
      "Alone against several foes: a wound only if every foe is beaten or tied, on one foe a round.",
    ]);
    await page.close();
  });

  it("shows the defender's answer with its blow back and Apply", async () => {
    const card = newCard<FudgeResponseData, FudgeRow>({
      ruleSet: "fudge",
      kind: "response",
      actor: { uuid: "Actor.b", name: "Bandit" },
      data: {
        mode: "defend",
        against: "Msg1",
        row: 0,
        choices: {
          trait: { kind: "skill", id: "s" },
          modifier: 0,
          stance: "normal",
          foes: 1,
          weapon: null,
          berserk: false,
          feint: false,
          pull: null,
        },
        traitName: "Sword fighting",
        level: 0,
        penalty: 0,
        total: -1,
        result,
      },
      targets: [{ uuid: "Actor.a", name: "Mickey", data: { opposed: true, result: null } }],
    });
    const page = await show(
      "response",
      "rulesets/fudge/response-card.hbs",
      responseCardView(card, { rollHtml: [diceHtml("4dF", [2, 2, 2, 1])] }),
    );
    expect(await rawKeys(page, "#message")).toEqual([]);
    expect(await page.textContent(".anthology-fudge-card-title")).toBe("Bandit fights back against Mickey");
    expect((await page.textContent(".anthology-fudge-card-result.hitBack"))!.replace(/\s+/g, " ").trim()).toBe(
      "Hits Mickey back damage +6: Light Wound",
    );
    expect(await page.locator('button[data-anthology-action="apply"]').count()).toBe(1);
    await page.close();
  });

  it("renders the attack dialog with the traits, stances and the ranged situation in words", async () => {
    const traits = traitOptions({ build: 1 }, [{ id: "s", name: "Archery <i>x</i>", level: 2 }]);
    for (const ranged of [false, true]) {
      const view = dialogView({
        kind: "attack",
        traits,
        trait: { kind: "skill", id: "s" },
        penalty: -1,
        stance: "normal",
        ranged,
      });
      const page = await show(ranged ? "dialog-ranged" : "dialog-melee", "rulesets/fudge/roll-dialog.hbs", view, 420);
      expect(await rawKeys(page, "#message")).toEqual([]);
      expect(await page.locator("#message i:not([class])").count()).toBe(0);
      expect(await page.locator("select[name='trait'] option:checked").textContent()).toBe("Archery <i>x</i>");
      expect(await page.locator("select[name='stance']").count()).toBe(ranged ? 0 : 1);
      expect(await page.locator("select[name='range']").count()).toBe(ranged ? 1 : 0);
      expect(await page.textContent(".anthology-fudge-note")).toBe("Wounds: −1 to this roll");
      await page.close();
    }
  });

  it("renders the table's choices in words: a propelled missile's −2 or −3, defending only, a check's minimum, an NPC's dice", async () => {
    const traits = traitOptions({ agility: 1 }, []);
    const base = { traits, trait: { kind: "attribute", id: "agility" }, penalty: 0, stance: "normal" } as const;
    const views = {
      "dialog-propelled": dialogView({ ...base, kind: "attack", ranged: true, propelled: true }),
      "dialog-defend-only": dialogView({ ...base, kind: "response", mode: "defend", weapons: [] }),
      "dialog-check-minimum": dialogView({ ...base, kind: "check", targets: 1 }),
      "dialog-npc-dice": dialogView({ ...base, kind: "response", mode: "resist", npcDice: true }),
    };
    for (const [name, view] of Object.entries(views)) {
      const page = await show(name, "rulesets/fudge/roll-dialog.hbs", view, 420);
      expect(await rawKeys(page, "#message")).toEqual([]);
      if (name === "dialog-propelled") {
        expect(await page.locator("select[name='dodgePenalty'] option").allTextContents()).toEqual(["−2", "−3"]);
      }
      if (name === "dialog-defend-only") expect(await page.locator("input[name='defendOnly']").count()).toBe(1);
      if (name === "dialog-check-minimum") {
        expect(await page.locator("select[name='minimum'] option:checked").textContent()).toContain("None");
      }
      if (name === "dialog-npc-dice") {
        expect(await page.locator("select[name='dice'] option").count()).toBe(4);
        expect(await page.locator("select[name='stance']").count()).toBe(0);
      }
      await page.close();
    }
  });
});
