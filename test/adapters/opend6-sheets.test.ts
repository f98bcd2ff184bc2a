import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Sheets from "../../src/rulesets/opend6/sheets";
import type { OpenD6ActorView } from "../../src/rulesets/opend6/sheets/view";
import type { StandInActor } from "../foundry/documents";
import { installFoundry, loadWorld, type StandInRecord } from "../foundry/stand-in";
import { kiraItemData, kiraSystem, thugSystem } from "../support/opend6-fixtures";

let record: StandInRecord;
let sheets: typeof Sheets;

type SheetInstance = {
  _prepareContext(o: unknown): Promise<Record<string, unknown>>;
  _preparePartContext(id: string, c: Record<string, unknown>, o: unknown): Promise<Record<string, unknown>>;
  _onDropItem(e: unknown, i: unknown): Promise<unknown>;
};

function actor(type: string, system: object, items: object[] = []): StandInActor {
  const Actor = (CONFIG.Actor as unknown as { documentClass: new (d: object) => StandInActor }).documentClass;
  return new Actor({ name: "Kira", type, system, items, ownership: { user1: 3 } });
}

const sheetFor = (a: StandInActor, Sheet: unknown = sheets.OpenD6ActorSheet) =>
  new (Sheet as new (o: object) => SheetInstance)({ document: a });

beforeAll(async () => {
  record = installFoundry({ ruleSet: "opend6" });
  await import("../../src");
  loadWorld(record);
  sheets = await import("../../src/rulesets/opend6/sheets");
});

beforeEach(() => {
  record.notifications.length = 0;
  (game.user as unknown as { targets: Set<unknown> }).targets.clear();
});

