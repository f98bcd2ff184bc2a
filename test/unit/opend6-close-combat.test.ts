import { describe, expect, it } from "vitest";
import { api } from "../../src/api";
import {
  UNARMED_ATTACK,
  optionEffects,
  optionsRefusal,
  unarmedDamage,
  unarmedReaches,
} from "../../src/rulesets/opend6/rules";

// OpenD6's close combat rules (issue 29, OpenD6 missing), worked out by hand from the text.

describe("OpenD6: the unarmed blow", () => {
  it('"damage total = roll of weapon damage die code plus character\'s Strength Damage die code": unarmed, the code is Strength Damage alone', () => {
    expect(UNARMED_ATTACK.skill).toBe("brawling");
    expect(unarmedDamage("2D")).toBe("2D");
    // The text's examples: Physique 3D gives 2D, lifting 6D+2 gives 3D.
    expect(api.rules.opend6.unarmedDamage("3D")).toBe("2D");
    expect(api.rules.opend6.unarmedDamage("6D+2")).toBe("3D");
    expect(() => api.rules.opend6.unarmedDamage("lots")).toThrow(RangeError);
  });

  it('"characters may use unarmed close combat attacks at Point Blank range only"', () => {
    expect(unarmedReaches("pointBlank")).toBe(true);
    expect(["short", "medium", "long"].map((r) => api.rules.opend6.unarmedReaches(r as never))).toEqual([
      false,
      false,
      false,
    ]);
  });
});

describe("OpenD6: who can act, and how long a knockout lasts", () => {
  it('"a character rendered unconscious, immobile, or otherwise unable to act loses his action"', () => {
    expect(api.rules.opend6.actionRefusal("severelyWounded")).toBeNull();
    expect(api.rules.opend6.actionRefusal("incapacitated")).toBe("outOfAction");
    expect(api.rules.opend6.actionRefusal("mortallyWounded", true)).toBe("outOfAction");
    expect(api.rules.opend6.actionRefusal("none", true)).toBe("unconscious");
  });

  it('"he falls unconscious for a number of hours equal to difference between the combat skill total and the combat difficulty"', () => {
    expect(api.rules.opend6.knockoutHours(18, 15)).toBe(3);
    expect(api.rules.opend6.knockoutHours(15, 15)).toBe(0);
    expect(() => api.rules.opend6.knockoutHours(Number.NaN, 15)).toThrow(RangeError);
  });
});

describe("OpenD6: parry and block damage", () => {
  const base = {
    attackSkill: "brawling",
    attackEdged: false,
    defenseSkill: "meleeCombat",
    parryEdged: true,
    defenderArmored: false,
  };

  it('"If the character uses a sharp or energized weapon ... to parry an unarmed blow and is successful at the block, the attacker takes damage from the weapon"', () => {
    expect(api.rules.opend6.struckBy(base)).toBe("parry");
    // A blunt parry, a parry of a weapon, or a dodge hurt nobody.
    expect(api.rules.opend6.struckBy({ ...base, parryEdged: false })).toBeNull();
    expect(api.rules.opend6.struckBy({ ...base, attackSkill: "meleeCombat" })).toBeNull();
    expect(api.rules.opend6.struckBy({ ...base, defenseSkill: "dodge" })).toBeNull();
    // "do not add the defender's Physique to the listed weapon damage score"
    expect(api.rules.opend6.listedDamage("+1D")).toBe("1D");
    expect(api.rules.opend6.listedDamage("4D+1")).toBe("4D+1");
  });

  it('"the defender always takes the weapon\'s damage total ... The character may avoid this aspect by having armor"', () => {
    const block = {
      ...base,
      attackSkill: "meleeCombat",
      attackEdged: true,
      defenseSkill: "brawling",
      parryEdged: false,
    };
    expect(api.rules.opend6.struckBy(block)).toBe("block");
    expect(api.rules.opend6.struckBy({ ...block, defenderArmored: true })).toBeNull();
    expect(api.rules.opend6.struckBy({ ...block, attackEdged: false })).toBeNull();
    // A thrown knife is no hand weapon.
    expect(api.rules.opend6.struckBy({ ...block, attackSkill: "throwing" })).toBeNull();
  });
});

describe("OpenD6: knockdown, push, trip and lunge", () => {
  it('"the opponent loses 2D from her next Reflexes or Reflexes-based skill roll"', () => {
    expect(api.rules.opend6.stumbleDice).toBe(2);
    expect(["reflexes", "dodge", "brawling", "meleeCombat"].every((id) => api.rules.opend6.reflexesBased(id))).toBe(
      true,
    );
    expect(["physique", "marksmanship", "search"].some((id) => api.rules.opend6.reflexesBased(id))).toBe(false);
    const knock = optionEffects({ maneuver: "knockdown" });
    expect(knock).toMatchObject({ noDamage: true, stumble: true, status: "prone" });
    expect(optionEffects({ maneuver: "push" })).toMatchObject({ noDamage: true, stumble: true, status: null });
    expect(optionEffects({ maneuver: "trip" })).toMatchObject({ stumble: true, status: "prone" });
  });

  it('"he may only knockdown or push a character whose Physique ... is equal to or less than his own"; "Using brawling or a blunt melee weapon"', () => {
    expect(api.rules.opend6.mayKnockDown("3D", "3D")).toBe(true);
    expect(api.rules.opend6.mayKnockDown("3D", "3D+1")).toBe(false);
    expect(optionsRefusal({ maneuver: "trip" }, "meleeCombat", 12, 0, true)).toBe("blunt");
    expect(optionsRefusal({ maneuver: "trip" }, "meleeCombat", 12, 0, false)).toBeNull();
    expect(optionsRefusal({ maneuver: "push" }, "marksmanship", 12)).toBe("wrongSkill");
  });

  it('"Lunge: ... it lowers the effectiveness of the attack" (ours: +1D (3) to the difficulty, −1D damage)', () => {
    expect(optionEffects({ maneuver: "lunge" })).toMatchObject({ difficulty: 3, damageDice: -1 });
  });
});

describe("OpenD6: disarm", () => {
  it('"If the defender\'s roll is greater than the damage, the target character retains the item. If it is less than or equal to the damage, she drops it"', () => {
    expect(api.rules.opend6.keepsGrip(13, 12)).toBe(true);
    expect(api.rules.opend6.keepsGrip(12, 12)).toBe(false);
    expect(optionEffects({ maneuver: "disarm", calledShot: "small" })).toMatchObject({
      disarm: true,
      difficulty: 3,
      damageDice: 1,
    });
    // "The character chooses a specific target, like a gun in a thug's hand": a called shot.
    expect(optionsRefusal({ maneuver: "disarm" }, "brawling", 12)).toBe("disarmCalled");
    expect(optionsRefusal({ maneuver: "disarm", calledShot: "small" }, "brawling", 12)).toBeNull();
  });
});
