import { describe, expect, it } from "vitest";
import { NotationError, parse, roll, scriptedDie, type DieSource, type RollOutcome } from "../../src/dice";
import { api } from "../../src/api";

/** A scripted source that also records which die it was asked for. */
function script(faces: number[]): { die: DieSource; asked: number[] } {
  const asked: number[] = [];
  const next = scriptedDie(faces);
  return { die: (sides) => (asked.push(sides), next(sides)), asked };
}

const kept = (o: RollOutcome) => o.dice.filter((d) => d.kept).map((d) => d.value);

describe("keep dice", () => {
  it("explode before keeping: 3k2x with 10,4 / 9 / 3 totals 23", () => {
    const o = api.roll("3k2x", { die: scriptedDie([10, 4, 9, 3]) });
    expect(o.total).toBe(23);
    expect(o.dice.map((d) => d.faces)).toEqual([[10, 4], [9], [3]]);
    expect(o.dice.map((d) => d.kept)).toEqual([true, true, false]);
    expect(o.dice[0]).toMatchObject({ value: 14, exploded: true });
    expect(o.critical).toBe(false);
  });

  it("keeps the highest, adds a flat bonus, and reports each die", () => {
    const o = roll("8k4 + 5", { die: scriptedDie([1, 7, 3, 9, 2, 8, 5, 6]) });
    expect(kept(o)).toEqual([7, 9, 8, 6]);
    expect(o.total).toBe(35);
    expect(o.formula).toBe("8k4+5");
  });

  it("explodes on 9 or more with x9, and onto the same die", () => {
    const o = roll("2k1x9", { die: scriptedDie([9, 9, 2, 4]) });
    expect(o.dice[0]).toMatchObject({ faces: [9, 9, 2], value: 20, kept: true });
    expect(o.total).toBe(20);
  });

  it("does arithmetic on pools: 7k3 + 1k0 - 2k0 is 6k3", () => {
    expect(parse("7k3 + 1k0 - 2k0")).toEqual({ kind: "keep", rolled: 6, kept: 3, explode: undefined, modifier: 0 });
    const s = script([5, 5, 5, 5, 5, 5]);
    expect(roll("7k3 + 1k0 - 2k0", { die: s.die }).dice).toHaveLength(6);
  });

  it("keeps every die when asked to keep more than it rolls", () => {
    const o = roll("2k3", { die: scriptedDie([4, 6]) });
    expect(o.dice.every((d) => d.kept)).toBe(true);
    expect(o.total).toBe(10);
  });

  describe("negative dice", () => {
    it.each([
      ["0k2", 1],
      ["-1k1", 2],
      ["-2k1", 3],
      ["1k1 - 3k0", 3],
    ])("%s rolls %i dice and keeps the lowest, keep count unchanged", (formula, count) => {
      const faces = [9, 2, 7].slice(0, count);
      const o = roll(formula, { die: scriptedDie(faces) });
      expect(o.dice).toHaveLength(count);
      expect(kept(o)).toEqual([Math.min(...faces)]);
    });

    it("explode too", () => {
      const o = roll("-1k1x", { die: scriptedDie([10, 3, 10, 5]) });
      expect(o.dice.map((d) => d.value)).toEqual([13, 15]);
      expect(o.total).toBe(13);
      expect(o.critical).toBe(true);
    });
  });

  describe("impossible rolls", () => {
    it.each(["5k0", "3k1 - 0k1", "2k1 - 1k2"])("%s rolls no dice and fails automatically", (formula) => {
      const o = roll(formula, { die: scriptedDie([]) });
      expect(o.impossible).toBe(true);
      expect(o.dice).toEqual([]);
      expect(o.total).toBe(0);
      expect(o.critical).toBe(false);
    });
  });

  describe("criticals", () => {
    it("when every kept die's first face is 10", () => {
      expect(roll("3k2", { die: scriptedDie([10, 4, 10]) }).critical).toBe(true);
      expect(roll("3k2", { die: scriptedDie([10, 9, 4]) }).critical).toBe(false);
      expect(roll("3k2x", { die: scriptedDie([10, 1, 10, 2, 9]) }).critical).toBe(true);
    });

    it("keep the natural 10 when a kept and a dropped die tie on value", () => {
      // 9+10+1 = 20 (first face 9) ties 10+9+1 = 20 (first face 10): the natural 10 is kept.
      const o = roll("2k1x9", { die: scriptedDie([9, 10, 1, 10, 9, 1]) });
      expect(o.dice.map((d) => [d.value, d.kept])).toEqual([
        [20, false],
        [20, true],
      ]);
      expect(o.critical).toBe(true);
    });
  });

  it("stops a die at the explosion bound and flags it", () => {
    const o = roll("1k1x", { die: () => 10 });
    expect(o.dice[0]!.faces).toHaveLength(101);
    expect(o.dice[0]).toMatchObject({ value: 1010, capped: true, exploded: true });
  });
});

describe("FUDGE", () => {
  it("asks for a d3 per die: 1 minus, 2 blank, 3 plus, then adds the trait", () => {
    const s = script([3, 3, 1, 2]);
    const o = roll("4dF+2", { die: s.die });
    expect(s.asked).toEqual([3, 3, 3, 3]);
    expect(o.dice.map((d) => d.value)).toEqual([1, 1, -1, 0]);
    expect(o.total).toBe(3);
    expect(roll("dF", { die: scriptedDie([1]) }).total).toBe(-1);
  });
});

