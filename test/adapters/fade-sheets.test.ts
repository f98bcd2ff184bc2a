import type * as Sheets from "../../src/rulesets/fade/sheets";
import { loadAllSheets } from "../support/modules";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { StandInActor, StandInItem } from "../foundry/documents";
import { installFoundry, loadWorld, type StandInRecord } from "../foundry/stand-in";
import { confirmAnswers, dialogCalls } from "../foundry/combat";
import { fighterItemData, fighterSystem } from "../support/fade-fixtures";

let record: StandInRecord;
let sheets: typeof Sheets;
let onTargetToken: (user: { id: string }) => void;

type ActorClass = new (data: object) => StandInActor;
type Action = (this: unknown, event: Event, target: HTMLElement) => Promise<void>;
type SheetInstance = {
  render(): Promise<unknown>;
  rendered: boolean;
  renders: number;
  _prepareContext(o: unknown): Promise<Record<string, unknown>>;
  _preparePartContext(id: string, c: Record<string, unknown>, o: unknown): Promise<Record<string, unknown>>;
  _onDropItem(e: unknown, i: unknown): Promise<unknown>;
};

const ActorImpl = () => (CONFIG.Actor as unknown as { documentClass: ActorClass }).documentClass;

function fighter(): StandInActor {
  return new (ActorImpl())({
    name: "Garret",
    type: "fade-character",
    system: fighterSystem,
    items: fighterItemData,
    ownership: { user1: 3 },
  });
}

/** A clicked control: `closest` finds the row's item id, `dataset` carries the control's own data. */
function control(itemId: string | null, dataset: Record<string, string> = {}): HTMLElement {
  return {
    dataset,
    closest: (selector: string) => (selector === "[data-item-id]" && itemId ? { dataset: { itemId } } : null),
  } as unknown as HTMLElement;
}

function sheetFor(actor: StandInActor, Sheet: unknown = sheets.FadeActorSheet): SheetInstance {
  return new (Sheet as new (o: object) => SheetInstance)({ document: actor });
}

function action(name: string): Action {
  return (sheets.FadeActorSheet.DEFAULT_OPTIONS.actions as unknown as Record<string, Action>)[name]!;
}

beforeAll(async () => {
  record = installFoundry({ ruleSet: "fade" });
  await import("../../src");
  loadWorld(record);
  sheets = await loadAllSheets();
  ({ onTargetToken } = await import("../../src/rulesets/fade/target-hook"));
});

beforeEach(() => {
  record.notifications.length = 0;
  (game.user as unknown as { targets: Set<unknown> }).targets.clear();
});

describe("Fade character sheet (stand-in ActorSheetV2)", () => {
  it("prepares the sheet from the prepared actor: numbers, weapons with pools, armor and gear", async () => {
    const context = await sheetFor(fighter())._prepareContext({});
    const fade = context.fade as Record<string, unknown> & {
      hp: object;
      weapons: Array<Record<string, unknown>>;
      armor: Array<Record<string, unknown>>;
      gear: Array<Record<string, unknown>>;
    };
    expect(context.typeLabel).toBe("TYPES.Actor.fade-character");
    expect(fade.hp).toMatchObject({ value: 22, max: 22, percent: 100, state: "conscious" });
    expect(fade.soak).toBe(4);
    expect(fade.weapons).toEqual([
      expect.objectContaining({ name: "Longsword <i>of</i> Ash", toHit: "6k3", damage: "7k3", vs: "", penetration: 4 }),
    ]);
    expect(fade.armor.map((a) => [a.name, a.equipped])).toEqual([
      ["Chain shirt", true],
      ["Spare helm", false],
    ]);
    expect(fade.gear).toEqual([expect.objectContaining({ name: "Rations", quantity: 12, total: 24 })]);
    expect(fade.target).toBeNull();
  });

  it("puts the first target's defense on the Attack buttons, and re-renders when the user targets", async () => {
    const actor = fighter();
    const goblin = new (ActorImpl())({ name: "Goblin", type: "fade-npc", system: { agility: 3, luck: 2 } });
    (game.user as unknown as { targets: Set<unknown> }).targets.add({ actor: goblin, name: "Goblin archer" });
    const sheet = sheetFor(actor);
    await sheet.render();
    const context = await sheet._prepareContext({});
    const fade = context.fade as { weapons: Array<{ vs: string }>; target: { name: string } };
    expect(fade.target).toEqual({ name: "Goblin archer" });
    expect(fade.weapons[0]!.vs).toBe("19"); // 15 + 3 + 1
    const before = sheet.renders;
    onTargetToken({ id: "gm-elsewhere" });
    expect(sheet.renders).toBe(before);
    onTargetToken({ id: "user1" });
    expect(sheet.renders).toBe(before + 1);
  });

  it("takes The Fade's items dropped on it and refuses other rule sets' items with a message", async () => {
    const actor = fighter();
    const sheet = sheetFor(actor);
    const count = actor.items.size;
    const loose = new (CONFIG.Item as unknown as { documentClass: new (d: object) => StandInItem }).documentClass({
      name: "Dagger",
      type: "fade-weapon",
      system: { baseDamage: "2k1" },
    });
    await sheet._onDropItem({}, loose);
    expect(actor.items.size).toBe(count + 1);
    expect(actor.items.find((i) => i.name === "Dagger")?.type).toBe("fade-weapon");
    const foreign = new (CONFIG.Item as unknown as { documentClass: new (d: object) => StandInItem }).documentClass({
      name: "Rope",
      type: "hod-gear",
    });
    expect(await sheet._onDropItem({}, foreign)).toBeNull();
    expect(actor.items.size).toBe(count + 1);
    expect(record.notifications.at(-1)).toMatchObject({
      level: "warn",
      message: "This actor plays by The Fade: only items of The Fade can go on it.",
    });
  });

  it("creates, opens, wears and deletes items from its controls", async () => {
    const actor = fighter();
    const sheet = sheetFor(actor);
    await action("itemCreate").call(sheet, new Event("click"), control(null, { type: "fade-armor" }));
    const created = actor.items.find((i) => i.name === "New Armor (The Fade)")!;
    expect(created.type).toBe("fade-armor");
    expect(created.sheet.rendered).toBe(1);
    const helm = actor.items.find((i) => i.name === "Spare helm")!;
    await action("toggleWorn").call(sheet, new Event("click"), control(helm.id));
    expect(actor.items.get(helm.id)!.system.equipped).toBe(true);
    expect((actor.system as unknown as { derived: { deflection: { head: number } } }).derived.deflection.head).toBe(9);
    await action("itemEdit").call(sheet, new Event("click"), control(helm.id));
    expect(helm.sheet.rendered).toBe(1);
    await action("itemDelete").call(sheet, new Event("click"), control(helm.id));
    expect(actor.items.get(helm.id)).toBeUndefined();
  });
});

