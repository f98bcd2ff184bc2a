import { loadAllData, type AllData } from "../support/modules";
import { beforeAll, describe, expect, it } from "vitest";
type DataModule = AllData;
import type * as TokenBar from "../../src/hooks/token-bar";
import type { StandInActor } from "../foundry/documents";
import { installFoundry, loadWorld } from "../foundry/stand-in";
import { hodFighterItems, hodFighterSystem, hodGoblinItems, hodGoblinSystem } from "../support/hod-fixtures";

let data: DataModule;
let tokenBar: typeof TokenBar;

beforeAll(async () => {
  const record = installFoundry({ ruleSet: "hod" });
  await import("../../src");
  loadWorld(record);
  data = await loadAllData();
  tokenBar = await import("../../src/hooks/token-bar");
});

type Prepared = Record<string, unknown> & {
  derived: Record<string, unknown>;
  hp: { value: number; max: number };
  top: { value: number; max: number };
  fatigueTrack: { value: number; max: number };
  condition: Record<string, unknown>;
};

function model(source: object, items: readonly object[] = []): Prepared {
  const Model = data.HodActorData as unknown as new (s: object, o: object) => Prepared & { prepareDerivedData(): void };
  const system = new Model(source, { parent: { items } });
  system.prepareDerivedData();
  return system;
}

function actor(system: object, items: readonly object[] = hodFighterItems): StandInActor {
  const Actor = (CONFIG.Actor as unknown as { documentClass: new (d: object) => StandInActor }).documentClass;
  return new Actor({ name: "Hadwin", type: "hod-character", system, items, ownership: { user1: 3 } });
}

const prepared = (a: StandInActor) => a.system as unknown as Prepared;