describe("OpenD6 die codes", () => {
  it("rolls the ordinary dice, then the Wild Die with its explosions, and adds pips", () => {
    const s = script([4, 5, 6, 6, 3]);
    const o = roll("3D+2", { die: s.die });
    expect(s.asked).toEqual([6, 6, 6, 6, 6]);
    expect(o.dice.map((d) => d.faces)).toEqual([[4], [5], [6, 6, 3]]);
    expect(o.dice[2]).toMatchObject({ wild: true, value: 15, exploded: true });
    expect(o.total).toBe(26);
    expect(o.complication).toBe(false);
  });

  it("turns three pips into a die", () => {
    expect(parse("3D+3")).toEqual({ kind: "code", dice: 4, pips: 0, characterPoints: 0 });
    expect(parse("2D+2+2D+2")).toEqual({ kind: "code", dice: 5, pips: 1, characterPoints: 0 });
    expect(parse("1D-2")).toEqual({ kind: "code", dice: 1, pips: -2, characterPoints: 0 });
  });

  it("rolls Character Point dice last; they explode and never complicate", () => {
    const s = script([3, 2, 6, 1]);
    const o = roll("2D+1CP", { die: s.die });
    expect(o.dice.map((d) => [d.faces, d.wild ?? false, d.characterPoint ?? false])).toEqual([
      [[3], false, false],
      [[2], true, false],
      [[6, 1], false, true],
    ]);
    expect(o.total).toBe(12);
    expect(roll("1D+1CP", { die: scriptedDie([4, 1]) }).complication).toBe(false);
  });

  it("notes a complication when the Wild Die's first face is 1", () => {
    const o = roll("3D", { die: scriptedDie([5, 2, 1]) });
    expect(o).toMatchObject({ complication: true, complicationRule: "note", total: 8 });
  });

  it("removes the Wild Die and the highest other die under the 'remove' rule", () => {
    const o = roll(parse("3D+1"), { die: scriptedDie([5, 2, 1]), complication: "remove" });
    expect(o.dice.map((d) => d.kept)).toEqual([false, true, false]);
    expect(o.dice.filter((d) => d.removed)).toHaveLength(2);
    expect(o.total).toBe(3);
  });

  it("leaves the GM to decide under the 'gm' rule: counted, and flagged", () => {
    const o = roll(parse("2D"), { die: scriptedDie([4, 1]), complication: "gm" });
    expect(o).toMatchObject({ complication: true, complicationRule: "gm", total: 5 });
  });
});

describe("ordinary dice", () => {
  it("sum and subtract", () => {
    const o = roll("2d6 - 1d4 + 3", { die: scriptedDie([6, 2, 4]) });
    expect(o.total).toBe(7);
    expect(o.dice.map((d) => d.value)).toEqual([6, 2, -4]);
    expect(roll("5", { die: scriptedDie([]) }).total).toBe(5);
  });
});

describe("bad input", () => {
  const refuse = (formula: string, code: string, position?: number) => {
    let error: unknown;
    try {
      parse(formula);
    } catch (e) {
      error = e;
    }
    expect(error, formula).toBeInstanceOf(NotationError);
    expect((error as NotationError).code).toBe(code);
    expect((error as NotationError).key).toBe(`ANTHOLOGY.Dice.Errors.${code}`);
    if (position !== undefined) expect((error as NotationError).position).toBe(position);
  };

  it.each([
    ["", "empty"],
    ["   ", "empty"],
    ["8k", "expectedNumber", 2],
    ["8k4*2", "unexpected", 3],
    ["8k4 +", "expectedNumber"],
    ["- -1", "unexpected"],
    ["1d20 + abc", "unexpected", 7],
    ["5k3x1", "explodeEveryFace", 3],
    ["5k3x11", "explodeNever"],
    ["101k50", "tooManyDice"],
    ["-100k1", "tooManyDice"],
    ["1000000k1", "numberTooLarge"],
    ["3D + 1k1", "mixed", 5],
    ["4dF + 1d6", "mixed"],
    ["0dF", "noFudgeDice"],
    ["1d1", "badSides"],
    ["3k2x + 2k1x9", "mixedExplosions"],
    ["1D - 2D", "negativeCode"],
    ["x".repeat(300), "tooLong"],
  ] as Array<[string, string, number?]>)("%j is refused as %s", (formula, code, position) =>
    refuse(formula, code, position),
  );

  it("refuses a die source that answers outside the die", () => {
    expect(() => roll("1k1", { die: () => 11 })).toThrow(/gave 11 for a d10/);
    expect(() => roll("1d6", { die: () => 0.5 })).toThrow(RangeError);
  });

  it("names the formula and position in the English message and the i18n data", () => {
    try {
      parse("8k4 ? 2");
    } catch (e) {
      const error = e as NotationError;
      expect(error.message).toContain('in "8k4 ? 2" at position 5');
      expect(error.data).toMatchObject({ formula: "8k4 ? 2", position: "5", character: "?" });
    }
  });
});

describe("signs", () => {
  it("read a leading minus as a negative number or a subtracted die, and as Negative Dice on a pool", () => {
    expect(parse("-1")).toEqual({ kind: "sum", groups: [], modifier: -1 });
    expect(parse("-1d6+2")).toEqual({ kind: "sum", groups: [{ count: 1, sides: 6, sign: -1 }], modifier: 2 });
    expect(parse("3 - -2")).toEqual({ kind: "sum", groups: [], modifier: 5 });
    expect(parse("-1k1")).toMatchObject({ rolled: -1, kept: 1 });
  });
});
