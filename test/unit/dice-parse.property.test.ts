import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NotationError, format, parse, roll, seededDie } from "../../src/dice";

// Pieces of notation, glued with operators and noise, so the parser meets near-misses as well as valid input.
const token = fc.oneof(
  fc.constantFrom("k", "K", "x", "X", "d", "D", "F", "f", "CP", "cp", "+", "-", " ", "*", "(", ")", "."),
  fc.integer({ min: 0, max: 120 }).map(String),
);
const noisy = fc.array(token, { maxLength: 12 }).map((t) => t.join(""));

const count = fc.integer({ min: 0, max: 12 });
const op = fc.constantFrom(" + ", "-", "+", " - ");
const keepTerm = fc
  .tuple(fc.integer({ min: -3, max: 12 }), count, fc.constantFrom("", "x", "x9", "x8"))
  .map(([r, k, x]) => `${r}k${k}${x}`);
const formulaOf = (term: fc.Arbitrary<string>) =>
  fc
    .tuple(term, fc.array(fc.tuple(op, fc.oneof(term, count.map(String))), { maxLength: 4 }))
    .map(([first, rest]) => first + rest.map(([o, t]) => o + t).join(""));
const valid = fc.oneof(
  formulaOf(keepTerm.filter((t) => !t.includes("x"))),
  formulaOf(fc.integer({ min: 1, max: 8 }).map((n) => `${n}dF`)),
  formulaOf(fc.integer({ min: 0, max: 8 }).map((n) => `${n}D`)).map((f) => `${f}+1CP`),
  formulaOf(fc.tuple(fc.integer({ min: 1, max: 6 }), fc.constantFrom(4, 6, 8, 20)).map(([n, s]) => `${n}d${s}`)),
);

function parseOrError(formula: string): unknown {
  try {
    return parse(formula);
  } catch (error) {
    return error;
  }
}

describe("dice notation parser (property tests)", () => {
  it("either parses any string or throws its own NotationError, never anything else", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 40 }), noisy), (formula) => {
        const result = parseOrError(formula);
        if (result instanceof Error) {
          expect(result).toBeInstanceOf(NotationError);
          const error = result as NotationError;
          expect(error.position).toBeGreaterThanOrEqual(0);
          expect(error.key).toMatch(/^ANTHOLOGY\.Dice\.Errors\./);
        }
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 3000) },
    );
  });

  it("round-trips: format(parse(f)) parses back to the same plan", () => {
    fc.assert(
      fc.property(fc.oneof(valid, noisy), (formula) => {
        const plan = parseOrError(formula);
        if (plan instanceof Error) return;
        const again = parse(format(plan as ReturnType<typeof parse>));
        expect(again).toEqual(plan);
        expect(format(again)).toBe(format(plan as ReturnType<typeof parse>));
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 3000) },
    );
  });

  it("rolls every formula it parses: the total is the kept dice plus the modifier", () => {
    fc.assert(
      fc.property(valid, fc.integer(), (formula, seed) => {
        const plan = parseOrError(formula);
        if (plan instanceof Error) return;
        const o = roll(formula, { die: seededDie(seed) });
        if (o.impossible) {
          expect(o.dice).toEqual([]);
          return;
        }
        expect(o.total).toBe(o.dice.reduce((s, d) => (d.kept ? s + d.value : s), o.modifier));
        if (o.plan.kind === "keep") {
          const n = o.plan.rolled > 0 ? o.plan.rolled : 1 - o.plan.rolled;
          expect(o.dice).toHaveLength(n);
          expect(o.dice.filter((d) => d.kept)).toHaveLength(Math.min(n, o.plan.kept));
        }
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 1000) },
    );
  });
});
