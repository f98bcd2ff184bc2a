import { loadAllData, type AllData } from "../support/modules";
import { beforeAll, describe, expect, it } from "vitest";
type DataModule = AllData;
import type * as TokenBar from "../../src/hooks/token-bar";
import { installFoundry, loadWorld } from "../foundry/stand-in";
import { fighterItems, fighterSystem } from "../support/fade-fixtures";

let data: DataModule;
let tokenBar: typeof TokenBar;

beforeAll(async () => {
  const record = installFoundry();
  await import("../../src");
  loadWorld(record);
  data = await loadAllData();
  tokenBar = await import("../../src/hooks/token-bar");
});

type Prepared = Record<string, unknown> & {
  derived: Record<string, unknown> & { deflection: Record<string, number> };
  hp: { value: number; max: number };
  luckRerollsLeft: number;
  carriedWeight: number;
  energyInvalid: string[];
  prepareDerivedData(): void;
};

function model(source: object, items: object[] = []): Prepared {
  const Model = data.FadeActorData as unknown as new (s: object, o: object) => Prepared;
  const system = new Model(source, { parent: { items } });
  system.prepareDerivedData();
  return system;
}

describe("Fade actor data model (stand-in DataModel)", () => {
  it("derives a character's numbers in prepareDerivedData, with worn armor and the load", () => {
    const system = model(fighterSystem, fighterItems);
    expect(system.hp).toEqual({ value: 22, max: 22 });
    expect(system.derived).toMatchObject({
      soak: 4,
      defense: 22,
      avoid: 16,
      mentalDefense: 17,
      bodilyDefense: 19,
      vsSpells: { defense: 18, avoid: 12, mentalDefense: 17, bodilyDefense: 17 },
      physicalToHit: "6k3",
      dodge: "6k1",
      encumbrance: "medium",
      speed: 2,
      luckRerolls: 1,
    });
    expect(system.derived.deflection).toMatchObject({ body: 5, rightArm: 3, head: 0 });
    expect(system.carriedWeight).toBe(60);
    expect(system.luckRerollsLeft).toBe(1);
  });

  it("starts a new actor from the field defaults at full HP, and counts used luck rerolls", () => {
    const fresh = model({});
    expect(fresh.strength).toBe(2);
    expect(fresh.magic).toBe(0);
    expect(fresh.hp).toEqual({ value: 12, max: 12 });
    expect(fresh.derived.healthState).toBe("conscious");
    const used = model({ luck: 6, luckRerollsUsed: 2 });
    expect(used.luckRerollsLeft).toBe(1);
    expect(model({ luck: 2, luckRerollsUsed: 4 }).luckRerollsLeft).toBe(0);
  });

  it("reports HP below zero as unconscious and at -(2 + Endurance) as dead", () => {
    expect(model({ endurance: 3, hp: { value: -1 } }).derived.healthState).toBe("unconscious");
    expect(model({ endurance: 3, hp: { value: -5 } }).derived.healthState).toBe("dead");
  });

  it("lists energy entries it could not read", () => {
    expect(model({ energy: { resistances: "fire 5, acid" } }).energyInvalid).toEqual(["acid"]);
  });

  it("gives Fade actors the hp bar and the other rule sets their own", () => {
    const trackable = (CONFIG.Actor as unknown as { trackableAttributes: Record<string, unknown> }).trackableAttributes;
    expect(trackable["fade-character"]).toEqual({ bar: ["hp"], value: ["luckRerollsLeft"] });
    expect(trackable["fade-npc"]).toEqual({ bar: ["hp"], value: ["luckRerollsLeft"] });
    expect(trackable["fading-suns-npc"]).toEqual({ bar: ["vitality", "wyrd"], value: ["defense"] });
    const models = (CONFIG.Item as unknown as { dataModels: Record<string, unknown> }).dataModels;
    expect(models["fade-weapon"]).toBe(data.FadeWeaponData);
    expect(models["fade-armor"]).toBe(data.FadeArmorData);
    // Fade gear is the shared gear with one more field: whether each use takes one off.
    expect(models["fade-gear"]).toBe(data.FadeGearData);
    expect(Object.getPrototypeOf(data.FadeGearData)).toBe(data.GearData);
    expect(models["hod-gear"]).toBe(data.GearData);
  });

  it("points a new Fade actor's token bar at hp unless its creator chose one", () => {
    const updates: object[] = [];
    const actor = (type: string) => ({ type, updateSource: (c: object) => updates.push(c) });
    tokenBar.onPreCreateActor(actor("fade-npc"), {});
    tokenBar.onPreCreateActor(actor("fade-npc"), { prototypeToken: { bar1: { attribute: "luckRerollsLeft" } } });
    tokenBar.onPreCreateActor(actor("fading-suns-character"), {});
    tokenBar.onPreCreateActor(actor("unknown"), {});
    expect(updates).toEqual([
      { prototypeToken: { bar1: { attribute: "hp" } } },
      { prototypeToken: { bar1: { attribute: "vitality" } } },
    ]);
  });

  it("gives weapons and armor defaults a sheet can show", () => {
    const Weapon = data.FadeWeaponData as unknown as new (s: object) => Record<string, unknown>;
    const Armor = data.FadeArmorData as unknown as new (s: object) => Record<string, unknown>;
    expect(new Weapon({})).toMatchObject({ baseDamage: "2k1", penetration: 0, explodesOn: 0, range: 0, spell: false });
    expect(new Armor({ deflection: { body: 4 } })).toMatchObject({
      deflection: { head: 0, body: 4 },
      equipped: true,
      stacks: false,
      speedPenalty: 0,
    });
  });
});
