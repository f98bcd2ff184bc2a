import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Data from "../../src/rulesets/opend6/data";
import type * as TokenBar from "../../src/hooks/token-bar";
import type { StandInActor } from "../foundry/documents";
import { installFoundry, loadWorld, type StandInRecord } from "../foundry/stand-in";
import { kiraItemData, kiraSystem } from "../support/opend6-fixtures";

let data: typeof Data;
let tokenBar: typeof TokenBar;
let record: StandInRecord;

beforeAll(async () => {
  record = installFoundry({ ruleSet: "opend6" });
  await import("../../src");
  loadWorld(record);
  data = await import("../../src/rulesets/opend6/data");
  tokenBar = await import("../../src/hooks/token-bar");
});

beforeEach(async () => {
  await game.settings!.set("anthology" as never, "opend6Health" as never, "wounds" as never);
  await game.settings!.set("anthology" as never, "opend6DefenseBonus" as never, false as never);
});

type Prepared = Record<string, unknown> & {
  derived: Record<string, unknown> & { skills: Record<string, { code: string }> };
  bodyPoints: { value: number; max: number };
  attributes: Record<string, string>;
  skills: Record<string, string>;
};

function actor(system: object = kiraSystem, items: object[] = kiraItemData): StandInActor {
  const Actor = (CONFIG.Actor as unknown as { documentClass: new (d: object) => StandInActor }).documentClass;
  return new Actor({ name: "Kira", type: "opend6-character", system, items, ownership: { user1: 3 } });
}

const prepared = (a: StandInActor) => a.system as unknown as Prepared;

describe("OpenD6 actor data model (stand-in DataModel)", () => {
  it("starts a new actor at 3D in every attribute, no skills, 5 Character Points, 1 Fate Point, unhurt", () => {
    const fresh = prepared(actor({}, []));
    expect(fresh.attributes).toEqual({
      reflexes: "3D",
      coordination: "3D",
      physique: "3D",
      knowledge: "3D",
      perception: "3D",
      presence: "3D",
    });
    expect(fresh.skills.dodge).toBe("");
    expect(fresh).toMatchObject({ characterPoints: 5, fatePoints: 1, move: 10, scale: 0, wounds: "none" });
    expect(fresh.bodyPoints).toEqual({ value: 20, max: 20 });
    expect(fresh.derived).toMatchObject({
      strengthDamage: "2D",
      resistance: "3D",
      passiveDefense: 10,
      woundLevel: "none",
      woundPenalty: 0,
    });
  });

  it("derives skill codes, Strength Damage and resistance with worn armor only", () => {
    const kira = prepared(actor());
    // Coordination 3D+2 and 1D+1: 4D+3, which is 5D.
    expect(kira.derived.skills.marksmanship!.code).toBe("5D");
    expect(kira.derived.skills.dodge!.code).toBe("4D+1");
    // Physique 3D: 2D; Physique 3D and the jacket's 1D (the helmet is not worn): 4D.
    expect(kira.derived).toMatchObject({ strengthDamage: "2D", armor: "1D", resistance: "4D" });
    expect(kira.bodyPoints).toEqual({ value: 22, max: 22 });
  });

  it("follows the world's settings: Body Points resist with armor alone; the defense modifier", async () => {
    await game.settings!.set("anthology" as never, "opend6Health" as never, "bodyPoints" as never);
    await game.settings!.set("anthology" as never, "opend6DefenseBonus" as never, true as never);
    const kira = prepared(actor({ ...kiraSystem, skills: { dodge: "3D" } }));
    // Dodge 3D+1 and 3D = 6D+1: 2 dice above 4D, +1.
    expect(kira.derived).toMatchObject({ mode: "bodyPoints", resistance: "1D", passiveDefense: 11 });
  });

  it("stores an edited code normalised, a skill without its '+', and keeps a typing slip as typed", async () => {
    const kira = actor();
    await kira.update({
      "system.attributes.physique": "2D+4",
      "system.skills.lifting": "+1D",
      "system.skills.dodge": "0D",
    });
    expect(prepared(kira).attributes.physique).toBe("3D+1");
    expect(prepared(kira).skills.lifting).toBe("1D");
    expect(prepared(kira).skills.dodge).toBe("");
    await kira.update({ system: { attributes: { knowledge: "lots" } } });
    expect(prepared(kira).attributes.knowledge).toBe("lots");
    expect(prepared(kira).derived.invalid).toEqual(["attributes.knowledge"]);
  });

  it("gives OpenD6 actors the Body Points bar and the Character and Fate Points values", () => {
    const trackable = (CONFIG.Actor as unknown as { trackableAttributes: Record<string, unknown> }).trackableAttributes;
    expect(trackable["opend6-character"]).toEqual({ bar: ["bodyPoints"], value: ["characterPoints", "fatePoints"] });
    const updates: object[] = [];
    tokenBar.onPreCreateActor({ type: "opend6-npc", updateSource: (c: object) => updates.push(c) }, {});
    expect(updates).toEqual([{ prototypeToken: { bar1: { attribute: "bodyPoints" } } }]);
  });

  it("gives weapons and armor defaults a sheet can show", () => {
    const Weapon = data.OpenD6WeaponData as unknown as new (s: object) => Record<string, unknown>;
    const Armor = data.OpenD6ArmorData as unknown as new (s: object) => Record<string, unknown>;
    expect(new Weapon({})).toMatchObject({ damage: "+1D", skill: "meleeCombat", short: 0, medium: 0, long: 0 });
    expect(new Armor({})).toMatchObject({ armor: "1D", equipped: true });
    const models = (CONFIG.Item as unknown as { dataModels: Record<string, unknown> }).dataModels;
    expect(models["opend6-weapon"]).toBe(data.OpenD6WeaponData);
    expect(models["opend6-armor"]).toBe(data.OpenD6ArmorData);
  });
});
