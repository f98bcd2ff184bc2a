import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { api } from "../../src/api";

// FUDGE's public rules (issue 18's contract), from fudge.txt and shared/rules/README.md; every
// number worked out by hand.
const fudge = api.rules.fudge;

describe("The FUDGE ladder", () => {
  it("names every level, with Legendary and Infamous one past the ends and steps beyond", () => {
    expect([-3, -2, -1, 0, 1, 2, 3].map((l) => fudge.levelName(l))).toEqual([
      "Terrible",
      "Poor",
      "Mediocre",
      "Fair",
      "Good",
      "Great",
      "Superb",
    ]);
    expect(fudge.levelName(4)).toBe("Legendary");
    expect(fudge.levelName(5)).toBe("Superb +2");
    expect(fudge.levelName(-4)).toBe("Infamous");
    expect(fudge.levelName(-5)).toBe("Terrible \u22122");
    expect(() => fudge.levelName(1.5)).toThrow(RangeError);
  });

  it("reads names back, in any case, with either minus", () => {
    expect(fudge.levelOf("good")).toBe(1);
    expect(fudge.levelOf("  SUPERB +1 ")).toBe(4);
    expect(fudge.levelOf("Terrible -2")).toBe(-5);
    expect(fudge.levelOf("Terrible \u22122")).toBe(-5);
    expect(fudge.levelOf("Legendary")).toBe(4);
    for (const bad of ["", "Awesome", "Good +", "<b>Good</b>", "Superb + x"]) {
      expect(() => fudge.levelOf(bad), bad).toThrow(RangeError);
    }
  });

  it("reads back every name it writes (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: -200, max: 200 }), (level) => {
        expect(fudge.levelOf(fudge.levelName(level))).toBe(level);
      }),
    );
  });
});

describe("FUDGE actions", () => {
  it("adds the four dice to the trait and judges against the difficulty (the cliff example)", () => {
    // Parri (Great) rolls +1: Superb. Mickey (Good) rolls −1: Fair, one under the Good difficulty.
    expect(fudge.rolled(2, [1, 1, 0, -1])).toBe(3);
    const mickey = fudge.rolled(1, [-1, 0, 0, 0]);
    expect(fudge.judge(mickey, 1)).toEqual({ success: false, relativeDegree: -1 });
    expect(fudge.judge(3, 1)).toEqual({ success: true, relativeDegree: 2 });
    expect(fudge.judge(1, 1)).toEqual({ success: true, relativeDegree: 0 });
    expect(() => fudge.rolled(0, [2, 0, 0, 0])).toThrow(RangeError);
    expect(() => fudge.rolled(0, [1, 0, 0])).toThrow(RangeError);
  });

  it("gives the unit-size Scale bonus from the table, +1 for each further 50% past 90", () => {
    const sizes = [1, 2, 3, 4, 5, 7, 9, 10, 15, 25, 40, 60, 89, 90, 134, 135, 202, 203];
    expect(sizes.map((s) => fudge.unitScale(s))).toEqual([0, 1, 2, 2, 3, 4, 4, 5, 6, 7, 8, 9, 9, 10, 10, 11, 11, 12]);
    expect(() => fudge.unitScale(0)).toThrow(RangeError);
  });
});

