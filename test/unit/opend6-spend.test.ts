import { describe, expect, it } from "vitest";
import { spendFormula, spendRefusal, spendsOf } from "../../src/rulesets/opend6/rules";

const none = { characterPoints: 0, fatePoint: false };
const purse = { characterPoints: 5, fatePoints: 1 };

describe("OpenD6 points spent after a roll", () => {
  it("rolls one Character Point die, or the code's dice again without a second Wild Die", () => {
    expect(spendFormula("characterPoint", 4)).toBe("0D+1CP");
    // 4D doubled is 8D: four more plain dice.
    expect(spendFormula("fatePoint", 4)).toBe("4d6");
    // 0D+2 has no dice to double.
    expect(spendFormula("fatePoint", 0)).toBeNull();
  });

  it("refuses what the actor has not got, a second Fate Point and more than 20 Character Points", () => {
    const input = { before: none, after: none, purse, codeDice: 3 };
    expect(spendRefusal("characterPoint", input)).toBeNull();
    expect(spendRefusal("fatePoint", input)).toBeNull();
    expect(spendRefusal("characterPoint", { ...input, purse: { ...purse, characterPoints: 0 } })).toBe(
      "noCharacterPoints",
    );
    expect(spendRefusal("fatePoint", { ...input, purse: { ...purse, fatePoints: 0 } })).toBe("noFatePoints");
    expect(spendRefusal("fatePoint", { ...input, before: { characterPoints: 0, fatePoint: true } })).toBe("fateTwice");
    expect(spendRefusal("fatePoint", { ...input, after: { characterPoints: 0, fatePoint: true } })).toBe("fateTwice");
    expect(spendRefusal("fatePoint", { ...input, codeDice: 0 })).toBe("nothingToDouble");
    // 15 before and 5 after make 20, the most one roll takes.
    expect(
      spendRefusal("characterPoint", {
        ...input,
        before: { characterPoints: 15, fatePoint: false },
        after: { characterPoints: 5, fatePoint: false },
      }),
    ).toBe("tooManyCharacterPoints");
  });

  it("adds up the spends on one roll from the rolls that name it", () => {
    const rolls = [
      { formula: "3D", total: 11, request: { choices: {} } },
      { formula: "3D", total: 9, request: { target: "Actor.x" } },
      { formula: "0D+1CP", total: 7, request: { spend: "characterPoint", of: 0 } },
      { formula: "3d6", total: 10, request: { spend: "fatePoint", of: 0 } },
      null,
      { formula: "0D+1CP", total: 2, request: { spend: "characterPoint", of: 1 } },
    ];
    expect(spendsOf(rolls, 0, 3)).toEqual({
      spends: [
        { kind: "characterPoint", roll: 2, total: 7 },
        { kind: "fatePoint", roll: 3, total: 10 },
      ],
      after: { characterPoints: 1, fatePoint: true },
      total: 17,
    });
  });

  it("refuses a spend roll that is not what its kind rolls, and a second Fate Point", () => {
    const base = { formula: "3D", total: 11, request: {} };
    expect(() =>
      spendsOf([base, { formula: "9D", total: 40, request: { spend: "characterPoint", of: 0 } }], 0, 3),
    ).toThrow(RangeError);
    const fate = { formula: "3d6", total: 10, request: { spend: "fatePoint", of: 0 } };
    expect(() => spendsOf([base, fate, fate], 0, 3)).toThrow(RangeError);
  });
});
