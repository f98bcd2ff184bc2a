import { describe, expect, it } from "vitest";
import {
  bodyPointsLevel,
  checkCode,
  combatDifficulty,
  damageCode,
  defenseBonus,
  derive,
  hitTotals,
  resolveHit,
  woundAfter,
  type OpenD6Source,
} from "../../src/rulesets/opend6/rules";

// The OpenD6 numbers the sheets and cards read, worked out by hand from the text and our decisions
// (shared/rules/README.md, docs/rules-decisions.md).

const hero: OpenD6Source = {
  attributes: {
    reflexes: "3D+1",
    coordination: "3D",
    physique: "4D+2",
    knowledge: "2D",
    perception: "3D+2",
    presence: "2D+1",
  },
  skills: { dodge: "1D", lifting: "+1D+2", brawling: "" },
  wounds: "none",
  bodyPoints: { value: 20, max: 20 },
  armor: ["1D+1", "1D"],
};

describe("OpenD6 derive", () => {
  it("adds a skill's dice to its attribute and reads Strength Damage from lifting", () => {
    const d = derive(hero, { mode: "wounds" });
    expect(d.attributes.physique).toBe("4D+2");
    // 3D+1 and 1D: 4D+1.
    expect(d.skills.dodge).toMatchObject({ code: "4D+1", added: "1D", trained: true, attribute: "reflexes" });
    // An untrained skill rolls its attribute.
    expect(d.skills.brawling).toMatchObject({ code: "3D+1", added: "", trained: false });
    // Lifting 4D+2 and 1D+2 is 5D+4, which is 6D+1: 6 dice halved, 3D.
    expect(d.skills.lifting!.code).toBe("6D+1");
    expect(d.strengthDamage).toBe("3D");
    // Without lifting, Physique 4D+2: 4 dice halved, 2D.
    expect(derive({ ...hero, skills: {} }, { mode: "wounds" }).strengthDamage).toBe("2D");
  });

  it("resists with Physique and worn armor for Wound levels, armor alone for Body Points", () => {
    // Armor 1D+1 and 1D is 2D+1; with Physique 4D+2 that is 6D+3 = 7D.
    expect(derive(hero, { mode: "wounds" })).toMatchObject({ armor: "2D+1", resistance: "7D" });
    expect(derive(hero, { mode: "bodyPoints" })).toMatchObject({ armor: "2D+1", resistance: "2D+1" });
    expect(derive({ ...hero, armor: [] }, { mode: "bodyPoints" }).resistance).toBe("0D");
  });

  it("sets passive defense at 10, raised by the optional modifier for Reflexes or dodge above 4D", () => {
    expect(derive(hero, { mode: "wounds" }).passiveDefense).toBe(10);
    // Dodge 4D+1: 4 dice, nothing above 4D.
    expect(derive(hero, { mode: "wounds", defenseBonus: true }).passiveDefense).toBe(10);
    // Dodge 3D+1 and 4D = 7D+1: 3 dice above 4D, halved and rounded up, +2.
    expect(derive({ ...hero, skills: { dodge: "4D" } }, { mode: "wounds", defenseBonus: true }).passiveDefense).toBe(
      12,
    );
    // The text: 4D in Reflexes gives nothing; 7D gives +2 (its acrobatics example, the same steps).
    expect(defenseBonus("4D", "0D")).toBe(0);
    expect(defenseBonus("7D", "0D")).toBe(2);
    expect(defenseBonus("6D+2", "0D")).toBe(1);
  });

  it("reports codes it cannot read and counts them as 0D", () => {
    const d = derive({ ...hero, attributes: { ...hero.attributes, knowledge: "lots" } }, { mode: "wounds" });
    expect(d.invalid).toEqual(["attributes.knowledge"]);
    expect(d.attributes.knowledge).toBe("0D");
  });

  it("takes the Wound level's dice from every roll: stored levels, or from the Body Points left", () => {
    expect(derive({ ...hero, wounds: "severelyWounded" }, { mode: "wounds" })).toMatchObject({
      woundLevel: "severelyWounded",
      woundPenalty: 2,
      outOfAction: false,
    });
    expect(derive({ ...hero, wounds: "incapacitated" }, { mode: "wounds" }).outOfAction).toBe(true);
    // Body Points: above half none, half or less Wounded, a quarter or less Severely Wounded, 0 Incapacitated.
    expect(bodyPointsLevel(11, 20)).toBe("none");
    expect(bodyPointsLevel(10, 20)).toBe("wounded");
    expect(bodyPointsLevel(5, 20)).toBe("severelyWounded");
    expect(bodyPointsLevel(0, 20)).toBe("incapacitated");
    expect(derive({ ...hero, bodyPoints: { value: 5, max: 20 } }, { mode: "bodyPoints" }).woundPenalty).toBe(2);
    // Wound levels stored are ignored while the world counts Body Points.
    expect(derive({ ...hero, wounds: "wounded" }, { mode: "bodyPoints" }).woundPenalty).toBe(0);
  });
});

