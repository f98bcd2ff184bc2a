import { statSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as Sheets from "../../src/rulesets/hod/sheets";
import type { StandInActor } from "../foundry/documents";
import { installFoundry, loadWorld } from "../foundry/stand-in";
import { hodFighterItems, hodFighterSystem, hodGoblinItems, hodGoblinSystem } from "../support/hod-fixtures";
import { launchBrowser, openSheet, renderTemplate, screenshot } from "./harness";

// The real sheet classes prepare their context against the Foundry stand-in; the real templates and
// compiled CSS render it in Chromium, inside the classes Foundry would give the sheet's element.

let browser: Browser;
let sheets: typeof Sheets;

type Sheet = {
  _prepareContext(o: unknown): Promise<Record<string, unknown>>;
  _preparePartContext(id: string, c: Record<string, unknown>, o: unknown): Promise<Record<string, unknown>>;
};
type SheetClass = new (o: object) => Sheet;

const RAW_KEY = /ANTHOLOGY\.|TYPES\./;
const PREFIX = "systems/anthology/templates/";
const NAME = `<b>Hadwin</b> "the Grey"`;

function actor(type: string, system: object, items: readonly object[] = hodFighterItems, owned = true) {
  const Actor = (CONFIG.Actor as unknown as { documentClass: new (d: object) => StandInActor }).documentClass;
  return new Actor({ name: NAME, type, system, items, ownership: owned ? { user1: 3 } : { user1: 2 } });
}

/** The classes Foundry puts on the sheet's element: every DEFAULT_OPTIONS.classes up the class chain. */
function classesOf(Sheet: unknown): string {
  const classes: string[] = [];
  for (let cls = Sheet as { DEFAULT_OPTIONS?: { classes?: string[] } } | null; cls; cls = Object.getPrototypeOf(cls)) {
    if (Object.hasOwn(cls, "DEFAULT_OPTIONS")) classes.unshift(...(cls.DEFAULT_OPTIONS?.classes ?? []));
  }
  return [...new Set(classes)].join(" ");
}

/** Renders each part of a sheet class for a document, every tab active, as Foundry would fill them. */
async function renderParts(Sheet: unknown, document: unknown, editable = true): Promise<string[]> {
  const SheetImpl = Sheet as SheetClass & { PARTS: Record<string, { template: string }> };
  const sheet = new SheetImpl({ document });
  const context = {
    ...(await sheet._prepareContext({})),
    editable,
    systemFields: { notes: { kind: "html" }, description: { kind: "html" } },
  };
  const html: string[] = [];
  for (const [partId, part] of Object.entries(SheetImpl.PARTS)) {
    if (!part.template.startsWith(PREFIX)) continue; // core's tab navigation
    const partContext = { ...(await sheet._preparePartContext(partId, context, {})), tab: { cssClass: "active" } };
    html.push(renderTemplate(part.template.slice(PREFIX.length), partContext));
  }
  return html;
}

async function open(Sheet: unknown, document: unknown, editable = true): Promise<Page> {
  return openSheet(browser, classesOf(Sheet), await renderParts(Sheet, document, editable));
}

async function rawKeys(page: Page): Promise<string[]> {
  const text = await page.locator("#sheet").innerText();
  const attributes = await page
    .locator("[title], [aria-label], [placeholder], [alt]")
    .evaluateAll((els) =>
      els.flatMap((e) => ["title", "aria-label", "placeholder", "alt"].map((a) => e.getAttribute(a) ?? "")),
    );
  return [text, ...attributes].filter((s) => RAW_KEY.test(s));
}

const text = async (page: Page, selector: string) =>
  ((await page.locator(selector).first().textContent()) ?? "").replace(/\s+/g, " ").trim();

let character: Page;

beforeAll(async () => {
  const record = installFoundry({ ruleSet: "hod" });
  await import("../../src");
  loadWorld(record);
  sheets = await import("../../src/rulesets/hod/sheets");
  browser = await launchBrowser();
  character = await open(
    sheets.HodActorSheet,
    actor("hod-character", { ...hodFighterSystem, fatigue: 9, topLost: 2, stance: "cautious" }),
  );
  await character.setViewportSize({ width: 720, height: 1000 });
});
afterAll(async () => browser?.close());

describe("Heroes of Destiny character sheet (real class, templates and CSS in Chromium)", () => {
  it("renders in the sheet's own classes, with every label in words and names as text", async () => {
    expect(await character.getAttribute("#sheet", "class")).toContain("anthology sheet actor hod");
    expect(await rawKeys(character)).toEqual([]);
    expect(await character.inputValue("input.anthology-name")).toBe(NAME);
    expect(await character.locator("#sheet b").count()).toBe(0);
    expect(await character.locator(".anthology-hod-item-name i").count()).toBe(0);
    expect(await text(character, '.anthology-hod-weapons tr[data-item-id]:has-text("Longsword") a')).toBe(
      "Longsword <i>of</i> Ash",
    );
    expect(await text(character, ".anthology-badge.type")).toBe("Character (Heroes of Destiny)");
  });

  it("shows the six attributes, three traits, Accuracy and Power, and the five defenses", async () => {
    const scores = await character.locator(".anthology-hod-score dd").allTextContents();
    expect(scores).toEqual(["+3", "+2", "+2", "+0", "+1", "+2", "+2", "+1", "+1", "+3", "+1"]);
    expect(await text(character, ".anthology-hod-score.fortitude dt")).toBe("Fort");
    expect(await character.getAttribute(".anthology-hod-score.fortitude abbr", "title")).toBe("Fortitude");
    const defenses = await character
      .locator(".anthology-hod-defense")
      .evaluateAll((els) =>
        els.map((e) => `${e.querySelector("dt")!.textContent} ${e.querySelector("dd")!.textContent}`),
      );
    expect(defenses).toEqual(["Primary 19", "Passive 15", "Vigor 14", "Celerity 13", "Spirit 12"]);
    const width = await character.$eval(".anthology-hod-defenses", (e) => getComputedStyle(e).display);
    expect(width).toBe("grid");
  });

  it("shows the Threshold of Pain as a track of points with the hits taken marked", async () => {
    expect(await character.locator(".anthology-hod-pip").count()).toBe(6);
    expect(await character.locator(".anthology-hod-pip.lost").count()).toBe(2);
    expect(await text(character, ".anthology-hod-top-value")).toBe("4 of 6");
    expect(await character.getAttribute(".anthology-hod-pips", "aria-valuenow")).toBe("4");
    expect(await character.locator(".anthology-hod-wounded").count()).toBe(0);
    const kept = await character.$eval(".anthology-hod-pip:not(.lost)", (e) => getComputedStyle(e).backgroundColor);
    const lost = await character.$eval(".anthology-hod-pip.lost", (e) => getComputedStyle(e).backgroundColor);
    expect(kept).toBe("rgb(122, 59, 29)");
    expect(lost).toBe("rgba(0, 0, 0, 0)");
  });

  it("puts fatigue on a bar to twice current HP, marking the unconscious risk halfway", async () => {
    expect(await character.inputValue('input[name="system.fatigue"]')).toBe("9");
    expect(await text(character, ".anthology-hod-fatigue-legend")).toBe("Unconscious risk from 24, dying at 48");
    const fill = await character.$eval(".anthology-hod-fatigue-bar .anthology-hod-fill", (e) => e.clientWidth);
    const bar = await character.$eval(".anthology-hod-fatigue-bar", (e) => e.clientWidth);
    expect(fill / bar).toBeCloseTo(9 / 48, 1);
    const mark = await character.$eval(".anthology-hod-mark.risk", (e) => getComputedStyle(e).left);
    expect(parseFloat(mark) / bar).toBeCloseTo(0.5, 1);
    expect(await character.inputValue('input[name="system.hp.value"]')).toBe("24");
    expect(await text(character, ".anthology-hod-hp-max")).toBe("/ 24");
    expect(await text(character, ".anthology-badge.state")).toBe("Fighting fit");
    expect(await text(character, ".anthology-badge.stance")).toBe("Stance: Cautious");
  });

  it("lists weapons with Attack and Damage buttons, speed class and static SF, and the defense they attack", async () => {
    const rows = character.locator(".anthology-hod-weapons tbody tr");
    expect(await rows.count()).toBe(2);
    const attack = character.locator('button[data-action="hodAttack"]');
    expect((await attack.allTextContents()).map((t) => t.trim())).toEqual(["+5", "+7"]);
    const damage = character.locator('button[data-action="hodDamage"]');
    expect((await damage.allTextContents()).map((t) => t.trim())).toEqual(["1d4 + 3", "1d8 + 4"]);
    const speeds = await character.locator(".anthology-hod-weapons .anthology-hod-speed").allTextContents();
    expect(speeds.map((s) => s.replace(/\s+/g, " ").trim())).toEqual(["Fast SF 6", "Standard SF 9"]);
    expect(await text(character, ".anthology-hod-weapons tbody tr:nth-child(2) .anthology-hod-item-name small")).toBe(
      "Heavy swords · Strength · Slashing",
    );
    expect(await text(character, ".anthology-hod-weapons tbody tr:first-child td:nth-child(5)")).toBe("Primary");
    expect(await text(character, ".anthology-hod-weapons tbody tr:first-child td:nth-child(6)")).toBe("10 ft");
    expect(await text(character, ".anthology-hod-weapons tbody tr:first-child td:nth-child(7)")).toBe("8/10");
  });

  it("lists the wrestling and special actions as buttons with their roll, defense and speed", async () => {
    const specials = character.locator('button[data-action="hodSpecial"]');
    expect(await specials.count()).toBe(17);
    expect(await character.locator(".anthology-hod-special-list.wrestling li").count()).toBe(7);
    expect(await character.locator(".anthology-hod-special-list.misc li").count()).toBe(10);
    const row = async (id: string) => text(character, `.anthology-hod-special[data-special="${id}"]`);
    expect(await row("throw")).toBe("Throw Strength vs Vigor and Celerity Slow SF 12 Touch · fatigue 2");
    expect(await row("bullRush")).toBe(
      "Bull rush Strength vs Vigor or Celerity (target's choice) Standard SF 9 Touch · fatigue 1",
    );
    expect(await row("breakGrab")).toBe("Break grab Athletics (Str) vs Vigor Swift SF 4 Touch");
    expect(await row("disarm")).toBe("Disarm Weapon -4 vs Celerity Weapon speed class +1 Weapon's range · fatigue 1");
    expect(await row("feint")).toBe("Feint Melee weapon vs Spirit Half the weapon SF Melee");
    expect(await row("coupDeGrace")).toContain("prepare first: Slow, SF 12");
    expect(await row("quickStrike")).toContain("vs the weapon's defense");
    expect(await character.getAttribute('button[data-special-id="disarm"]', "data-uses-weapon")).toBe("true");
    expect(await character.getAttribute('button[data-special-id="grab"]', "data-uses-weapon")).toBeNull();
    const options = await character.locator("[data-hod-specials] select option").allTextContents();
    expect(options).toEqual(["Dagger", "Longsword <i>of</i> Ash", "None (unarmed)"]);
  });

  it("lists the stances with their shift speed and effects, marks the current one and offers to revert", async () => {
    const stances = character.locator(".anthology-hod-stance");
    expect(await stances.count()).toBe(6);
    expect(await character.getAttribute('.anthology-hod-stance[data-stance="cautious"]', "aria-current")).toBe("true");
    expect(await character.isDisabled('button[data-stance-id="cautious"]')).toBe(true);
    expect(await character.isDisabled('button[data-stance-id="prone"]')).toBe(false);
    expect(await text(character, '.anthology-hod-stance[data-stance="parrying"] .anthology-hod-speed')).toBe(
      "Fast SF 6",
    );
    expect(await text(character, '.anthology-hod-stance[data-stance="spellcasting"] .anthology-hod-speed')).toBe(
      "Free SF 0",
    );
    expect(await text(character, '.anthology-hod-stance[data-stance="cautious"] .benefit')).toBe("+2 Primary defense.");
    expect(await text(character, 'button.anthology-hod-revert[data-stance-id=""]')).toBe(
      "Back to a basic stance (Free, SF 0)",
    );
  });

  it("offers a 3d6 check per attribute and no consciousness check while fatigue is below HP", async () => {
    const checks = character.locator('.anthology-hod-check-list button[data-action="hodCheck"]');
    expect((await checks.allTextContents()).map((t) => t.replace(/\s+/g, " ").trim())).toEqual([
      "Str +3",
      "Dex +2",
      "Con +2",
      "Int +0",
      "Wis +1",
      "Per +2",
    ]);
    expect(await character.getAttribute(".anthology-hod-check-list button >> nth=2", "data-attribute")).toBe(
      "constitution",
    );
    expect(await character.locator(".anthology-hod-consciousness").count()).toBe(0);
  });

  it("lists worn and carried armor with what counts, gear, and creates each kind", async () => {
    const rows = character.locator(".anthology-hod-armor tbody tr");
    expect(await rows.count()).toBe(4);
    const cuirass = character.locator('.anthology-hod-armor tr:has-text("Plate cuirass")');
    expect(await cuirass.getAttribute("class")).toContain("unworn");
    expect(await cuirass.locator('input[data-action="toggleWorn"]').isChecked()).toBe(false);
    expect(await text(character, ".anthology-hod-armor-totals")).toBe(
      "Counted: armor bonus 5 (worn and natural together), shield 2, Threshold of Pain 6.",
    );
    expect(await text(character, ".anthology-hod-gear tbody .anthology-hod-item-name")).toBe("Rope (50 ft)");
    for (const type of ["hod-weapon", "hod-armor", "hod-gear"]) {
      expect(await character.locator(`button[data-action="itemCreate"][data-type="${type}"]`).count()).toBe(1);
    }
  });

  it("binds every stored number on the details tab to the data model's paths", async () => {
    for (const [name, value] of [
      ["system.strength", "3"],
      ["system.willpower", "1"],
      ["system.accuracy", "3"],
      ["system.power", "1"],
      ["system.topBase", "3"],
      ["system.size", "0"],
      ["system.armor", "0"],
      ["system.shield", "0"],
      ["system.naturalArmor", "0"],
      ["system.hp.max", "24"],
      ["system.topLost", "2"],
      ["system.initiativeBonus", "1"],
      ["system.bonusHp", "0"],
      ["system.invigoration", "0"],
    ]) {
      expect(await character.inputValue(`input[name="${name}"]`), name).toBe(value);
    }
    // Each stored field has one input, so the form never sends two values for a name.
    const names = await character.locator("input[name]").evaluateAll((els) => els.map((e) => e.getAttribute("name")));
    expect(new Set(names).size).toBe(names.length);
    expect(await character.locator('prose-mirror[name="system.notes"]').count()).toBe(1);
    const file = await screenshot(character, "hod-character-sheet");
    expect(statSync(file).size).toBeGreaterThan(5000);
  });

  it("shows a character at risk of falling unconscious, wounded, with the check to stay conscious and its DC", async () => {
    const page = await open(
      sheets.HodActorSheet,
      actor("hod-character", { ...hodFighterSystem, fatigue: 30, invigoration: 2, topLost: 6 }),
    );
    await page.setViewportSize({ width: 720, height: 600 });
    expect(await rawKeys(page)).toEqual([]);
    const badges = await page.locator(".anthology-badge.state").allTextContents();
    expect(badges).toEqual(["Unconscious risk (DC 4)", "Wounded"]);
    expect(await text(page, ".anthology-hod-wounded")).toBe("Wounded");
    expect(await page.locator(".anthology-hod-pip.lost").count()).toBe(6);
    const check = page.locator('.anthology-hod-consciousness button[data-action="hodCheck"]');
    expect(await check.getAttribute("data-attribute")).toBe("constitution");
    expect(await check.getAttribute("data-dc")).toBe("4");
    expect((await check.textContent())!.trim()).toBe("Constitution check to stay conscious (DC 4)");
    expect(await text(page, ".anthology-hod-fatigue-legend")).toBe("Unconscious risk from 26, dying at 52");
    const colour = await page.$eval(".anthology-hod-wounded", (e) => getComputedStyle(e).color);
    expect(colour).toBe("rgb(155, 28, 28)");
    await screenshot(page, "hod-character-at-risk");
    await page.close();
  });

  it("shows bonus HP's duration beside it, the speed and the poisoned parts on the details tab", async () => {
    const page = await open(
      sheets.HodActorSheet,
      actor("hod-character", {
        ...hodFighterSystem,
        bonusHp: 5,
        bonusUntil: { kind: "tc", tc: 16 },
        speed: 25,
        poisoned: { hp: 3, fatigue: 2, attributes: {} },
      }),
    );
    expect(await rawKeys(page)).toEqual([]);
    expect(await text(page, ".anthology-hod-bonus-until")).toBe("until TC 16");
    for (const [name, value] of [
      ["system.speed", "25"],
      ["system.poisoned.hp", "3"],
      ["system.poisoned.fatigue", "2"],
    ]) {
      expect(await page.inputValue(`input[name="${name}"]`), name).toBe(value);
    }
    expect(await page.locator('button[data-action="hodPoison"]').count()).toBe(1);
    await page.close();
  });

  it("shows impairments, attribute damage, paralysis and petrification: inputs on the details tab and badges", async () => {
    const page = await open(
      sheets.HodActorSheet,
      actor("hod-character", {
        ...hodFighterSystem,
        impairments: { bludgeoning: 1, piercing: 0, slashing: 2 },
        attributeDamage: { ...hodFighterSystem.attributeDamage, strength: 2 },
        paralysis: 7,
        petrification: 3,
        deflection: 2,
        damageReduction: 1,
      }),
    );
    expect(await rawKeys(page)).toEqual([]);
    for (const [name, value] of [
      ["system.impairments.bludgeoning", "1"],
      ["system.impairments.slashing", "2"],
      ["system.attributeDamage.strength", "2"],
      ["system.paralysis", "7"],
      ["system.petrification", "3"],
      ["system.deflection", "2"],
      ["system.damageReduction", "1"],
    ]) {
      expect(await page.inputValue(`input[name="${name}"]`), name).toBe(value);
    }
    const badges = await page.locator(".anthology-badge.state").allTextContents();
    expect(badges).toEqual(["Impaired (3)", "Paralysed (1)", "Petrifying (3)"]);
    await screenshot(page, "hod-character-afflicted");
    await page.close();
  });

  it("offers the check to regain consciousness instead while unconscious", async () => {
    const knockedOut = actor("hod-character", { ...hodFighterSystem, fatigue: 30 });
    await (knockedOut as unknown as { toggleStatusEffect(id: string, o: object): Promise<unknown> }).toggleStatusEffect(
      "unconscious",
      { active: true },
    );
    const page = await open(sheets.HodActorSheet, knockedOut);
    const wake = page.locator(".anthology-hod-consciousness button[data-waking]");
    expect((await wake.textContent())!.trim()).toBe("Constitution check to regain consciousness (DC 6)");
    expect(await page.locator("button[data-consciousness]").count()).toBe(0);
    await page.close();
  });

  it("shows a dying and a dead character", async () => {
    const dying = await open(sheets.HodActorSheet, actor("hod-character", { ...hodFighterSystem, fatigue: 50 }));
    expect(await dying.locator(".anthology-badge.state").allTextContents()).toEqual([
      "Dying",
      "Unconscious risk (DC 26)",
    ]);
    expect(await dying.getAttribute(".anthology-hod-fatigue", "class")).toContain("dying");
    const fill = await dying.$eval(".anthology-hod-fatigue-bar .anthology-hod-fill", (e) => e.style.width);
    expect(fill).toBe("100%");
    await dying.close();
    const dead = await open(
      sheets.HodActorSheet,
      actor("hod-character", { ...hodFighterSystem, hp: { value: 0, max: 24 }, fatigue: 3 }),
    );
    expect(await dead.locator(".anthology-badge.state").allTextContents()).toEqual(["Dead"]);
    const colour = await dead.$eval(".anthology-badge.state.dead", (e) => getComputedStyle(e).backgroundColor);
    expect(colour).toBe("rgb(155, 28, 28)");
    expect(await dead.locator(".anthology-hod-consciousness").count()).toBe(0);
    await dead.close();
  });

  it("shows a weapon whose damage dice cannot be read with a message instead of a Damage button", async () => {
    const items = [{ name: "Odd club", type: "hod-weapon", system: { damage: "one big die", category: "maces" } }];
    const page = await open(sheets.HodActorSheet, actor("hod-character", hodFighterSystem, items));
    expect(await page.locator('button[data-action="hodDamage"]').count()).toBe(0);
    expect(await text(page, ".anthology-hod-weapons .anthology-hod-error")).toBe(
      `The damage dice "one big die" cannot be read; write them like 1d8 or 2d6+1.`,
    );
    await page.close();
  });

  it("renders read-only for an observer: no inputs, no create or delete, no buttons that act", async () => {
    // A player who may observe the actor but does not own it.
    const user = game.user as unknown as { isGM: boolean };
    user.isGM = false;
    const observed = actor("hod-character", hodFighterSystem, hodFighterItems, false);
    const page = await open(sheets.HodActorSheet, observed, false).finally(() => (user.isGM = true));
    expect(await rawKeys(page)).toEqual([]);
    expect(await page.locator("input:not([disabled])").count()).toBe(0);
    expect(await page.locator('[data-action="itemCreate"], [data-action="itemDelete"]').count()).toBe(0);
    const acting = ["hodAttack", "hodDamage", "hodSpecial", "hodStance", "hodCheck"];
    expect(await page.locator(acting.map((a) => `[data-action="${a}"]`).join(", ")).count()).toBe(0);
    // The numbers stay visible.
    expect((await page.locator("span.anthology-hod-attack").allTextContents()).map((t) => t.trim())).toEqual([
      "+5",
      "+7",
    ]);
    expect(await page.locator(".anthology-hod-special").count()).toBe(17);
    expect(await page.locator("[data-hod-specials] select").count()).toBe(0);
    await page.close();
  });
});

describe("Heroes of Destiny NPC sheet (compact)", () => {
  it("lists a spell with its cost and Prepare, and the spell in hand with Charge, Release and Abandon", async () => {
    const items = [
      ...hodFighterItems,
      {
        _id: "spell00000000001",
        name: "Fire <b>ball</b>",
        type: "hod-weapon",
        system: {
          category: "spell",
          damage: "3d6",
          defense: "celerity",
          fatigueCost: 4,
          castToday: 1,
          durability: { value: 0, max: 0 },
        },
      },
    ];
    const held = {
      item: "spell00000000001",
      baseDc: 17,
      fatigueCost: 4,
      charges: 2,
      taken: 3,
      moved: 0,
      prepared: true,
      since: -1,
    };
    const page = await open(sheets.HodActorSheet, actor("hod-character", { ...hodFighterSystem, spell: held }, items));
    expect(await rawKeys(page)).toEqual([]);
    expect(await page.locator('button[data-action="hodPrepare"]').count()).toBe(1);
    expect(await text(page, ".anthology-hod-speed small:nth-of-type(2)")).toBe("Fatigue 4 · cast 1 today");
    // DC 17 + 2 charges + 3 taken = 22; fatigue 4 + 2 = 6.
    expect(await text(page, ".anthology-hod-spell h3")).toBe("Fire <b>ball</b>: prepared");
    expect(await text(page, ".anthology-hod-spell p")).toBe(
      "Casting DC 22, fatigue 6, charges 2. (+3 from damage taken while preparing)",
    );
    for (const action of ["hodCharge", "hodRelease", "hodAbandon"]) {
      expect(await page.locator(`.anthology-hod-spell button[data-action="${action}"]`).count(), action).toBe(1);
    }
    await screenshot(page, "hod-sheet-spell");
    await page.close();
  });

  it("shows the same data on one page, tighter, with no raw keys", async () => {
    const page = await open(sheets.HodNpcSheet, actor("hod-npc", hodGoblinSystem, hodGoblinItems));
    await page.setViewportSize({ width: 640, height: 1000 });
    expect(await page.getAttribute("#sheet", "class")).toContain("hod compact");
    expect(await rawKeys(page)).toEqual([]);
    expect(await page.locator("section.tab").count()).toBe(5);
    const defenses = await page.locator(".anthology-hod-defense dd").allTextContents();
    expect(defenses).toEqual(["16", "14", "11", "14", "10"]);
    expect((await page.locator('button[data-action="hodAttack"]').allTextContents()).map((t) => t.trim())).toEqual([
      "+2",
      "+4",
    ]);
    expect(await page.locator(".anthology-hod-pip").count()).toBe(3);
    const portrait = await page.$eval(".anthology-portrait", (e) => getComputedStyle(e).width);
    expect(portrait).toBe("64px");
    await screenshot(page, "hod-npc-sheet");
    await page.close();
  });
});

describe("Heroes of Destiny item sheets", () => {
  async function item(type: string, system: object) {
    const Item = (CONFIG.Item as unknown as { documentClass: new (d: object) => unknown }).documentClass;
    const document = new Item({ name: "Ash & <Ember>", type, system, ownership: { user1: 3 } });
    return open(type === "hod-weapon" ? sheets.HodWeaponSheet : sheets.HodArmorSheet, document);
  }

  it("edits every weapon field, names the attribute its category adds, and warns about unreadable dice", async () => {
    const page = await item("hod-weapon", {
      damage: "2x6",
      category: "bows",
      speedClass: "slow",
      defense: "celerity",
      damageType: "piercing",
      precise: true,
      durability: { value: 3, max: 12 },
    });
    expect(await page.getAttribute("#sheet", "class")).toContain("anthology sheet item hod");
    expect(await rawKeys(page)).toEqual([]);
    expect(await page.inputValue("input.anthology-name")).toBe("Ash & <Ember>");
    expect(await page.inputValue('input[name="system.damage"]')).toBe("2x6");
    expect(await page.inputValue('select[name="system.category"]')).toBe("bows");
    expect(await page.locator('select[name="system.category"] option').count()).toBe(18);
    expect(await text(page, ".anthology-hod-weapon-details .anthology-hod-hint")).toBe(
      "Adds Dexterity to attack and damage.",
    );
    expect(await page.inputValue('select[name="system.speedClass"]')).toBe("slow");
    expect(await text(page, 'select[name="system.speedClass"] option[value="slow"]')).toBe("Slow (SF 12)");
    expect(await page.inputValue('select[name="system.defense"]')).toBe("celerity");
    expect(await page.inputValue('select[name="system.damageType"]')).toBe("piercing");
    expect(await page.inputValue('input[name="system.durability.value"]')).toBe("3");
    expect(await page.inputValue('input[name="system.durability.max"]')).toBe("12");
    expect(await page.isChecked('input[name="system.precise"]')).toBe(true);
    expect(await page.isChecked('input[name="system.equipped"]')).toBe(true);
    for (const flag of ["nonlethal", "composite", "thrown", "twoHanded", "proficient", "noAffinity"]) {
      expect(await page.isChecked(`input[name="system.${flag}"]`), flag).toBe(false);
    }
    expect(await text(page, ".anthology-hod-error")).toBe(
      `The damage dice "2x6" cannot be read; write them like 1d8 or 2d6+1.`,
    );
    expect(await page.locator('prose-mirror[name="system.description"]').count()).toBe(1);
    await screenshot(page, "hod-weapon-sheet");
    await page.close();
  });

  it("offers a spell its fatigue cost, castings today and the verbal-only box; a weapon has no such box", async () => {
    const page = await item("hod-weapon", { category: "spell", fatigueCost: 3, verbalOnly: true });
    expect(await rawKeys(page)).toEqual([]);
    expect(await page.inputValue('input[name="system.fatigueCost"]')).toBe("3");
    expect(await page.isChecked('input[name="system.verbalOnly"]')).toBe(true);
    expect(await text(page, 'label:has(input[name="system.verbalOnly"])')).toBe(
      "Verbal only: no somatic components (cast even in a critical grab)",
    );
    await page.close();
    const sword = await item("hod-weapon", {});
    expect(await sword.locator('input[name="system.verbalOnly"]').count()).toBe(0);
    await sword.close();
  });

  it("edits an armor's four bonuses, weight and worn", async () => {
    const page = await item("hod-armor", { armor: 4, topBonus: 1, equipped: false });
    expect(await rawKeys(page)).toEqual([]);
    expect(await page.inputValue('input[name="system.armor"]')).toBe("4");
    expect(await page.inputValue('input[name="system.topBonus"]')).toBe("1");
    expect(await page.inputValue('input[name="system.shield"]')).toBe("0");
    expect(await page.inputValue('input[name="system.naturalArmor"]')).toBe("0");
    expect(await page.isChecked('input[name="system.equipped"]')).toBe(false);
    expect(await page.locator(".anthology-hod-error").count()).toBe(0);
    await screenshot(page, "hod-armor-sheet");
    await page.close();
  });
});
