import { describe, expect, it } from "vitest";
import { carriedWeight, fadeSource } from "../../src/rulesets/fade/data/source";
import { fighterItems, fighterSystem, parts } from "../support/fade-fixtures";
import { derive, skillPool } from "../../src/rulesets/fade/rules";

describe("fadeSource (stored actor and items to the rules' FadeSource)", () => {
  it("counts worn armor only for Deflection and speed, and every item for the load", () => {
    const { source } = fadeSource(fighterSystem, fighterItems);
    expect(source.armor).toEqual([
      { deflection: { ...parts, body: 5, rightArm: 3, leftArm: 3 }, speedPenalty: 1, stacks: false },
    ]);
    expect(source.carriedWeight).toBe(25 + 5 + 6 + 24);
    expect(source).not.toHaveProperty("hp");
    expect(carriedWeight([])).toBe(0);
  });

  it("derives the fighter's numbers as worked out by hand", () => {
    const derived = derive(fadeSource(fighterSystem, fighterItems).source);
    expect(derived.hpMax).toBe(12 + 4 + 6);
    expect(derived.healthState).toBe("conscious");
    expect(derived.soak).toBe(4);
    expect(derived.defense).toBe(15 + 6 + 1);
    expect(derived.avoid).toBe(10 + 6 + 0);
    expect(derived.deflection.body).toBe(5);
    expect(derived.deflection.head).toBe(0);
    expect(derived.physicalToHit).toBe("6k3");
    // Light limit 5 + 10 x 5 = 55 < 60 <= medium 105: speed (6 - 1) halved.
    expect(derived.encumbrance).toBe("medium");
    expect(derived.speed).toBe(2);
  });

  it("passes the to-hit bonus to both to-hit pools and reads the energy lists", () => {
    const { source, invalidEnergy } = fadeSource({
      ...fighterSystem,
      hp: { value: -2 },
      bonuses: {
        ...fighterSystem.bonuses,
        toHit: { rolled: 1, kept: 0, flat: 2 },
        damage: { rolled: 0, kept: 1, flat: 0 },
      },
      energy: { resistances: "fire 5, nonsense", immunities: "poison", absorptions: "", weaknesses: "holy" },
    });
    expect(source.hp).toBe(-2);
    expect(source.bonuses?.physicalToHit).toEqual({ rolled: 1, kept: 0, flat: 2 });
    expect(source.bonuses?.magicalToHit).toEqual({ rolled: 1, kept: 0, flat: 2 });
    expect(derive(source).physicalToHit).toBe("7k3+2");
    expect(derive(source).damageBonus.strength).toBe("3k2");
    expect(source.energy).toEqual({
      resistances: { fire: 5 },
      immunities: ["poison"],
      absorptions: [],
      weaknesses: ["holy"],
    });
    expect(invalidEnergy).toEqual(["nonsense"]);
  });

  describe("what Active Effects add (system.effectBonuses)", () => {
    const effectBonuses = {
      ...fighterSystem.bonuses,
      toHit: { rolled: 1, kept: 0, flat: 0 },
      damage: { rolled: 0, kept: 1, flat: 2 },
      allDefenses: 1,
      avoid: 2,
      soak: 1,
      hp: 3,
      speed: 2,
      dodge: { rolled: 1, kept: 1, flat: 0 },
      skills: { rolled: 0, kept: 0, flat: 2 },
    };

    it("adds on top of the actor's own misc. bonuses, pool by pool and number by number", () => {
      const own = { ...fighterSystem.bonuses, toHit: { rolled: 0, kept: 1, flat: 0 }, avoid: 1 };
      const derived = derive(fadeSource({ ...fighterSystem, bonuses: own, effectBonuses }, fighterItems).source);
      // 6k3, +0k1 of the sheet, +1k0 of the effect.
      expect(derived.physicalToHit).toBe("7k4");
      expect(derived.magicalToHit).toBe("1k1");
      expect(derived.damageBonus.strength).toBe("3k2+2");
      expect(derived.defense).toBe(15 + 6 + 1 + 1);
      expect(derived.avoid).toBe(10 + 6 + 0 + 1 + 1 + 2);
      expect(derived.soak).toBe(5);
      expect(derived.hpMax).toBe(12 + 4 + 6 + 3);
      // (6 + 2 - 1) halved by the medium load.
      expect(derived.speed).toBe(3);
      // Agility 6 k1 at level 3, +1k1; the skill checks' bonus as skillPool takes it: Stealth 6k3+2 ranks, +2.
      expect(derived.dodge).toBe("7k2");
      expect(derived.skillBonus).toEqual({ rolled: 0, kept: 0, flat: 2 });
      expect(skillPool(fighterSystem, "stealth", 2, derived.skillBonus!)).toBe("6k3+4");
    });

    it("adds to the land speed a species sets, and changes nothing when absent or zero", () => {
      const zeros = {
        ...fighterSystem.bonuses,
        speed: 0,
        dodge: fighterSystem.bonuses.toHit,
        skills: fighterSystem.bonuses.toHit,
      };
      const species = { type: "fade-species", system: { size: 2, speed: 8 } };
      const light = fighterItems.slice(0, 1);
      expect(derive(fadeSource({ ...fighterSystem, effectBonuses }, [...light, species]).source).speed).toBe(8 + 2 - 1);
      expect(fadeSource(fighterSystem, fighterItems)).toEqual(
        fadeSource({ ...fighterSystem, effectBonuses: { ...effectBonuses, ...zeros } }, fighterItems),
      );
    });
  });
});
