import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LIMITS, NotationError, format, parse } from "../../src/dice";
import {
  codePlanOf,
  keepPlanOf,
  looksLikeAnthology,
  splitVersus,
  toFoundryFormula,
  translateFormula,
} from "../../src/dice/foundry-notation";

describe("Anthology notation inside Foundry's grammar", () => {
  it.each([
    ["8k4", "8dkk4"],
    ["8k4x + 5", "8dkk4x10 + 5"],
    ["7k3 + 1k0 - 2k0", "6dkk3"],
    ["-1k1x9", "2dkk1x9n"],
    ["0k2", "1dkk2n"],
    ["5k0", "0dkk0"],
    ["4dF+2", "4dg + 2"],
    ["dF-1", "1dg - 1"],
    ["3D+2", "3dw + 2"],
    ["2D+1CP", "2dwcp1"],
    ["3D+3", "4dw"],
  ])("%s travels as %s", (ours, foundry) => {
    expect(translateFormula(ours)).toEqual({ formula: foundry, plan: parse(ours) });
  });

  it("leaves ordinary Foundry formulas alone", () => {
    for (const f of ["1d20+5", "2d6", "1d20 + @abilities.str.mod", "(2d6)d8", "1d20[fire]", "4d6kh3", "2d20kl"]) {
      expect(translateFormula(f)).toEqual({ formula: f });
    }
  });

  it("throws Anthology's own error for malformed Anthology notation", () => {
    for (const f of ["8k4 * 2", "5k3x1", "3D + 1k1", "200k5", "1D - 2D"]) {
      expect(() => translateFormula(f), f).toThrow(NotationError);
    }
  });

  it("rebuilds the same plan from a term's count and modifiers, for every keep pool", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -20, max: 30 }),
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom(undefined, 8, 9, 10),
        (rolled, kept, explode) => {
          const plan = { kind: "keep" as const, rolled, kept, explode, modifier: 0 };
          const foundry = toFoundryFormula(plan)!;
          const match = /^(\d+)dk(\S*)$/.exec(foundry)!;
          // Split as Foundry does: a run of letters, then what follows up to the next letter.
          const modifiers = match[2]!.match(/[A-Za-z]+[^A-Za-z\s()+\-*/]*/g) ?? [];
          const back = keepPlanOf(Number(match[1]), modifiers);
          // Zero dice written (0k2) and one Negative Die (0k2 rolls 1) are the same pool.
          expect(format(back)).toBe(format(plan.rolled === 0 ? { ...plan, rolled: 0 } : plan));
        },
      ),
    );
    expect(codePlanOf(3, ["cp2"])).toEqual({ kind: "code", dice: 3, pips: 0, characterPoints: 2 });
  });
});

describe("translation reads a formula once, and checks its length first", () => {
  // The patterns the translation used to search with, kept here as the reference: searched from every
  // position, they took quadratic time on a long run of digits (4.4 s for 100,000).
  const OURS = /(^|[^a-z@])-?\d+\s*[kK]\s*\d|\d\s*D(?![a-zA-Z0-9(])|\d\s*[cC][pP]\b/;
  const VERSUS = /^(.*\S)\s+vs\s+(-?\d{1,5})\s*$/i;
  const text = (alphabet: string[]) => fc.array(fc.constantFrom(...alphabet), { maxLength: 14 }).map((a) => a.join(""));

  it("tells Anthology's notation from Foundry's exactly as the reference patterns do", () => {
    const alphabet = [..."0123456789kKDdcCpPxX@-+( \t_a"];
    fc.assert(
      fc.property(text(alphabet), (formula) => {
        expect(looksLikeAnthology(formula), JSON.stringify(formula)).toBe(OURS.test(formula));
      }),
      { numRuns: 20_000, seed: 15 },
    );
  });

  it("splits 'vs N' exactly as the reference pattern does", () => {
    const alphabet = [..."0123456789vVsS- \t8k"];
    fc.assert(
      fc.property(text(alphabet), (line) => {
        const match = VERSUS.exec(line);
        const expected = match ? { formula: match[1], against: Number(match[2]) } : { formula: line };
        expect(splitVersus(line), JSON.stringify(line)).toEqual(expected);
      }),
      { numRuns: 20_000, seed: 15 },
    );
  });

  it("refuses a formula longer than any roll may be before reading it", () => {
    for (const formula of ["1".repeat(100_000), "8k4" + " ".repeat(LIMITS.maxFoundryFormulaLength) + "vs 3"]) {
      let error: unknown;
      try {
        translateFormula(formula);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(NotationError);
      expect((error as NotationError).code).toBe("tooLong");
      expect((error as NotationError).data.limit).toBe(String(LIMITS.maxFoundryFormulaLength));
      expect((error as NotationError).formula.length).toBeLessThanOrEqual(40);
    }
  });

  it("past Anthology's length, refuses its notation and hands Foundry's formulas on untouched", () => {
    const ours = `${"1".repeat(LIMITS.maxFormulaLength)}k3`;
    expect(() => translateFormula(ours)).toThrow(NotationError);
    const theirs = Array.from({ length: 60 }, (_, i) => `1d20 + @abilities.m${i}`).join(" + ");
    expect(theirs.length).toBeGreaterThan(LIMITS.maxFormulaLength);
    expect(translateFormula(theirs)).toEqual({ formula: theirs });
    const digits = "1".repeat(LIMITS.maxFoundryFormulaLength);
    expect(translateFormula(digits)).toEqual({ formula: digits });
  });
});