describe("OpenD6 character sheet (stand-in ActorSheetV2)", () => {
  it("prepares the attributes with their skills, the numbers, and each roll button's formula", async () => {
    const context = await sheetFor(actor("opend6-character", kiraSystem, kiraItemData))._prepareContext({});
    const od6 = context.od6 as OpenD6ActorView;
    expect(context.typeLabel).toBe("TYPES.Actor.opend6-character");
    const coordination = od6.attributes.find((a) => a.id === "coordination")!;
    expect(coordination).toMatchObject({ value: "3D+2", code: "3D+2", formula: "3D+2", invalid: false });
    expect(coordination.skills.find((s) => s.id === "marksmanship")).toMatchObject({
      value: "1D+1",
      code: "5D",
      formula: "5D",
      trained: true,
    });
    expect(od6.stats).toEqual({
      strengthDamage: "2D",
      passiveDefense: 10,
      activeDefense: null,
      resistance: "4D",
      armor: "1D",
    });
    expect(od6.wounds).toMatchObject({ bodyPoints: false, level: "none", penalty: 0 });
    // The pistol is plain 4D; the knife's +1D adds to Strength Damage 2D.
    expect(od6.weapons.map((w) => [w.name, w.damage, w.formula, w.ranges])).toEqual([
      ["Knife", "3D", "3D+1", ""],
      ["Pistol <b>of</b> Doom", "4D", "5D", "10/25/50"],
    ]);
    expect(od6.armor.map((a) => [a.name, a.code, a.equipped])).toEqual([
      ["Leather jacket", "1D", true],
      ["Spare helmet", "0D+2", false],
    ]);
    expect(od6.gear.map((g) => g.name)).toEqual(["Rope"]);
  });

  it("takes the wound penalty off every button, and puts the first target's defense on the attacks", async () => {
    const thug = actor("opend6-npc", thugSystem);
    (game.user as unknown as { targets: Set<unknown> }).targets.add({ actor: thug, name: "Thug" });
    const kira = actor("opend6-character", { ...kiraSystem, wounds: "severelyWounded" }, kiraItemData);
    const od6 = (await sheetFor(kira)._prepareContext({})).od6 as OpenD6ActorView;
    expect(od6.wounds).toMatchObject({ level: "severelyWounded", penalty: 2 });
    expect(od6.target).toEqual({ name: "Thug" });
    const pistol = od6.weapons.find((w) => w.name.startsWith("Pistol"))!;
    // marksmanship 5D less 2D.
    expect(pistol).toMatchObject({ formula: "3D", vs: "10" });
    expect(od6.attributes.find((a) => a.id === "reflexes")!.formula).toBe("1D+1");
    // The knife has no ranges: its dialog starts at Point Blank, 10 - 5 = 5, and so do its odds.
    expect(od6.weapons.find((w) => w.name === "Knife")).toMatchObject({ vs: "5" });
    // With the world's Point Blank at -8: 2, and never below 3.
    const set = (value: string) =>
      game.settings!.set("anthology" as never, "opend6RangeTable" as never, value as never);
    await set("Point Blank -8");
    const edited = (await sheetFor(kira)._prepareContext({})).od6 as OpenD6ActorView;
    expect(edited.weapons.find((w) => w.name === "Knife")).toMatchObject({ vs: "3" });
    await set("");
  });

  it("gives the Heal button the odds its dialog starts with", async () => {
    const kira = actor("opend6-character", kiraSystem, kiraItemData);
    // No patient targeted: natural healing, Physique 3D and a day's full rest +1D; unhurt, nothing to reach.
    expect((await sheetFor(kira)._prepareContext({})).healOdds).toEqual({ formula: "4D", vs: null });
    // A Wounded thug targeted: medicine (untrained: Knowledge 2D+1) against Easy 10.
    const thug = actor("opend6-npc", { ...thugSystem, wounds: "wounded" });
    (game.user as unknown as { targets: Set<unknown> }).targets.add({ actor: thug, name: "Thug" });
    expect((await sheetFor(kira)._prepareContext({})).healOdds).toEqual({ formula: "2D+1", vs: 10 });
  });

  it("shows a code it cannot read as typed, flagged", async () => {
    const kira = actor("opend6-character", {
      ...kiraSystem,
      attributes: { ...kiraSystem.attributes, knowledge: "lots" },
    });
    const od6 = (await sheetFor(kira)._prepareContext({})).od6 as OpenD6ActorView;
    expect(od6.attributes.find((a) => a.id === "knowledge")).toMatchObject({
      value: "lots",
      code: "0D",
      invalid: true,
    });
  });

  it("refuses another rule set's items dropped on it", async () => {
    const kira = actor("opend6-character", kiraSystem);
    const Item = (CONFIG.Item as unknown as { documentClass: new (d: object) => unknown }).documentClass;
    expect(await sheetFor(kira)._onDropItem({}, new Item({ name: "Sword", type: "fade-weapon" }))).toBeNull();
    expect(record.notifications.at(-1)?.level).toBe("warn");
  });
});

describe("OpenD6 NPC and item sheets", () => {
  it("shows every NPC part at once, without the tab navigation", async () => {
    expect(Object.keys(sheets.OpenD6NpcSheet.PARTS)).toEqual(["header", "traits", "combat", "effects", "notes"]);
    const sheet = sheetFor(actor("opend6-npc", thugSystem), sheets.OpenD6NpcSheet);
    const part = await sheet._preparePartContext("combat", await sheet._prepareContext({}), {});
    expect(part.tab).toMatchObject({ cssClass: "active" });
  });

  it("list a weapon's skills and flag damage or armor that is not a code", async () => {
    const { opend6WeaponView, opend6ArmorView } = await import("../../src/rulesets/opend6/sheets/item-view");
    const view = opend6WeaponView({ damage: "+1D+1", skill: "throwing", short: 5 });
    expect(view.skills.find((s) => s.selected)?.value).toBe("throwing");
    expect(view.ranges.map((r) => r.value)).toEqual([5, 0, 0]);
    expect(view.damageError).toBeNull();
    expect(opend6WeaponView({ damage: "2d6" }).damageError).toEqual({ value: "2d6" });
    expect(opend6ArmorView({ armor: "1D+2", equipped: false })).toMatchObject({ equipped: false, armorError: null });
    expect(opend6ArmorView({ armor: "thick" }).armorError).toEqual({ value: "thick" });
  });
});