describe("Heroes of Destiny actor data model (stand-in DataModel)", () => {
  it("starts a new actor at base ToP 3, 10 of 10 HP, every other number 0, in a basic stance", () => {
    const fresh = model({});
    for (const id of ["strength", "persona", "fortitude", "willpower", "accuracy", "power", "size", "armor"]) {
      expect(fresh[id], id).toBe(0);
    }
    expect(fresh).toMatchObject({ topBase: 3, hp: { value: 10, max: 10 }, fatigue: 0, topLost: 0, stance: "" });
    expect(fresh.stanceShifting).toBe(false);
    expect(fresh.notes).toBe("");
    expect(fresh.derived).toMatchObject({ primary: 10, passive: 10, vigor: 10, celerity: 10, spirit: 10 });
    expect(fresh.top).toEqual({ value: 3, max: 3 });
    expect(fresh.fatigueTrack).toEqual({ value: 0, max: 10 });
    expect(fresh.condition).toEqual({
      wounded: false,
      unconsciousRisk: false,
      consciousnessDc: null,
      dying: false,
      dead: false,
    });
  });

  it("derives the fighter's five defenses from his worn armor, shield and charm, not the carried cuirass", () => {
    const fighter = prepared(actor(hodFighterSystem));
    expect(fighter.derived).toMatchObject({
      armorBonus: 5,
      primary: 19,
      passive: 15,
      vigor: 14,
      celerity: 13,
      spirit: 12,
      thresholdOfPain: 6,
      attack: { strength: 6, dexterity: 5, unarmed: 6, spell: 3 },
    });
    expect(fighter.top).toEqual({ value: 6, max: 6 });
    expect(fighter.fatigueTrack).toEqual({ value: 0, max: 24 });
  });

  it("stacks the goblin's own natural armor with worn leather at half the weaker, at least 1", () => {
    const Actor = (CONFIG.Actor as unknown as { documentClass: new (d: object) => StandInActor }).documentClass;
    const goblin = new Actor({ name: "Goblin", type: "hod-npc", system: hodGoblinSystem, items: hodGoblinItems });
    expect(prepared(goblin).derived).toMatchObject({ armorBonus: 3, primary: 16, passive: 14, celerity: 14 });
    // Without the leather the hide counts alone.
    expect(model(hodGoblinSystem).derived).toMatchObject({ armorBonus: 1, primary: 14, passive: 12 });
  });

  it("follows worn armor as it is taken off and put on", async () => {
    const fighter = actor(hodFighterSystem);
    const cuirass = fighter.items.find((i) => i.name === "Plate cuirass")!;
    const chain = fighter.items.find((i) => i.name === "Chain shirt")!;
    await chain.update({ "system.equipped": false });
    await cuirass.update({ "system.equipped": true });
    // Plate 6 with the charm's 2: 6 + 1 = 7; ToP 3 + 2 + the cuirass's 2.
    expect(prepared(fighter).derived).toMatchObject({ armorBonus: 7, primary: 21, thresholdOfPain: 7 });
    // A second suit over the first adds nothing: the best of each bonus counts (plate 6, ToP 2).
    await chain.update({ "system.equipped": true });
    expect(prepared(fighter).derived).toMatchObject({ armorBonus: 7, primary: 21, thresholdOfPain: 7 });
  });

  it("lowers the effective ToP by the hits taken, not below 0, and is wounded at 0", () => {
    expect(model({ ...hodFighterSystem, topLost: 2 }, hodFighterItems).top).toEqual({ value: 4, max: 6 });
    const spent = model({ ...hodFighterSystem, topLost: 9 }, hodFighterItems);
    expect(spent.top).toEqual({ value: 0, max: 6 });
    expect(spent.condition.wounded).toBe(true);
  });

  it("puts fatigue against HP + Invigoration: a Constitution check from there, dying at double, dead at 0 HP", () => {
    const risk = model({ ...hodFighterSystem, fatigue: 30, invigoration: 2 });
    expect(risk.fatigueTrack).toEqual({ value: 30, max: 26 });
    expect(risk.condition).toMatchObject({ unconsciousRisk: true, consciousnessDc: 4, dying: false });
    expect(model({ ...hodFighterSystem, fatigue: 24 }).condition).toMatchObject({ consciousnessDc: 0 });
    expect(model({ ...hodFighterSystem, fatigue: 23 }).condition).toMatchObject({ unconsciousRisk: false });
    expect(model({ ...hodFighterSystem, fatigue: 48 }).condition).toMatchObject({ dying: true, consciousnessDc: 24 });
    const dead = model({ ...hodFighterSystem, hp: { value: 0, max: 24 }, fatigue: 5 });
    expect(dead.condition).toEqual({
      wounded: false,
      unconsciousRisk: false,
      consciousnessDc: null,
      dying: false,
      dead: true,
    });
  });

  it("moves HP kept in the shared health track before Heroes of Destiny had its own model", () => {
    const old = new (ActorImplForMigration())({
      name: "Old",
      type: "hod-character",
      system: { health: { value: 7, max: 12 } },
    });
    expect((old.system as unknown as { hp: object }).hp).toEqual({ value: 7, max: 12 });
    const current = new (ActorImplForMigration())({
      name: "New",
      type: "hod-character",
      system: { health: { value: 1, max: 1 }, hp: { value: 5, max: 9 } },
    });
    expect((current.system as unknown as { hp: object }).hp).toEqual({ value: 5, max: 9 });
  });

  it("never shows or stores more HP than the maximum", async () => {
    expect(model({ ...hodFighterSystem, hp: { value: 40, max: 24 } }).hp).toEqual({ value: 24, max: 24 });
    const fighter = actor(hodFighterSystem);
    await fighter.update({ "system.hp.value": 99 });
    expect((fighter._source.system as { hp: object }).hp).toEqual({ value: 24, max: 24 });
    await fighter.update({ system: { hp: { max: 20 } } });
    expect((fighter._source.system as { hp: object }).hp).toEqual({ value: 20, max: 20 });
    // A macro's string is read as the number it spells before it is held to the maximum.
    await fighter.update({ "system.hp.value": "99" });
    expect((fighter._source.system as { hp: object }).hp).toEqual({ value: 20, max: 20 });
    await fighter.update({ "system.hp.value": 12, "system.hp.max": 30 });
    expect((fighter._source.system as { hp: object }).hp).toEqual({ value: 12, max: 30 });
    expect(prepared(fighter).fatigueTrack.max).toBe(12);
  });

  it("offers HP, the effective ToP and fatigue as token bars, and points a new token at HP", () => {
    const trackable = (CONFIG.Actor as unknown as { trackableAttributes: Record<string, unknown> }).trackableAttributes;
    const bars = { bar: ["hp", "top", "fatigueTrack"], value: ["fatigue", "bonusHp", "invigoration"] };
    expect(trackable["hod-character"]).toEqual(bars);
    expect(trackable["hod-npc"]).toEqual(bars);
    const updates: object[] = [];
    tokenBar.onPreCreateActor({ type: "hod-npc", updateSource: (c: object) => updates.push(c) }, {});
    expect(updates).toEqual([{ prototypeToken: { bar1: { attribute: "hp" } } }]);
    // Each bar is a {value, max} the token can draw.
    const fighter = prepared(actor({ ...hodFighterSystem, fatigue: 5, topLost: 1 }));
    expect([fighter.hp, fighter.top, fighter.fatigueTrack]).toEqual([
      { value: 24, max: 24 },
      { value: 5, max: 6 },
      { value: 5, max: 24 },
    ]);
  });
});

