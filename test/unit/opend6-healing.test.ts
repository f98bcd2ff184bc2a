import { describe, expect, it } from "vitest";
import {
  bodyPointsHealingDifficulty,
  heal,
  healedLevel,
  healingDifficulty,
  naturalBodyPoints,
} from "../../src/rulesets/opend6/rules";

const wounds = (level: "none" | "stunned" | "wounded" | "severelyWounded" | "incapacitated" | "mortallyWounded") => ({
  mode: "wounds" as const,
  wounds: level,
  bodyPoints: { value: 20, max: 20 },
});
const bp = (value: number, max = 20) => ({
  mode: "bodyPoints" as const,
  wounds: "none" as const,
  bodyPoints: { value, max },
});

describe("OpenD6 healing", () => {
  it("sets the difficulty by the Wound level: Very Easy 5 up to Very Difficult 25", () => {
    expect(healingDifficulty(wounds("none"))).toBeNull();
    expect(healingDifficulty(wounds("stunned"))).toBe(5);
    expect(healingDifficulty(wounds("wounded"))).toBe(10);
    expect(healingDifficulty(wounds("severelyWounded"))).toBe(15);
    expect(healingDifficulty(wounds("incapacitated"))).toBe(20);
    expect(healingDifficulty(wounds("mortallyWounded"))).toBe(25);
  });

  it("sets the difficulty by the share of Body Points left", () => {
    expect(bodyPointsHealingDifficulty(20, 20)).toBeNull();
    expect(bodyPointsHealingDifficulty(15, 20)).toBe(5); // three quarters
    expect(bodyPointsHealingDifficulty(14, 20)).toBe(10);
    expect(bodyPointsHealingDifficulty(10, 20)).toBe(10); // half
    expect(bodyPointsHealingDifficulty(9, 20)).toBe(15);
    expect(bodyPointsHealingDifficulty(5, 20)).toBe(15); // a quarter
    expect(bodyPointsHealingDifficulty(4, 20)).toBe(20);
    expect(bodyPointsHealingDifficulty(0, 20)).toBe(25);
    expect(bodyPointsHealingDifficulty(-3, 20)).toBe(25);
  });

  it("reads a natural healing total on the Body Points chart", () => {
    expect([0, 1, 5, 6, 10, 11, 15, 16, 20, 21, 25, 26, 30, 31, 45].map(naturalBodyPoints)).toEqual([
      "0D",
      "0D+2",
      "0D+2",
      "1D",
      "1D",
      "2D",
      "2D",
      "3D",
      "3D",
      "4D",
      "4D",
      "5D",
      "5D",
      "6D",
      "6D",
    ]);
  });

  it("heals one Wound level on a roll that meets the difficulty", () => {
    expect(healedLevel("mortallyWounded")).toBe("incapacitated");
    expect(healedLevel("stunned")).toBe("none");
    expect(healedLevel("none")).toBe("none");
    expect(heal({ method: "medicine", patient: wounds("wounded"), total: 10, recovered: 0 })).toMatchObject({
      difficulty: 10,
      success: true,
      woundsAfter: "stunned",
    });
    expect(heal({ method: "natural", patient: wounds("wounded"), total: 9, recovered: 0 })).toMatchObject({
      success: false,
      woundsAfter: "wounded",
    });
  });

  it("brings Body Points back up to the maximum", () => {
    expect(heal({ method: "medicine", patient: bp(15), total: 5, recovered: 3 })).toMatchObject({
      difficulty: 5,
      success: true,
      bodyPointsAfter: 18,
    });
    // 12 of 20 is Easy (10): 9 falls short.
    expect(heal({ method: "medicine", patient: bp(12), total: 9, recovered: 7 }).bodyPointsAfter).toBe(12);
    expect(heal({ method: "natural", patient: bp(18), total: 1, recovered: 2 }).bodyPointsAfter).toBe(20);
    expect(heal({ method: "natural", patient: bp(10), total: 0, recovered: 0 }).success).toBe(false);
  });
});
