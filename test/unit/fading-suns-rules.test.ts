import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { api } from "../../src/api";

// Fading Suns' public rules (issue 17's contract), from fading-suns.txt and shared/rules/README.md;
// every number worked out by hand.
const fs = api.rules["fading-suns"];

describe("Fading Suns Victory Points", () => {
  it("reads the chart: 0 for a 1, floor(roll / 2) from 2 to 19", () => {
    expect([1, 2, 3, 4, 9, 12, 17, 18, 19].map((r) => fs.victoryPoints(r))).toEqual([0, 1, 1, 2, 4, 6, 8, 9, 9]);
    expect(fs.victoryPoints(20)).toBe(0);
    expect(() => fs.victoryPoints(0)).toThrow(RangeError);
    expect(() => fs.victoryPoints(21)).toThrow(RangeError);
    expect(() => fs.victoryPoints(2.5)).toThrow(RangeError);
  });
});

describe("Fading Suns goal rolls", () => {
  it("succeeds under the goal, fails over it, and a 1 always succeeds with 0 VP", () => {
    expect(fs.resolveGoal({ goal: 12, rolls: [7] })).toEqual({
      outcome: "success",
      victoryPoints: 3,
      needsReroll: false,
    });
    expect(fs.resolveGoal({ goal: 12, rolls: [13] })).toEqual({
      outcome: "failure",
      victoryPoints: 0,
      needsReroll: false,
    });
    expect(fs.resolveGoal({ goal: 0, rolls: [1] })).toEqual({
      outcome: "success",
      victoryPoints: 0,
      needsReroll: false,
    });
    expect(fs.resolveGoal({ goal: 0, rolls: [2] }).outcome).toBe("failure");
  });

  it("makes a roll at the goal a critical; in combat it is rerolled and a success adds both rolls' VP", () => {
    expect(fs.resolveGoal({ goal: 12, rolls: [12] })).toEqual({
      outcome: "critical",
      victoryPoints: 6,
      needsReroll: false,
    });
    expect(fs.resolveGoal({ goal: 12, rolls: [12], combat: true })).toEqual({
      outcome: "critical",
      victoryPoints: 6,
      needsReroll: true,
    });
    // Reroll 9: 6 + 4 VP. Reroll 15 fails: still critical with the first roll's 6.
    expect(fs.resolveGoal({ goal: 12, rolls: [12, 9], combat: true })).toEqual({
      outcome: "critical",
      victoryPoints: 10,
      needsReroll: false,
    });
    expect(fs.resolveGoal({ goal: 12, rolls: [12, 15], combat: true })).toEqual({
      outcome: "critical",
      victoryPoints: 6,
      needsReroll: false,
    });
  });

  it("fails on a 20 whatever the goal, and its reroll decides a plain or a critical failure", () => {
    expect(fs.resolveGoal({ goal: 25, rolls: [20] })).toEqual({
      outcome: "failure",
      victoryPoints: 0,
      needsReroll: true,
    });
    expect(fs.resolveGoal({ goal: 12, rolls: [20, 5] })).toEqual({
      outcome: "failure",
      victoryPoints: 0,
      needsReroll: false,
    });
    expect(fs.resolveGoal({ goal: 12, rolls: [20, 16] })).toEqual({
      outcome: "criticalFailure",
      victoryPoints: 0,
      needsReroll: false,
    });
    expect(fs.resolveGoal({ goal: 12, rolls: [20, 20] }).outcome).toBe("criticalFailure");
  });

  it("refuses rolls that are not a d20 and more than one reroll", () => {
    expect(() => fs.resolveGoal({ goal: 12, rolls: [] })).toThrow(RangeError);
    expect(() => fs.resolveGoal({ goal: 12, rolls: [0] })).toThrow(RangeError);
    expect(() => fs.resolveGoal({ goal: 12, rolls: [3, 4, 5] })).toThrow(RangeError);
    expect(() => fs.resolveGoal({ goal: Number.NaN, rolls: [3] })).toThrow(RangeError);
  });

  it("never gives VP to a failure, and only successes of goal 2-19 reach the chart (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 30 }),
        fc.integer({ min: 1, max: 20 }),
        fc.boolean(),
        (goal, roll, combat) => {
          const r = fs.resolveGoal({ goal, rolls: [roll], combat });
          if (r.outcome === "failure" || r.outcome === "criticalFailure") expect(r.victoryPoints).toBe(0);
          if (roll === 20) expect(r.outcome).toBe("failure");
          expect(r.victoryPoints).toBeLessThanOrEqual(9);
        },
      ),
    );
  });
});