describe("Heroes of Destiny item data models", () => {
  type Field = { options: { initial?: unknown; choices?: Record<string, string>; label?: string } };
  const fields = (Model: unknown) => (Model as { defineSchema(): Record<string, Field> }).defineSchema();

  it("are registered for hod-weapon and hod-armor, with hod-gear on the shared gear model", () => {
    const models = (CONFIG.Item as unknown as { dataModels: Record<string, unknown> }).dataModels;
    expect(models["hod-weapon"]).toBe(data.HodWeaponData);
    expect(models["hod-armor"]).toBe(data.HodArmorData);
    expect(models["hod-gear"]).toBe(data.GearData);
    const actors = (CONFIG.Actor as unknown as { dataModels: Record<string, unknown> }).dataModels;
    expect(actors["hod-character"]).toBe(data.HodActorData);
    expect(actors["hod-npc"]).toBe(data.HodActorData);
  });

  it("give a new weapon 1d6, a light sword at Standard speed against Primary, 10 of 10 Durability, equipped", () => {
    const Weapon = data.HodWeaponData as unknown as new (s: object) => Record<string, unknown>;
    expect(new Weapon({})).toMatchObject({
      damage: "1d6",
      category: "lightSwords",
      speedClass: "standard",
      durability: { value: 10, max: 10 },
      defense: "primary",
      damageType: "",
      precise: false,
      range: 0,
      equipped: true,
    });
  });

  it("limit a weapon's category, speed class, defense and damage type, and a stance, to the rules' lists", () => {
    const weapon = fields(data.HodWeaponData);
    expect(Object.keys(weapon.category!.options.choices!)).toHaveLength(18);
    expect(weapon.category!.options.choices!.bows).toBe("ANTHOLOGY.HoD.Categories.bows");
    expect(Object.keys(weapon.speedClass!.options.choices!)).toEqual([
      "free",
      "rapid",
      "swift",
      "fast",
      "standard",
      "slow",
      "sluggish",
      "lethargic",
      "sedentary",
    ]);
    expect(Object.keys(weapon.defense!.options.choices!)).toEqual([
      "primary",
      "passive",
      "vigor",
      "celerity",
      "spirit",
    ]);
    expect(Object.keys(weapon.damageType!.options.choices!)).toEqual(["", "bludgeoning", "piercing", "slashing"]);
    expect(weapon.precise!.options.label).toBe("ANTHOLOGY.HoD.Fields.precise.label");
    const actor = fields(data.HodActorData);
    expect(Object.keys(actor.stance!.options.choices!)).toEqual([
      "",
      "cautious",
      "crouch",
      "parrying",
      "poised",
      "prone",
      "spellcasting",
    ]);
    expect(actor.stance!.options.choices![""]).toBe("ANTHOLOGY.HoD.Fields.stance.basic");
  });

  it("hold a weapon's Durability within its maximum", async () => {
    const Weapon = data.HodWeaponData as unknown as new (s: object) => Record<string, unknown> & {
      prepareDerivedData(): void;
      _preUpdate(c: object, o: object, u: unknown): Promise<unknown>;
    };
    const worn = new Weapon({ durability: { value: 14, max: 10 } });
    worn.prepareDerivedData();
    expect(worn.durability).toEqual({ value: 10, max: 10 });
    const changes = { system: { durability: { value: 12 } } };
    await worn._preUpdate(changes, {}, null);
    expect(changes.system.durability.value).toBe(10);
  });

  it("give new armor no bonuses, worn", () => {
    const Armor = data.HodArmorData as unknown as new (s: object) => Record<string, unknown>;
    expect(new Armor({ armor: 4 })).toMatchObject({
      armor: 4,
      naturalArmor: 0,
      shield: 0,
      topBonus: 0,
      equipped: true,
      weight: 0,
    });
  });
});

function ActorImplForMigration(): new (data: object) => { system: unknown } {
  return (CONFIG.Actor as unknown as { documentClass: new (data: object) => { system: unknown } }).documentClass;
}
