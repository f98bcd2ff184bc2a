import { beforeAll, describe, expect, it } from "vitest";
import type { StandInActor } from "../foundry/documents";
import { installFoundry, loadWorld } from "../foundry/stand-in";
import { bruteItemData, bruteSystem, erianItemData, erianSystem } from "../support/fading-suns-fixtures";

beforeAll(async () => {
  const record = installFoundry({ ruleSet: "fading-suns" });
  await import("../../src");
  loadWorld(record);
});

type Prepared = Record<string, unknown> & {
  characteristics: Record<string, number>;
  naturalSkills: Record<string, number>;
  vitality: { value: number; max: number };
  wyrd: { value: number; max: number };
  derived: Record<string, unknown>;
};

function actor(system: object, items: object[] = [], type = "fading-suns-character"): StandInActor {
  const Actor = (CONFIG.Actor as unknown as { documentClass: new (d: object) => StandInActor }).documentClass;
  return new Actor({ name: "Erian", type, system, items });
}

const prepared = (a: StandInActor) => a.system as unknown as Prepared;

describe("Fading Suns actor data model (stand-in DataModel)", () => {
  it("starts a new actor at 3 in Body and Mind, 3/1 in each Spirit pair, natural skills 3, full Vitality", () => {
    const fresh = prepared(actor({}));
    expect(fresh.characteristics).toEqual({
      strength: 3,
      dexterity: 3,
      endurance: 3,
      wits: 3,
      perception: 3,
      tech: 3,
      extrovert: 3,
      introvert: 1,
      passion: 3,
      calm: 1,
      faith: 3,
      ego: 1,
    });
    expect(Object.values(fresh.naturalSkills)).toEqual([3, 3, 3, 3, 3, 3, 3, 3, 3]);
    // Endurance 3 + 5 = 8 Vitality, full until set.
    expect(fresh.vitality).toEqual({ value: 8, max: 8 });
    expect(fresh).toMatchObject({ stance: "neutral", aggressive: "goal", surprised: false, defense: 0 });
    expect(fresh.derived).toMatchObject({
      woundPenalty: 0,
      down: false,
      strengthBonus: 0,
      defense: 0,
      armor: 0,
      vitality: { value: 8, max: 8, maxSet: false },
    });
  });

  it("derives Vitality from Endurance, the Strength bonus, and the best worn armor", () => {
    const erian = prepared(actor(erianSystem, erianItemData));
    // Endurance 5: 10 Vitality. Strength 7: +1. Synthsilk 3 worn; the spare helm (5) is not.
    expect(erian.vitality).toEqual({ value: 10, max: 10 });
    expect(erian.derived).toMatchObject({ strengthBonus: 1, armor: 3, defense: 1 });
    const brute = prepared(actor(bruteSystem, bruteItemData, "fading-suns-npc"));
    expect(brute.vitality).toEqual({ value: 9, max: 9 });
    expect(brute.derived).toMatchObject({ armor: 2, strengthBonus: 0 });
  });

  it("takes the wound penalties of the last five Vitality levels, and a set maximum over Endurance + 5", () => {
    const at = (value: number) => prepared(actor({ ...erianSystem, vitality: { value, max: null } })).derived;
    expect([6, 5, 4, 3, 2, 1, 0, -3].map((v) => at(v).woundPenalty)).toEqual([0, -2, -4, -6, -8, -10, -10, -10]);
    expect(at(0).down).toBe(true);
    expect(at(1).down).toBe(false);
    const set = prepared(actor({ ...erianSystem, vitality: { value: null, max: 14 } }));
    expect(set.vitality).toEqual({ value: 14, max: 14 });
    expect(set.derived).toMatchObject({ vitality: { maxSet: true } });
  });

  it("reads the wound penalties from the world's table, the text's when it is unreadable", async () => {
    const settings = game.settings as unknown as { set(s: string, k: string, v: unknown): Promise<unknown> };
    const at = (value: number) => prepared(actor({ ...erianSystem, vitality: { value, max: null } })).derived;
    try {
      // A gentler track: -1 at 3 left, -3 at 2, -5 at 1 (and still -5 at 0 or less).
      await settings.set("anthology", "fadingSunsWoundPenalties", "-1, -3, -5");
      expect([4, 3, 2, 1, 0].map((v) => at(v).woundPenalty)).toEqual([0, -1, -3, -5, -5]);
      await settings.set("anthology", "fadingSunsWoundPenalties", "-2, lots");
      expect([6, 5, 1].map((v) => at(v).woundPenalty)).toEqual([0, -2, -10]);
    } finally {
      await settings.set("anthology", "fadingSunsWoundPenalties", "-2, -4, -6, -8, -10");
    }
  });

  it("moves Defense with the stance, and surprise sets it to 0", () => {
    const defense = (changes: object) => prepared(actor({ ...erianSystem, ...changes })).derived.defense;
    // Base 1: aggressive −2, defensive +2, full defense +4.
    expect(defense({ stance: "aggressive" })).toBe(-1);
    expect(defense({ stance: "defensive" })).toBe(3);
    expect(defense({ stance: "fullDefense" })).toBe(5);
    expect(defense({ stance: "fullDefense", surprised: true })).toBe(0);
    expect(prepared(actor({ stance: "aggressive", aggressive: "damage" })).derived).toMatchObject({
      stanceModifiers: { defense: -2, goal: 0, damage: 2 },
    });
  });

  it("gives its actors the Vitality and Wyrd bars, and its items defaults a sheet can show", () => {
    const trackable = (CONFIG.Actor as unknown as { trackableAttributes: Record<string, unknown> }).trackableAttributes;
    expect(trackable["fading-suns-character"]).toEqual({ bar: ["vitality", "wyrd"], value: ["defense"] });
    expect(trackable["fading-suns-npc"]).toEqual({ bar: ["vitality", "wyrd"], value: ["defense"] });
    const models = (CONFIG.Item as unknown as { dataModels: Record<string, new (s: object) => object> }).dataModels;
    expect(new models["fading-suns-weapon"]!({})).toMatchObject({
      damage: 4,
      goal: 0,
      skill: "melee",
      kind: "melee",
      range: "",
    });
    expect(new models["fading-suns-armor"]!({})).toMatchObject({ armor: 4, equipped: true });
    expect(new models["fading-suns-skill"]!({})).toMatchObject({ rating: 1, characteristic: "wits" });
  });
});