describe("Fading Suns contested and complementary actions", () => {
  it("takes the lower VP from the higher; 0 is a push unless one side alone rolled a critical", () => {
    expect(fs.contested({ victoryPoints: 5 }, { victoryPoints: 3 })).toEqual({ winner: "a", victoryPoints: 2 });
    expect(fs.contested({ victoryPoints: 1 }, { victoryPoints: 4 })).toEqual({ winner: "b", victoryPoints: 3 });
    expect(fs.contested({ victoryPoints: 3 }, { victoryPoints: 3 })).toEqual({ winner: "push", victoryPoints: 0 });
    expect(fs.contested({ victoryPoints: 3, critical: true }, { victoryPoints: 3 })).toEqual({
      winner: "a",
      victoryPoints: 0,
    });
    expect(fs.contested({ victoryPoints: 3, critical: true }, { victoryPoints: 3, critical: true }).winner).toBe(
      "push",
    );
  });

  it("turns a complementary roll's VP into a goal bonus (the marsh eel), and a quick one into half the rating", () => {
    // Wits 4 + Planetary Lore 4 = goal 8; a 6 gives 3 VP: +3 to the Physick goal.
    const roll = fs.resolveGoal({ goal: 8, rolls: [6] });
    expect(fs.complementaryBonus(roll.victoryPoints)).toBe(3);
    expect([0, 1, 2, 3, 4, 7].map((r) => fs.quickComplementary(r))).toEqual([1, 1, 1, 1, 2, 3]);
    expect(() => fs.quickComplementary(-1)).toThrow(RangeError);
  });
});

describe("Fading Suns combat numbers", () => {
  it("has the text's stances; the aggressive fighter takes the goal or the damage bonus", () => {
    expect(fs.stance("aggressive")).toEqual({ defense: -2, goal: 4, damage: 0 });
    expect(fs.stance("aggressive", "damage")).toEqual({ defense: -2, goal: 0, damage: 2 });
    expect(fs.stance("neutral")).toEqual({ defense: 0, goal: 0, damage: 0 });
    expect(fs.stance("defensive")).toEqual({ defense: 2, goal: -4, damage: 0 });
    expect(fs.stance("fullDefense")).toEqual({ defense: 4, goal: 0, damage: 0 });
    expect(() => fs.stance("reckless" as never)).toThrow(RangeError);
  });

  it("reads the Strength bonus chart", () => {
    expect([1, 5, 6, 8, 9, 11, 12].map((s) => fs.strengthDamageBonus(s))).toEqual([0, 0, 1, 1, 2, 2, 3]);
    expect(fs.strengthDamageBonus(15)).toBe(4);
  });

  it("reads the range chart and adds up initiative", () => {
    expect(fs.rangeBands.map((b) => fs.rangeModifier(b))).toEqual([2, 0, -2, -4, -6]);
    expect(fs.initiative({ dexterity: 5, wits: 4, situation: -2, roll: 3 })).toBe(10);
    expect(fs.initiative({ dexterity: 5, wits: 4, roll: 6 })).toBe(15);
    expect(() => fs.initiative({ dexterity: 5, wits: 4, roll: 7 })).toThrow(RangeError);
  });
});
