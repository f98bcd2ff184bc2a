import { statSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as Sheets from "../../src/rulesets/fade/sheets";
import type { StandInActor } from "../foundry/documents";
import { installFoundry, loadWorld } from "../foundry/stand-in";
import { fighterItemData, fighterSystem } from "../support/fade-fixtures";
import { launchBrowser, openSheet, renderTemplate, screenshot } from "./harness";

// The real sheet classes prepare their context against the Foundry stand-in; the real templates and
// compiled CSS render it in Chromium.

let browser: Browser;
let sheets: typeof Sheets;

type Sheet = {
  _prepareContext(o: unknown): Promise<Record<string, unknown>>;
  _preparePartContext(id: string, c: Record<string, unknown>, o: unknown): Promise<Record<string, unknown>>;
};
type SheetClass = new (o: object) => Sheet;

const RAW_KEY = /ANTHOLOGY\.|TYPES\./;
const PREFIX = "systems/anthology/templates/";

function actor(type: string, system: object, items: object[] = fighterItemData): StandInActor {
  const Actor = (CONFIG.Actor as unknown as { documentClass: new (d: object) => StandInActor }).documentClass;
  return new Actor({ name: `<b>Garret</b> "the Grey"`, type, system, items, ownership: { user1: 3 } });
}

/** Renders each part of a sheet class for a document, every tab active, as Foundry would fill them. */
async function renderParts(Sheet: unknown, document: unknown, editable = true, fields = {}): Promise<string[]> {
  const SheetImpl = Sheet as SheetClass & { PARTS: Record<string, { template: string }> };
  const sheet = new SheetImpl({ document });
  const context = {
    ...(await sheet._prepareContext({})),
    editable,
    systemFields: { notes: { kind: "html" }, description: { kind: "html" }, ...fields },
  };
  const html: string[] = [];
  for (const [partId, part] of Object.entries(SheetImpl.PARTS)) {
    if (!part.template.startsWith(PREFIX)) continue; // core's tab navigation
    const partContext = { ...(await sheet._preparePartContext(partId, context, {})), tab: { cssClass: "active" } };
    html.push(renderTemplate(part.template.slice(PREFIX.length), partContext));
  }
  return html;
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

let character: Page;

beforeAll(async () => {
  const record = installFoundry({ ruleSet: "fade" });
  await import("../../src");
  loadWorld(record);
  sheets = await import("../../src/rulesets/fade/sheets");
  browser = await launchBrowser();
  const goblin = actor("fade-npc", { agility: 3, luck: 2 }, []);
  (game.user as unknown as { targets: Set<unknown> }).targets.add({ actor: goblin, name: "Goblin" });
  character = await openSheet(
    browser,
    "anthology actor fade",
    await renderParts(sheets.FadeActorSheet, actor("fade-character", fighterSystem)),
  );
  await character.setViewportSize({ width: 700, height: 900 });
});
afterAll(async () => browser?.close());

describe("Fade character sheet (real class, templates and CSS in Chromium)", () => {
  it("shows every label in words, never a raw i18n key, and names as text", async () => {
    expect(await rawKeys(character)).toEqual([]);
    expect(await character.inputValue("input.anthology-name")).toBe(`<b>Garret</b> "the Grey"`);
    expect(await character.locator("#sheet b").count()).toBe(0);
    expect(await character.locator(".anthology-fade-item-name i").count()).toBe(0);
    expect(await character.textContent(".anthology-fade-weapons .anthology-fade-item-name a")).toBe(
      "Longsword <i>of</i> Ash",
    );
  });

  it("shows the attributes, HP with its state, Soak, the four defenses and against spells, speed, load and luck", async () => {
    const attributes = character.locator(".anthology-fade-attributes input");
    expect(await attributes.count()).toBe(7);
    expect(await character.inputValue('input[name="system.agility"]')).toBe("6");
    expect(await character.inputValue('input[name="system.hp.value"]')).toBe("22");
    expect(await character.textContent(".anthology-fade-hp-max")).toBe("/ 22");
    expect(await character.textContent(".anthology-fade-health-state")).toBe("Conscious");
    expect(await character.textContent(".anthology-fade-stat.soak dd")).toBe("4");
    const defense = (await character.textContent(".anthology-fade-stat.defense.defense"))!.replace(/\s+/g, " ");
    expect(defense).toContain("Defense");
    expect(defense).toContain("22 vs spells 18");
    expect(await character.locator(".anthology-fade-stat.defense").count()).toBe(4);
    expect((await character.textContent(".anthology-fade-stat.speed dd"))!.replace(/\s+/g, " ")).toBe(
      "2 run 6 · charge 4",
    );
    expect(await character.textContent(".anthology-fade-stat.load small")).toBe("Medium load: speed halved");
    expect(await character.textContent(".anthology-fade-stat.luck dd")).toBe("1 of 1");
    const fill = await character.$eval(".anthology-fade-hp-fill", (e) => getComputedStyle(e).width);
    const bar = await character.$eval(".anthology-fade-hp-bar", (e) => getComputedStyle(e).width);
    expect(fill).toBe(bar);
  });

  it("lists the skills with their action, ranks and a check button carrying its pool", async () => {
    const rows = character.locator(".anthology-fade-skills tbody tr");
    expect(await rows.count()).toBe(16);
    const stealth = character.locator('tr[data-skill="stealth"]');
    expect((await stealth.locator("th").textContent())!.replace(/\s+/g, " ").trim()).toBe("Stealth (AGI)");
    expect(await stealth.locator("td").first().textContent()).toBe("Free action");
    expect(await stealth.locator('input[name="system.skills.stealth"]').inputValue()).toBe("0");
    // Agility 6: 6k3; Smarts 2: 2k1.
    expect(await stealth.locator('button[data-action="fadeSkill"]').getAttribute("data-anthology-odds")).toBe("6k3");
    expect(await character.locator('tr[data-skill="persuasion"] button').textContent()).toBe("2k1");
  });

  it("offers Attack and Damage for each weapon with their pools for the odds on hover, and a dodge", async () => {
    const attack = character.locator('button[data-action="fadeAttack"]');
    expect(await attack.count()).toBe(1);
    expect(await attack.getAttribute("data-anthology-odds")).toBe("6k3");
    expect(await attack.getAttribute("data-anthology-odds-vs")).toBe("19");
    const damage = character.locator('button[data-action="fadeDamage"]');
    expect(await damage.getAttribute("data-anthology-odds")).toBe("7k3");
    expect(await character.getAttribute('button[data-action="fadeDodge"]', "data-anthology-odds")).toBe("6k1");
    expect(await character.textContent(".anthology-fade-target")).toContain("Target: Goblin");
  });

  it("lists armor by body part with the Deflection that counts, gear by weight, and the load", async () => {
    const rows = character.locator(".anthology-fade-armor tbody tr");
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(1).getAttribute("class")).toContain("unworn");
    const totals = await character.locator(".anthology-fade-deflection td").allTextContents();
    expect(totals.slice(0, 6)).toEqual(["0", "3", "3", "5", "0", "0"]);
    expect(await character.locator(".anthology-fade-gear tbody tr td").allTextContents()).toEqual(
      expect.arrayContaining(["12", "2", "24"]),
    );
    expect(await character.textContent(".anthology-fade-load")).toContain("Carrying 60 lb.");
    // Each gear row has a Use button (a standard action in combat), in words.
    const use = character.locator('.anthology-fade-gear tbody tr[data-item-id] button[data-action="fadeUse"]');
    expect(await use.allTextContents()).toEqual(["Use"]);
    expect(await use.isVisible()).toBe(true);
    // Framed like a button, unlike the icon controls beside it.
    expect(await use.evaluate((e) => getComputedStyle(e).borderTopStyle)).toBe("solid");
    for (const type of ["fade-weapon", "fade-armor", "fade-gear"]) {
      expect(await character.locator(`button[data-action="itemCreate"][data-type="${type}"]`).count()).toBe(1);
    }
  });

  it("binds the details tab to the data model's paths", async () => {
    expect(await character.inputValue('input[name="system.classHp"]')).toBe("12");
    expect(await character.inputValue('input[name="system.bonuses.toHit.rolled"]')).toBe("0");
    expect(await character.inputValue('input[name="system.naturalDeflection.head"]')).toBe("0");
    expect(await character.locator('input[name="system.energy.resistances"]').count()).toBe(1);
    expect(await character.locator('prose-mirror[name="system.notes"]').count()).toBe(1);
    const file = await screenshot(character, "fade-character-sheet");
    expect(statSync(file).size).toBeGreaterThan(5000);
  });

  it("shows an unconscious and a dead character, and unreadable energy entries", async () => {
    const page = await openSheet(
      browser,
      "anthology actor fade",
      await renderParts(
        sheets.FadeActorSheet,
        actor("fade-character", {
          ...fighterSystem,
          hp: { value: -7 },
          energy: { resistances: "fire five" },
        }),
      ),
    );
    expect(await page.textContent(".anthology-fade-health-state")).toBe("Dead");
    expect(await page.getAttribute(".anthology-fade-hp", "class")).toContain("dead");
    const colour = await page.$eval(".anthology-fade-health-state", (e) => getComputedStyle(e).color);
    expect(colour).toBe("rgb(155, 28, 28)");
    expect(await page.textContent(".anthology-fade-details .anthology-fade-error")).toContain("fire five");
    expect(await rawKeys(page)).toEqual([]);
    await page.close();
  });

  it("renders read-only for a viewer who cannot edit: no inputs, no create or delete", async () => {
    const page = await openSheet(
      browser,
      "anthology actor fade",
      await renderParts(sheets.FadeActorSheet, actor("fade-character", fighterSystem), false),
    );
    expect(await page.locator("input:not([disabled])").count()).toBe(0);
    expect(await page.locator('[data-action="itemCreate"], [data-action="itemDelete"]').count()).toBe(0);
    // The roll buttons stay; rolling checks ownership itself.
    expect(await page.locator('[data-action="fadeAttack"]').count()).toBe(1);
    await page.close();
  });
});

describe("Fade character sheet: species, class and feats on the Details tab", () => {
  const traits = [
    ...fighterItemData,
    {
      name: "Stone<i>born</i>",
      type: "fade-species",
      system: { size: 2, speed: 5, naturalDeflection: { body: 2 }, energy: { resistances: "cold 5" } },
    },
    { name: "Warrior", type: "fade-class", system: { hp: 12, soak: 2, attacksPerRound: 2, hpPerLevel: 3 } },
    { name: "Toughness", type: "fade-feat", system: { bonuses: { hp: 3, toHit: { rolled: 1 } } } },
  ];

  it("lists them, locks the numbers they set, names where each comes from and what feats add", async () => {
    const page = await openSheet(
      browser,
      "anthology actor fade",
      await renderParts(sheets.FadeActorSheet, actor("fade-character", fighterSystem, traits)),
    );
    await page.setViewportSize({ width: 700, height: 1100 });
    expect(await rawKeys(page)).toEqual([]);
    const rows = page.locator(".anthology-fade-traits li");
    expect(await rows.count()).toBe(3);
    expect((await rows.nth(0).innerText()).replace(/\s+/g, " ")).toContain("Species (The Fade) Stone<i>born</i>");
    expect(await page.locator(".anthology-fade-traits i:not(.fa-solid)").count()).toBe(0);
    // Class HP comes from the class: shown, locked, named.
    const classHp = page.locator('input[name="system.classHp"]');
    expect(await classHp.inputValue()).toBe("12");
    expect(await classHp.isDisabled()).toBe(true);
    expect(await page.locator("label", { has: classHp }).innerText()).toContain("From Warrior");
    expect(await page.isDisabled('input[name="system.speciesSize"]')).toBe(true);
    expect(await page.inputValue('input[name="system.speed"]')).toBe("5");
    // Level 3: 3 HP per level after the first.
    const gained = page.locator('input[name="system.hpGained"]');
    expect(await gained.isDisabled()).toBe(false);
    expect(await page.locator("label", { has: gained }).innerText()).toContain("+6 from Warrior");
    const hpBonus = page.locator('input[name="system.bonuses.hp"]');
    expect(await page.locator("label", { has: hpBonus }).innerText()).toContain("+3 from feats");
    expect(await page.textContent(".anthology-fade-pool-bonus .anthology-fade-source")).toBe("+1k0 from feats");
    expect(await page.isDisabled('input[name="system.naturalDeflection.body"]')).toBe(true);
    expect(await page.inputValue('input[name="system.naturalDeflection.body"]')).toBe("2");
    expect(await page.innerText(".anthology-fade-details")).toContain("Resistances from species and feats: cold 5");
    // HP in the header: Class HP 12 + End 4 + (6 + 6) + 3.
    expect(await page.textContent(".anthology-fade-hp-max")).toBe("/ 31");
    expect(await page.locator('button[data-action="itemCreate"][data-type="fade-feat"]').count()).toBe(1);
    await page.locator(".anthology-fade-traits").scrollIntoViewIfNeeded();
    await screenshot(page, "fade-character-traits");
    await page.close();
  });

  it("says none where the character has no species or class yet", async () => {
    const text = await character.innerText(".anthology-fade-traits");
    expect(text.match(/None: the numbers below are used as typed\./g)).toHaveLength(2);
    expect(await character.isDisabled('input[name="system.classHp"]')).toBe(false);
  });
});

describe("Fade NPC sheet (compact)", () => {
  it("shows the same data on one page, tighter, with no raw keys", async () => {
    const page = await openSheet(
      browser,
      "anthology actor fade compact",
      await renderParts(sheets.FadeNpcSheet, actor("fade-npc", { ...fighterSystem, hp: { value: 0 } })),
    );
    await page.setViewportSize({ width: 620, height: 900 });
    expect(await rawKeys(page)).toEqual([]);
    expect(await page.textContent(".anthology-fade-health-state")).toBe("Unconscious");
    expect(await page.locator('button[data-action="fadeAttack"]').count()).toBe(1);
    expect(await page.locator("section.tab").count()).toBe(5);
    const portrait = await page.$eval(".anthology-portrait", (e) => getComputedStyle(e).width);
    expect(portrait).toBe("64px");
    await screenshot(page, "fade-npc-sheet");
    await page.close();
  });
});

describe("Fade item sheets", () => {
  async function item(type: string, system: object) {
    const Item = (CONFIG.Item as unknown as { documentClass: new (d: object) => unknown }).documentClass;
    const document = new Item({ name: "Ash & <Ember>", type, system, ownership: { user1: 3 } });
    const Sheet =
      type === "fade-weapon"
        ? sheets.FadeWeaponSheet
        : type === "fade-armor"
          ? sheets.FadeArmorSheet
          : sheets.FadeTraitSheet;
    return openSheet(browser, "anthology item fade", await renderParts(Sheet, document));
  }

  it("edits a weapon's base damage, properties and explosions, and warns about bad base damage", async () => {
    const page = await item("fade-weapon", { baseDamage: "4d6", explodesOn: 9, spell: true, defense: "avoid" });
    expect(await rawKeys(page)).toEqual([]);
    expect(await page.inputValue('input[name="system.baseDamage"]')).toBe("4d6");
    expect(await page.inputValue('select[name="system.explodesOn"]')).toBe("9");
    expect(await page.inputValue('select[name="system.defense"]')).toBe("avoid");
    expect(await page.isChecked('input[name="system.spell"]')).toBe(true);
    expect(await page.isChecked('input[name="system.finesse"]')).toBe(false);
    expect(await page.textContent(".anthology-fade-error")).toContain('"4d6" is not keep dice');
    expect(await page.inputValue("input.anthology-name")).toBe("Ash & <Ember>");
    await screenshot(page, "fade-weapon-sheet");
    await page.close();
  });

  it("edits an armor's Deflection per body part, speed penalty, worn and stacking", async () => {
    const page = await item("fade-armor", { deflection: { body: 6, head: 2 }, speedPenalty: 1, stacks: true });
    expect(await rawKeys(page)).toEqual([]);
    expect(await page.locator(".anthology-fade-body-parts input").count()).toBe(6);
    expect(await page.inputValue('input[name="system.deflection.body"]')).toBe("6");
    expect(await page.isChecked('input[name="system.equipped"]')).toBe(true);
    expect(await page.isChecked('input[name="system.stacks"]')).toBe(true);
    await screenshot(page, "fade-armor-sheet");
    await page.close();
  });

  it("edits a species' size, speed, natural Deflection and energy lists", async () => {
    const page = await item("fade-species", {
      size: 2,
      speed: 5,
      naturalDeflection: { body: 2 },
      energy: { immunities: "poison" },
    });
    expect(await rawKeys(page)).toEqual([]);
    expect(await page.inputValue('input[name="system.size"]')).toBe("2");
    expect(await page.getAttribute('input[name="system.size"]', "min")).toBe("0");
    expect(await page.inputValue('input[name="system.naturalDeflection.body"]')).toBe("2");
    expect(await page.inputValue('input[name="system.energy.immunities"]')).toBe("poison");
    expect(await page.locator('input[name="system.naturalDeflectionStacks"]').count()).toBe(1);
    await screenshot(page, "fade-species-sheet");
    await page.close();
  });

  it("marks a piece of gear consumable on its description tab", async () => {
    const Item = (CONFIG.Item as unknown as { documentClass: new (d: object) => unknown }).documentClass;
    const document = new Item({ name: "Draught", type: "fade-gear", system: { quantity: 2, consumable: true } });
    const fields = (document as { system: { schema: { fields: Record<string, unknown> } } }).system.schema.fields;
    const { AnthologyItemSheet } = await import("../../src/sheets/item-sheet");
    const page = await openSheet(
      browser,
      "anthology item fade",
      await renderParts(AnthologyItemSheet, document, true, { consumable: fields.consumable }),
    );
    expect(await rawKeys(page)).toEqual([]);
    expect(await page.locator(".anthology-fields label span").allTextContents()).toEqual([
      "Quantity",
      "Weight",
      "Consumable (each use takes one)",
    ]);
    expect(await page.isChecked('input[name="system.consumable"]')).toBe(true);
    expect(await page.inputValue('input[name="system.quantity"]')).toBe("2");
    await page.close();
  });

  it("edits a class's HP, Soak, attacks, HP per level and rerolls; a feat's bonuses and pools", async () => {
    const cls = await item("fade-class", { hp: 12, soak: 2, attacksPerRound: 2, hpPerLevel: 3, rerolls: 1 });
    expect(await rawKeys(cls)).toEqual([]);
    expect(await cls.locator(".anthology-fade-trait-details input").count()).toBe(5);
    expect(await cls.inputValue('input[name="system.hpPerLevel"]')).toBe("3");
    expect(await cls.locator('input[name^="system.energy"]').count()).toBe(0);
    await cls.close();
    const feat = await item("fade-feat", { bonuses: { allDefenses: 1, damage: { rolled: 1 } }, speed: -1 });
    expect(await rawKeys(feat)).toEqual([]);
    expect(await feat.inputValue('input[name="system.bonuses.allDefenses"]')).toBe("1");
    expect(await feat.inputValue('input[name="system.bonuses.damage.rolled"]')).toBe("1");
    expect(await feat.inputValue('input[name="system.speed"]')).toBe("-1");
    expect(await feat.getAttribute('input[name="system.speed"]', "min")).toBeNull();
    expect(await feat.locator(".anthology-fade-pool-bonus").count()).toBe(2);
    expect(await feat.isChecked('input[name="system.deflectionStacks"]')).toBe(false);
    await screenshot(feat, "fade-feat-sheet");
    await feat.close();
  });
});
