import { describe, expect, it } from "vitest";
import { api } from "../../src/api";
import { derive, ownDefense } from "../../src/rulesets/fading-suns/rules";

// Issue 29's "Missing" list for Fading Suns, rule by rule: each test quotes the line of fading-suns.txt
// it checks; every number worked out by hand.
const fs = api.rules["fading-suns"];

const source = (over: Partial<Parameters<typeof derive>[0]> = {}) =>
  derive({
    strength: 5,
    endurance: 5,
    vitality: { value: null, max: null },
    defense: 1,
    stance: "neutral",
    aggressive: "goal",
    surprised: false,
    armor: [],
    ...over,
  });

describe("Fading Suns: running and charging cost the mover Defense", () => {
  it('"Run ... -4 -2" and "Charge ... +2 -2": the mover\'s own Defense drops by 2; other moves cost none', () => {
    expect(fs.moveDefense("run")).toBe(-2);
    expect(fs.moveDefense("charge")).toBe(-2);
    expect(fs.moveDefense("splitMove")).toBe(0);
    expect(fs.moveDefense("kneelStand")).toBe(0);
    expect(fs.moveDefense("none")).toBe(0);
    // What a roll's move leaves on the mover: a charge counts on a melee attack only.
    expect(fs.movedBy("melee", "charge")).toBe("charge");
    expect(fs.movedBy("ranged", "charge")).toBe("none");
    expect(fs.movedBy("check", "run")).toBe("run");
    expect(fs.movedBy("thrown", "run")).toBe("run");
    expect(fs.movedBy("melee", "splitMove")).toBe("none");
    // Base 1, ran: −1; charged while aggressive: 1 − 2 − 2 = −3.
    expect(source({ moved: "run" }).defense).toBe(-1);
    expect(source({ moved: "charge", stance: "aggressive" }).defense).toBe(-3);
    expect(source({ moved: "<b>", stance: "neutral" })).toMatchObject({ moved: "none", defense: 1 });
  });

  it('"If they choose to run they still lose 2 Defense for running": full defense +4, running −2', () => {
    expect(ownDefense({ base: 1, stance: "fullDefense", moved: "run" })).toBe(3);
    expect(source({ stance: "fullDefense", moved: "run" }).defense).toBe(3);
    // "If a group is Surprised, his Defense = 0": nothing lowers it further.
    expect(source({ surprised: true, moved: "run" }).defense).toBe(0);
  });
});

describe("Fading Suns: a Move figure from the movement chart", () => {
  it('"Human 5", "Ur-Obun/Ur-Okar 6", "Vorox 5/6/7": the movement rate of each species', () => {
    expect(fs.movementRate("human")).toBe(5);
    expect(fs.movementRate("urObun")).toBe(6);
    expect(fs.movementRate("urOkar")).toBe(6);
    // "When using two extra limbs for movement they move 6, and when using all six limbs ... they move 7."
    expect(fs.movementRate("vorox")).toBe(5);
    expect(fs.movementRate("vorox", 4)).toBe(6);
    expect(fs.movementRate("vorox", 6)).toBe(7);
    // Limbs count for a Vorox only; an unknown species reads as human.
    expect(fs.movementRate("human", 6)).toBe(5);
    expect(fs.movementRate("<b>")).toBe(5);
    expect(source({ species: "vorox", limbs: 6 })).toMatchObject({ move: 7, chargeDistance: 14 });
  });

  it('"Charge: Can move up to twice movement; +1 Damage Effect Dice ... per meter charged": at most twice Move', () => {
    expect(fs.chargeDistance(5)).toBe(10);
    expect(fs.chargeDistance(7)).toBe(14);
    expect(() => fs.chargeDistance(-1)).toThrow(RangeError);
    const charge = (charge: number, maxCharge?: number) =>
      fs.attackDamage({
        weapon: 4,
        kind: "melee",
        choices: { move: "charge", charge },
        strengthBonus: 0,
        stanceDamage: 0,
        ...(maxCharge === undefined ? {} : { maxCharge }),
      }).effectDice;
    expect(charge(8, 10)).toBe(8);
    expect(charge(14, 10)).toBe(10);
    expect(charge(14)).toBe(14);
  });
});

describe("Fading Suns: surprised fighters and the first turn's initiative", () => {
  it('"Any character winning the opposed roll may roll Initiative and not be caught unaware": the surprised roll from the second turn', () => {
    expect(fs.rollsInitiative({ surprised: true, round: 0 })).toBe(false);
    expect(fs.rollsInitiative({ surprised: true, round: 1 })).toBe(false);
    // "Entering Initiative: Any characters that did not roll Initiative may roll now."
    expect(fs.rollsInitiative({ surprised: true, round: 2 })).toBe(true);
    expect(fs.rollsInitiative({ surprised: false, round: 0 })).toBe(true);
    expect(fs.rollsInitiative({ surprised: false, round: 1 })).toBe(true);
  });
});

