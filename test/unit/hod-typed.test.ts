import { describe, expect, it } from "vitest";
import {
  clampTyped,
  extraDiceAllowed,
  freeFormulaAllowed,
  greatestTotal,
  typedOutOfBounds,
  typedValues,
} from "../../src/rulesets/hod/rules/typed";
import { typedGoalOutOfBounds, typedGoalValues } from "../../src/rulesets/fading-suns/rules/typed";

// What a player may type, and how far (docs/rules-decisions.md): the dialogs clamp to these bounds and
// the GM's apply refuses a roll beyond them.

describe("Heroes of Destiny: typed values", () => {
  it("clamps the dialog's numbers to their bounds", () => {
    expect(clampTyped("toHit", 1000)).toBe(10);
    expect(clampTyped("toHit", -1000)).toBe(-10);
    expect(clampTyped("damage", 3.7)).toBe(3);
    expect(clampTyped("skillRank", -2)).toBe(0);
    expect(clampTyped("check", 25)).toBe(20);
    expect(clampTyped("check", Number.NaN)).toBe(0);
  });

  it("works out a formula's greatest total, and refuses anything that is not dice and numbers", () => {
    expect(greatestTotal("2d8 + 2")).toBe(18);
    expect(greatestTotal("1d6 - 1d4")).toBe(5);
    expect(greatestTotal("0")).toBe(0);
    expect(greatestTotal("4k2")).toBeNull();
    expect(greatestTotal("<b>")).toBeNull();
    expect(freeFormulaAllowed("10d10")).toBe(true);
    expect(freeFormulaAllowed("10d10 + 1")).toBe(false);
    expect(freeFormulaAllowed("100d1000")).toBe(false);
  });

  it("allows extra damage of at most four dice up to d12, with no number added", () => {
    expect(extraDiceAllowed("")).toBe(true);
    expect(extraDiceAllowed("1d6")).toBe(true);
    expect(extraDiceAllowed("2d6 + 2d12")).toBe(true);
    expect(extraDiceAllowed("5d6")).toBe(false);
    expect(extraDiceAllowed("1d20")).toBe(false);
    expect(extraDiceAllowed("1d6 + 2")).toBe(false);
    expect(extraDiceAllowed("1d6 - 1d4")).toBe(false);
    expect(extraDiceAllowed("3")).toBe(false);
  });

  it("lists what was typed and names the first value past its bound", () => {
    expect(typedValues({ modifier: 0, damageModifier: 0, extraDice: " " })).toEqual([]);
    expect(typedValues({ modifier: 3, skillRank: 2, damageModifier: -1, extraDice: "1d6" })).toEqual([
      { field: "toHit", value: "+3" },
      { field: "skillRank", value: "2" },
      { field: "damage", value: "-1" },
      { field: "extraDice", value: "1d6" },
    ]);
    expect(typedOutOfBounds({ modifier: 10, damageModifier: -10, skillRank: 10, extraDice: "4d12" })).toBeNull();
    expect(typedOutOfBounds({ modifier: 11 })).toEqual({ field: "toHit", value: "11", bound: "-10 … +10" });
    expect(typedOutOfBounds({ skillRank: -1 })).toEqual({ field: "skillRank", value: "-1", bound: "0 … +10" });
    expect(typedOutOfBounds({ extraDice: "20d12" })).toEqual({ field: "extraDice", value: "20d12", bound: "4d12" });
  });
});

describe("Fading Suns: typed values", () => {
  it("lists the other modifier and a complementary roll's VP, and names one past its bound", () => {
    expect(typedGoalValues({ other: 0, complementary: 0 })).toEqual([]);
    expect(typedGoalValues({ other: -3, complementary: 4 })).toEqual([
      { field: "complementary", value: "4" },
      { field: "other", value: "-3" },
    ]);
    expect(typedGoalOutOfBounds({ other: 10, complementary: 18 })).toBeNull();
    expect(typedGoalOutOfBounds({ other: -11 })).toEqual({ field: "other", value: "-11", bound: "-10 … +10" });
    expect(typedGoalOutOfBounds({ complementary: 19 })).toEqual({
      field: "complementary",
      value: "19",
      bound: "0 … 18",
    });
  });
});