describe("Fade species, class and feats on the character sheet", () => {
  const item = (data: object) =>
    new (CONFIG.Item as unknown as { documentClass: new (d: object) => StandInItem }).documentClass(data);
  const human = () => item({ name: "Human", type: "fade-species", system: { size: 1, speed: 6 } });
  const stoneborn = () =>
    item({
      name: "Stone<b>born</b>",
      type: "fade-species",
      system: { size: 2, speed: 5, naturalDeflection: { body: 2 }, energy: { resistances: "fire 5" } },
    });
  const warrior = () =>
    item({ name: "Warrior", type: "fade-class", system: { hp: 12, soak: 2, attacksPerRound: 2, hpPerLevel: 3 } });
  const tough = () => item({ name: "Toughness", type: "fade-feat", system: { bonuses: { hp: 3 }, rerolls: 1 } });
  type Derived = {
    derived: { hpMax: number; soak: number; speed: number; attacksPerRound: number; luckRerolls: number };
  };
  const derived = (actor: StandInActor) => (actor.system as unknown as Derived).derived;

  it("makes the dropped species, class and feats supply the numbers", async () => {
    const actor = fighter();
    const sheet = sheetFor(actor);
    // The fighter as typed: Class HP 12 + End 4 + gained 6 = 22; Soak 2 + 2; speed 6 - 1 armor, halved by a medium load.
    expect(derived(actor)).toMatchObject({ hpMax: 22, soak: 4, speed: 2, attacksPerRound: 1, luckRerolls: 1 });
    await sheet._onDropItem({}, stoneborn());
    await sheet._onDropItem({}, warrior());
    await sheet._onDropItem({}, tough());
    expect(dialogCalls.length).toBe(0);
    // HP: 12 + 4 + (6 + 3 x 2 levels after the first) + 3 = 31; Soak 2 + 2; speed (5 - 1) halved; Luck 3: 1 + 1.
    expect(derived(actor)).toMatchObject({ hpMax: 31, soak: 4, speed: 2, attacksPerRound: 2, luckRerolls: 2 });
    const context = await sheet._prepareContext({});
    const fade = context.fade as {
      traits: Array<{ labelKey: string; item: { name: string } | null }>;
      details: {
        numbers: Array<{ id: string; value: number; locked: boolean; notes: Array<Record<string, unknown>> }>;
        bonuses: Array<{ id: string; notes: Array<Record<string, unknown>> }>;
        naturalDeflection: Array<{ value: number }>;
        naturalDeflectionFrom: string;
        energyAdded: Array<{ text: string }>;
      };
    };
    expect(fade.traits.map((t) => [t.labelKey, t.item?.name])).toEqual([
      ["TYPES.Item.fade-species", "Stone<b>born</b>"],
      ["TYPES.Item.fade-class", "Warrior"],
      ["TYPES.Item.fade-feat", "Toughness"],
    ]);
    const number = (id: string) => fade.details.numbers.find((n) => n.id === id)!;
    expect(number("classHp")).toMatchObject({ value: 12, locked: true, notes: [{ name: "Warrior" }] });
    expect(number("speciesSize")).toMatchObject({ value: 2, locked: true });
    expect(number("hpGained")).toMatchObject({ value: 6, locked: false, notes: [{ value: "+6", name: "Warrior" }] });
    expect(number("level").locked).toBe(false);
    expect(fade.details.bonuses.find((b) => b.id === "hp")!.notes).toEqual([
      { key: "ANTHOLOGY.Fade.Sheet.plusFeats", value: "+3" },
    ]);
    expect(fade.details.naturalDeflection.map((p) => p.value)).toEqual([0, 0, 0, 2, 0, 0]);
    expect(fade.details.naturalDeflectionFrom).toBe("Stone<b>born</b>");
    expect(fade.details.energyAdded).toEqual([{ key: "ANTHOLOGY.Fade.Sheet.energyAdded.resistances", text: "fire 5" }]);
  });

  it("asks before a second species replaces the first, and keeps the first when the user says no", async () => {
    const actor = fighter();
    const sheet = sheetFor(actor);
    await sheet._onDropItem({}, stoneborn());
    dialogCalls.length = 0;
    confirmAnswers.push(false);
    expect(await sheet._onDropItem({}, human())).toBeNull();
    expect(actor.items.filter((i) => i.type === "fade-species").map((i) => i.name)).toEqual(["Stone<b>born</b>"]);
    // The names are escaped in the question.
    expect(String(dialogCalls[0]!.content)).toContain("Stone&lt;b&gt;born&lt;/b&gt;");
    confirmAnswers.push(true);
    await sheet._onDropItem({}, human());
    expect(actor.items.filter((i) => i.type === "fade-species").map((i) => i.name)).toEqual(["Human"]);
    expect(derived(actor).soak).toBe(1 + 2);
    // Feats never ask: a character has as many as it takes.
    dialogCalls.length = 0;
    await sheet._onDropItem({}, tough());
    await sheet._onDropItem({}, tough());
    expect(dialogCalls.length).toBe(0);
    expect(actor.items.filter((i) => i.type === "fade-feat").length).toBe(2);
  });
});

