import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NotationError, format, parse } from "../../src/dice";
import { codePlanOf, keepPlanOf, toFoundryFormula, translateFormula } from "../../src/dice/foundry-notation";

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