describe("Fading Suns: the rolls a knock-out and a disarm ask of their target", () => {
  it('"Target must make Endurance + Vigor roll against final damage done to avoid Knockout"', () => {
    // Endurance 4 + Vigor 3 = 7; 3 damage done: goal 4. A 5 fails: knocked out.
    const ko = fs.resistGoal("knockOut", {
      characteristics: { endurance: 4, strength: 9 },
      vigor: 3,
      woundPenalty: 0,
      damage: 3,
    });
    expect(ko).toEqual({ natural: 7, parts: [{ id: "damageDone", value: -3 }], goal: 4 });
    expect(fs.resistFails("failure")).toBe(true);
    expect(fs.resistFails("criticalFailure")).toBe(true);
    expect(fs.resistFails("success")).toBe(false);
    expect(fs.resistFails("critical")).toBe(false);
    // With wounds (−2 at 5 left) and no damage past the armor.
    expect(
      fs.resistGoal("knockOut", { characteristics: { endurance: 4 }, vigor: 3, woundPenalty: -2, damage: 0 }),
    ).toEqual({ natural: 7, parts: [{ id: "wounds", value: -2 }], goal: 5 });
    expect(() => fs.resistGoal("knockOut", { characteristics: {}, vigor: 3, woundPenalty: 0, damage: -1 })).toThrow(
      RangeError,
    );
  });

  it('"defender must roll against Damage done or drop weapon": Strength + Vigor (our reading), less the damage', () => {
    expect(
      fs.resistGoal("disarm", { characteristics: { endurance: 4, strength: 7 }, vigor: 3, woundPenalty: 0, damage: 2 })
        .goal,
    ).toBe(8);
  });
});

describe("Fading Suns: knockdown's contest", () => {
  const erian = {
    characteristics: { strength: 7, dexterity: 6 },
    naturalSkills: { fight: 4, vigor: 3 },
    woundPenalty: 0,
  };
  it("\"roll Strength + Fight vs target's Dexterity + Vigor\": the attacker's and the target's goals, wounds counted", () => {
    expect(fs.knockdownGoal("attacker", erian)).toEqual({ natural: 11, parts: [], goal: 11 });
    expect(fs.knockdownGoal("defender", { ...erian, woundPenalty: -2 })).toEqual({
      natural: 9,
      parts: [{ id: "wounds", value: -2 }],
      goal: 7,
    });
    expect(() => fs.knockdownGoal("nobody" as never, erian)).toThrow(RangeError);
  });

  it('"knocked down and back 1m/Victory Point, up to attackers Strength rating": net VP in meters, capped by Strength', () => {
    const side = (victoryPoints: number, critical = false) => ({ victoryPoints, critical });
    expect(fs.knockdownResult(side(5), side(2), 7)).toEqual({ knockedDown: true, meters: 3, net: 3 });
    // Strength 4 caps 8 − 1 = 7 VP at 4 m.
    expect(fs.knockdownResult(side(8), side(1), 4)).toEqual({ knockedDown: true, meters: 4, net: 7 });
    // A push (0 VP each way) keeps the footing; a lone critical at a tie wins, though no meter back.
    expect(fs.knockdownResult(side(3), side(3), 7)).toEqual({ knockedDown: false, meters: 0, net: 0 });
    expect(fs.knockdownResult(side(3, true), side(3), 7)).toEqual({ knockedDown: true, meters: 0, net: 0 });
    expect(fs.knockdownResult(side(1), side(3), 7)).toMatchObject({ knockedDown: false });
  });
});

describe("Fading Suns: grapple's contest", () => {
  const brute = {
    characteristics: { strength: 5, dexterity: 4 },
    naturalSkills: { fight: 5, vigor: 3 },
    woundPenalty: 0,
  };
  it("\"roll Strength + Vigor vs target's Strength + Vigor\": both sides the same roll; the attacker's win holds", () => {
    expect(fs.contestGoal("grapple", "attacker", brute)).toEqual({ natural: 8, parts: [], goal: 8 });
    expect(fs.contestGoal("grapple", "defender", brute)).toEqual({ natural: 8, parts: [], goal: 8 });
    expect(fs.contestGoal("knockdown", "defender", brute)).toEqual({ natural: 7, parts: [], goal: 7 });
    expect(fs.grappleResult({ victoryPoints: 4, critical: false }, { victoryPoints: 1, critical: false })).toEqual({
      grappled: true,
      net: 3,
    });
    expect(fs.grappleResult({ victoryPoints: 2, critical: false }, { victoryPoints: 2, critical: false })).toEqual({
      grappled: false,
      net: 0,
    });
    expect(() => fs.contestGoal("strike" as never, "attacker", brute)).toThrow(RangeError);
  });
});