describe("Fade NPC sheet", () => {
  it("shows every part at once, without the tab navigation", async () => {
    expect(Object.keys(sheets.FadeNpcSheet.PARTS)).toEqual([
      "header",
      "combat",
      "equipment",
      "details",
      "effects",
      "notes",
    ]);
    const sheet = sheetFor(fighter(), sheets.FadeNpcSheet);
    const context = await sheet._prepareContext({});
    const part = await sheet._preparePartContext("equipment", context, {});
    expect(part.tab).toMatchObject({ cssClass: "active" });
  });
});

describe("Fade item sheets", () => {
  it("list a weapon's choices and flag base damage that is not keep dice", async () => {
    const { fadeWeaponView, fadeArmorView } = await import("../../src/rulesets/fade/sheets/item-view");
    const view = fadeWeaponView({ baseDamage: "4d6", explodesOn: 9, defense: "avoid", finesse: true });
    expect(view.explodesOn.map((o) => [o.value, o.selected])).toEqual([
      ["0", false],
      ["10", false],
      ["9", true],
      ["8", false],
      ["7", false],
    ]);
    expect(view.defenses.find((d) => d.selected)?.value).toBe("avoid");
    expect(view.flags.find((f) => f.name === "system.finesse")?.checked).toBe(true);
    expect(view.damageError).toEqual({ key: "ANTHOLOGY.Fade.Errors.baseDamage", value: "4d6" });
    expect(fadeWeaponView({ baseDamage: "4k2" }).damageError).toBeNull();
    const armor = fadeArmorView({ deflection: { body: 5 }, equipped: true });
    expect(armor.parts.map((p) => p.value)).toEqual([0, 0, 0, 5, 0, 0]);
    expect(armor.flags.map((f) => [f.name, f.checked])).toEqual([
      ["system.equipped", true],
      ["system.stacks", false],
    ]);
  });

  it("give a species, class or feat sheet the fields of its type, flagging energy entries it cannot read", async () => {
    const { fadeTraitView } = await import("../../src/rulesets/fade/sheets/item-view");
    const species = fadeTraitView("fade-species", { size: 2, speed: 5, energy: { resistances: "fire" } });
    expect(species.numbers.map((n) => [n.name, n.value, n.min])).toEqual([
      ["system.size", 2, "0"],
      ["system.speed", 5, "0"],
    ]);
    expect(species.parts).toHaveLength(6);
    expect(species.energyInvalid).toBe("fire");
    const cls = fadeTraitView("fade-class", { hp: 12, attacksPerRound: 2 });
    expect(cls.numbers.map((n) => n.name)).toEqual([
      "system.hp",
      "system.soak",
      "system.attacksPerRound",
      "system.hpPerLevel",
      "system.rerolls",
    ]);
    expect([cls.parts, cls.energy, cls.flags, cls.pools]).toEqual([[], [], [], []]);
    const feat = fadeTraitView("fade-feat", {
      bonuses: { allDefenses: 1, toHit: { rolled: 1 } },
      deflectionStacks: true,
    });
    expect(feat.numbers.find((n) => n.name === "system.bonuses.allDefenses")!.value).toBe(1);
    expect(feat.pools[0]!.parts.map((p) => p.value)).toEqual([1, 0, 0]);
    expect(feat.flags).toEqual([expect.objectContaining({ name: "system.deflectionStacks", checked: true })]);
  });
});