describe("Yoki's melee round", () => {
  it("has the text's five stances", () => {
    expect(fudge.stances.map((s) => [s, fudge.stance(s)])).toEqual([
      ["violent", { offense: 2, defense: -2 }],
      ["offensive", { offense: 1, defense: -1 }],
      ["normal", { offense: 0, defense: 0 }],
      ["defensive", { offense: -1, defense: 1 }],
      ["protective", { offense: -2, defense: 2 }],
    ]);
    expect(() => fudge.stance("berserk" as never)).toThrow(RangeError);
  });

  it("lets both sides hit in one round, each roll counting for offense and defense", () => {
    // A: Good (1) sword, violent (+2/−2), rolls 0: offense 3, defense −1. B: Fair (0), normal, rolls +1:
    // offense 1, defense 1. A beats B's defense by 2; B beats A's by 2.
    const round = fudge.meleeRound({
      a: { offense: 1, defense: 1, stance: "violent" },
      b: { offense: 0, defense: 0 },
      rollA: 0,
      rollB: 1,
    });
    expect(round).toEqual({
      a: { hits: true, relativeDegree: 2 },
      b: { hits: true, relativeDegree: 2 },
      standOff: false,
    });
  });

  it("needs Poor to hit; both below it is a stand-off", () => {
    // Both Fair, roll −3: Terrible results, relative degree 0 either way; neither reaches Poor.
    const silly = fudge.meleeRound({
      a: { offense: 0, defense: 0 },
      b: { offense: 0, defense: 0 },
      rollA: -3,
      rollB: -3,
    });
    expect(silly.standOff).toBe(true);
    // A rolls −2 (Poor), B −4 (Infamous): A beats B by 2 and reaches Poor; B does not.
    const poor = fudge.meleeRound({
      a: { offense: 0, defense: 0 },
      b: { offense: 0, defense: 0 },
      rollA: -2,
      rollB: -4,
    });
    expect(poor).toMatchObject({ a: { hits: true, relativeDegree: 2 }, b: { hits: false }, standOff: false });
    // A giant needs Fair: its Mediocre blow wins but does not hit.
    const giant = fudge.meleeRound({
      a: { offense: 0, defense: 0, minimum: 0 },
      b: { offense: 0, defense: 0 },
      rollA: -1,
      rollB: -3,
    });
    expect(giant.a).toEqual({ hits: false, relativeDegree: 2 });
  });

  it('"On a relative degree of 0, the combat round is a stand-off": a tie is a stand-off, a win is not', () => {
    // Both Fair, both roll +1: Good results, relative degree 0 either way, both above Poor.
    const tie = fudge.meleeRound({ a: { offense: 0, defense: 0 }, b: { offense: 0, defense: 0 }, rollA: 1, rollB: 1 });
    expect(tie).toEqual({
      a: { hits: false, relativeDegree: 0 },
      b: { hits: false, relativeDegree: 0 },
      standOff: true,
    });
    // A tie on one side only, the other side missing too (A protective: offense −2, defense +2).
    const guarded = fudge.meleeRound({
      a: { offense: 0, defense: 0, stance: "protective" },
      b: { offense: 0, defense: 0 },
      rollA: 2,
      rollB: 0,
    });
    expect(guarded).toMatchObject({ a: { relativeDegree: 0 }, b: { hits: false, relativeDegree: -4 }, standOff: true });
    // One side at 0 while the other hits: someone is hurt, so no stand-off.
    const hurt = fudge.meleeRound({
      a: { offense: 0, defense: 0, stance: "violent" },
      b: { offense: 0, defense: 0 },
      rollA: 0,
      rollB: 2,
    });
    expect(hurt).toMatchObject({
      a: { hits: false, relativeDegree: 0 },
      b: { hits: true, relativeDegree: 4 },
      standOff: false,
    });
    // Both miss without a tie (both protective): not the text's stand-off.
    const apart = fudge.meleeRound({
      a: { offense: 0, defense: 0, stance: "protective" },
      b: { offense: 0, defense: 0, stance: "protective" },
      rollA: 0,
      rollB: 0,
    });
    expect(apart).toMatchObject({ a: { hits: false, relativeDegree: -4 }, b: { hits: false }, standOff: false });
  });

  it("takes −1 off a lone fighter's offense and defense for each foe beyond the first", () => {
    const round = fudge.meleeRound({
      a: { offense: 2, defense: 2, foes: 3 },
      b: { offense: 0, defense: 0 },
      rollA: 0,
      rollB: 0,
    });
    // A: 2 − 2 = 0 both ways; B: 0. Neither beats the other.
    expect(round).toMatchObject({ a: { hits: false, relativeDegree: 0 }, b: { hits: false, relativeDegree: 0 } });
  });
});

describe("FUDGE damage and wounds", () => {
  it("takes the defensive factor from the offensive one; +1 is a graze", () => {
    // Relative degree 2, Good Build (+1), broadsword (+2, sharp +1) vs Fair Health, light metal (+2): 8 − 2 = 6.
    expect(fudge.damage({ relativeDegree: 2, build: 1, weapon: { size: 2, sharp: true }, armor: 2 })).toEqual({
      damage: 6,
      graze: false,
    });
    // The text's large mace (+2) against plate (+4): the armor counts +2. Degree 1: 2 + 2 − 2 = 2, a graze.
    expect(fudge.damage({ relativeDegree: 1, weapon: { size: 2 }, armor: 4, heavyBlunt: true })).toEqual({
      damage: 2,
      graze: true,
    });
    // A bare fist (−1) against Good Health and a Mass Scale of 1: 2 − 1 − 1 − 1 = −1.
    expect(fudge.damage({ relativeDegree: 1, weapon: { size: -1 }, health: 1, massScale: 1 }).damage).toBe(-1);
  });

  it("reads the wound table, and the graze table for a graze", () => {
    const table = [0, 1, 3, 4, 6, 7, 9, 10, 12, 13, 30].map((d) => fudge.woundFor(d));
    expect(table).toEqual([
      "undamaged",
      "scratch",
      "scratch",
      "light",
      "light",
      "major",
      "major",
      "critical",
      "critical",
      "coma",
      "coma",
    ]);
    expect([-1, 0, 4, 5, 12].map((d) => fudge.woundFor(d, true))).toEqual([
      "undamaged",
      "scratch",
      "scratch",
      "light",
      "light",
    ]);
  });

  it("marks a box, the next level up when one is full, and leaves the input alone", () => {
    const track = { scratch: 3, light: 2 };
    const after = fudge.markWound(track, "light");
    expect(after).toEqual({ scratch: 3, light: 2, major: 1, critical: 0, coma: 0 });
    expect(track).toEqual({ scratch: 3, light: 2 });
    expect(fudge.markWound({}, "scratch")).toEqual({ scratch: 1, light: 0, major: 0, critical: 0, coma: 0 });
    const full = { scratch: 3, light: 2, major: 1, critical: 1, coma: 1 };
    expect(fudge.markWound(full, "major")).toEqual(full);
  });

  it("penalises later rolls by the worst wound marked", () => {
    expect(fudge.woundPenalty({ scratch: 3 })).toBe(0);
    expect(fudge.woundPenalty({ scratch: 1, light: 1 })).toBe(-1);
    expect(fudge.woundPenalty({ light: 2, major: 1 })).toBe(-2);
    expect(fudge.woundPenalty({ critical: 1 })).toBe(-3);
  });
});