describe("OpenD6 roll codes", () => {
  it("takes penalties in dice, keeps the pips, and adds Character Point dice", () => {
    expect(checkCode({ code: "4D+2", penaltyDice: 1, characterPoints: 2 })).toEqual({
      dice: 3,
      pips: 2,
      characterPoints: 2,
      formula: "3D+2+2CP",
    });
    // Never below 0D: the pips stay.
    expect(checkCode({ code: "2D+1", penaltyDice: 5 }).formula).toBe("0D+1");
  });

  it("doubles the dice for a Fate Point after penalties and bonuses, not the pips or Character Point dice", () => {
    // 4D+1 less 1D plus 1D is 4D+1; doubled, 8D+1.
    expect(checkCode({ code: "4D+1", penaltyDice: 1, bonusDice: 1, fatePoint: true, characterPoints: 1 }).formula).toBe(
      "8D+1+1CP",
    );
  });

  it("refuses impossible numbers", () => {
    expect(() => checkCode({ code: "3D", characterPoints: -1 })).toThrow(RangeError);
    expect(() => checkCode({ code: "3D", penaltyDice: 1.5 })).toThrow(RangeError);
    expect(() => checkCode({ code: "three" })).toThrow(RangeError);
  });
});

describe("OpenD6 wounds", () => {
  it("moves the track to the worse level, one step down for a repeated wound of Wounded or worse", () => {
    expect(woundAfter("none", "stunned")).toBe("stunned");
    expect(woundAfter("stunned", "stunned")).toBe("stunned");
    expect(woundAfter("wounded", "stunned")).toBe("wounded");
    expect(woundAfter("wounded", "wounded")).toBe("severelyWounded");
    expect(woundAfter("severelyWounded", "wounded")).toBe("incapacitated");
    expect(woundAfter("wounded", "incapacitated")).toBe("incapacitated");
    expect(woundAfter("mortallyWounded", "wounded")).toBe("mortallyWounded");
    expect(woundAfter("wounded", "none")).toBe("wounded");
  });

  it("compares the damage total with the resistance total", () => {
    // 17 against 12: 5 past it, Wounded on the chart (4-8).
    expect(resolveHit({ mode: "wounds", damage: 17, resistance: 12, wounds: "none", bodyPoints: 20 })).toMatchObject({
      excess: 5,
      injured: true,
      hitLevel: "wounded",
      woundsAfter: "wounded",
    });
    // Equal is not injured.
    expect(resolveHit({ mode: "wounds", damage: 12, resistance: 12, wounds: "stunned", bodyPoints: 20 })).toMatchObject(
      {
        excess: 0,
        injured: false,
        woundsAfter: "stunned",
      },
    );
    // Body Points: 20 less 5.
    expect(
      resolveHit({ mode: "bodyPoints", damage: 17, resistance: 12, wounds: "none", bodyPoints: 20 }),
    ).toMatchObject({ excess: 5, bodyPointsBefore: 20, bodyPointsAfter: 15, woundsAfter: "none" });
    // A world's chart is read instead of the default.
    const chart = [
      { from: 1, level: "wounded" },
      { from: 3, level: "incapacitated" },
    ];
    expect(
      resolveHit({ mode: "wounds", damage: 15, resistance: 12, wounds: "none", bodyPoints: 0, chart }).hitLevel,
    ).toBe("incapacitated");
  });
});

describe("OpenD6 attacks", () => {
  it("adds range, cover and posture to the defense, never below 3", () => {
    // 10, Medium +5, half hidden +6: 21.
    expect(combatDifficulty(10, { range: "medium", cover: "half", posture: "standing" }).value).toBe(21);
    // Prone at Point Blank -6 and Point Blank -5: -1, so 3.
    expect(combatDifficulty(10, { range: "pointBlank", cover: "none", posture: "prone" })).toMatchObject({
      range: -5,
      posture: -6,
      value: 3,
    });
    // Prone at Long: +10 and +6.
    expect(combatDifficulty(10, { range: "long", cover: "none", posture: "prone" }).value).toBe(26);
    // Crouching +1D (3); crouching and moving +2D (6); an active defense replaces the 10; scale adds.
    expect(combatDifficulty(10, { range: "short", cover: "none", posture: "crouching" }).value).toBe(13);
    expect(combatDifficulty(18, { range: "short", cover: "quarter", posture: "crouchingMoving" }, 6).value).toBe(33);
  });

  it("adds a '+' weapon code to Strength Damage and leaves a plain one alone", () => {
    expect(damageCode("2D", "+1D+1")).toBe("3D+1");
    expect(damageCode("2D", "4D")).toBe("4D");
    expect(damageCode("2D", "3D+4")).toBe("4D+1");
  });

  it("adds the optional damage bonus and scale to the totals", () => {
    // 23 against 15: 8 over, a fifth rounded up is 2.
    const totals = hitTotals({
      attackTotal: 23,
      difficulty: 15,
      damageRoll: 12,
      resistanceRoll: 9,
      useDamageBonus: true,
      attackerScale: 0,
      defenderScale: 0,
    });
    expect(totals).toMatchObject({ damage: 14, resistance: 9, bonus: 2 });
    // The text's thief (0) stepping on a toy tank (-6): the larger attacker adds 6 to its damage.
    const thief = hitTotals({
      attackTotal: 23,
      difficulty: 15,
      damageRoll: 12,
      resistanceRoll: 9,
      useDamageBonus: false,
      attackerScale: 0,
      defenderScale: -6,
    });
    expect(thief).toMatchObject({ damage: 18, resistance: 9, bonus: 0 });
    // The tank shooting the thief: the smaller attacker's target adds 6 to its resistance.
    const tank = hitTotals({
      attackTotal: 10,
      difficulty: 10,
      damageRoll: 5,
      resistanceRoll: 9,
      useDamageBonus: false,
      attackerScale: -6,
      defenderScale: 0,
    });
    expect(tank).toMatchObject({ damage: 5, resistance: 15 });
  });
});
