import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LIMITS, NotationError, format, odds, type KeepPlan, type Odds } from "../../src/dice";
import { explodingDieValues } from "../../src/dice/odds-keep";

/**
 * Issue 15: every supported pool exact to 1e-9 in total mass and every atLeast, or refused with a
 * clear message, with `truncated` bounding the true error. The references here share no code with the
 * engines: means by order statistics, distributions by exact integer counting (BigInt).
 */

const mass = (o: Odds): number => o.table().reduce((s, [, p]) => s + p, 0);

/** Binomial probabilities of 0..n successes, each term computed on its own (no recurrence). */
function binomial(n: number, success: number, failure: number): number[] {
  const out: number[] = [];
  let choose = 1;
  for (let c = 0; c <= n; c += 1) {
    out.push(choose * success ** c * failure ** (n - c));
    choose = (choose * (n - c)) / (c + 1);
  }
  return out;
}

/**
 * The mean of the `keep` highest (or lowest) of n dice, by order statistics: the sum of the kept dice
 * is the number of kept dice at or above v, summed over v ≥ 1; with B(v) dice at or above v (binomial),
 * that is min(keep, B(v)) for the highest and max(0, keep - (n - B(v))) for the lowest. The die is
 * the engine's own list of values, normalised to the chains it follows.
 */
function keepMean(explode: number | undefined, n: number, keep: number, lowest: boolean): number {
  const die = explodingDieValues(10, explode);
  const weight = new Map<number, number>();
  die.values.forEach((v, i) => weight.set(v, die.natural[i]! + die.other[i]!));
  const top = die.values[die.values.length - 1]!;
  let total = 0;
  for (const p of weight.values()) total += p;
  let mean = 0;
  for (let v = 1; v <= top; v += 1) {
    let atOrAbove = 0;
    let below = 0;
    for (const [u, p] of weight) {
      if (u >= v) atOrAbove += p;
      else below += p;
    }
    const row = binomial(n, atOrAbove / total, below / total);
    row.forEach((p, b) => (mean += p * (lowest ? Math.max(0, keep - (n - b)) : Math.min(keep, b))));
  }
  return mean;
}

/** What every answer must satisfy: mass and mean within `truncated`, which is itself below 1e-9. */
function expectExact(o: Odds, plan: KeepPlan): void {
  const n = plan.rolled > 0 ? plan.rolled : 1 - plan.rolled;
  const keep = Math.min(plan.kept, n);
  const label = format(plan);
  expect(o.truncated, label).toBeLessThan(1e-9);
  expect(Math.abs(mass(o) - 1), label).toBeLessThanOrEqual(o.truncated);
  const table = o.table();
  const spread = table[table.length - 1]![0] - table[0]![0];
  const mean = keepMean(plan.explode, n, keep, plan.rolled <= 0) + plan.modifier;
  // Mass left out at the far ends moves the mean by at most its weight times the spread.
  expect(Math.abs(o.mean - mean), label).toBeLessThanOrEqual(o.truncated * spread + 1e-9 * Math.max(1, mean));
  expect(o.atLeast(table[0]![0]) - 1, label).toBeLessThanOrEqual(o.truncated);
  expect(o.atLeast(table[table.length - 1]![0] + 1), label).toBe(0);
}

const keepPlan = (rolled: number, kept: number, explode: number | undefined, modifier = 0): KeepPlan => ({
  kind: "keep",
  rolled,
  kept,
  explode,
  modifier,
});

describe("every supported keep pool is exact", () => {
  // The first pools that lost mass (39k23) up to the worst (100k100, 3.5% lost), and beyond: all of them.
  it("for all 5,050 XkY with X <= 100, mass and mean", { timeout: 300_000 }, () => {
    for (let n = 1; n <= LIMITS.maxDice; n += 1)
      for (let keep = 1; keep <= n; keep += 1)
        expectExact(odds(keepPlan(n, keep, undefined)), keepPlan(n, keep, undefined));
  });

  it("for all 5,050 pools of Negative Dice (-99k1 ... 0k1), mass and mean", { timeout: 300_000 }, () => {
    for (let n = 1; n <= LIMITS.maxDice; n += 1)
      for (let keep = 1; keep <= n; keep += 1)
        expectExact(odds(keepPlan(1 - n, keep, undefined)), keepPlan(1 - n, keep, undefined));
  });

  it("for all 5,050 XkYx with X <= 100, mass and mean", { timeout: 300_000 }, () => {
    for (let n = 1; n <= LIMITS.maxDice; n += 1)
      for (let keep = 1; keep <= n; keep += 1) expectExact(odds(keepPlan(n, keep, 10)), keepPlan(n, keep, 10));
  });

  it("for any pool of the supported range, or it is refused naming the limit", { timeout: 600_000 }, () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: LIMITS.maxDice }),
        fc.boolean(),
        fc.oneof(fc.integer({ min: 1, max: 101 }), fc.integer({ min: 1, max: LIMITS.maxNumber })),
        fc.constantFrom(undefined, 2, 3, 4, 5, 6, 7, 8, 9, 10),
        fc.integer({ min: -50, max: 50 }),
        (n, negative, kept, explode, modifier) => {
          const plan = keepPlan(negative ? 1 - n : n, kept, explode, modifier);
          let o: Odds;
          try {
            o = odds(plan);
          } catch (error) {
            expect(error).toBeInstanceOf(NotationError);
            expect((error as NotationError).code).toBe("oddsTooLarge");
            return;
          }
          expectExact(o, plan);
        },
      ),
      { numRuns: 40, seed: 15 },
    );
  });
});

/** Exact counts of every kept sum of n labelled d10s (keep highest or lowest), out of 10^n. */
function countKeep(n: number, keep: number, lowest: boolean): Map<number, bigint> {
  const choose: bigint[][] = [];
  for (let r = 0; r <= n; r += 1) {
    choose.push([1n]);
    for (let c = 1; c <= r; c += 1) choose[r]!.push(c === r ? 1n : choose[r - 1]![c - 1]! + choose[r - 1]![c]!);
  }
  // ways[j]: sum -> ways to give j of the dice the values handled so far, with the sum they keep.
  let ways: Array<Map<number, bigint>> = Array.from({ length: n + 1 }, () => new Map());
  ways[0]!.set(0, 1n);
  for (let step = 0; step < 10; step += 1) {
    const v = lowest ? step + 1 : 10 - step;
    const next: Array<Map<number, bigint>> = Array.from({ length: n + 1 }, () => new Map());
    ways.forEach((sums, j) => {
      for (const [s, w] of sums)
        for (let c = 0; j + c <= n; c += 1) {
          const t = s + Math.min(c, Math.max(0, keep - j)) * v;
          next[j + c]!.set(t, (next[j + c]!.get(t) ?? 0n) + w * choose[n - j]![c]!);
        }
    });
    ways = next;
  }
  return ways[n]!;
}

/** A count out of `total` as a probability, to about 1e-30. */
const ratio = (count: bigint, total: bigint): number => Number((count * 10n ** 30n) / total) / 1e30;

function expectTable(o: Odds, counts: Map<number, bigint>, total: bigint): void {
  const table = new Map(o.table());
  let above = 0n;
  const sums = [...counts.keys()].sort((a, b) => b - a);
  for (const s of sums) {
    above += counts.get(s)!;
    expect(Math.abs((table.get(s) ?? 0) - ratio(counts.get(s)!, total)), `${o.formula} at ${s}`).toBeLessThanOrEqual(
      o.truncated,
    );
    expect(Math.abs(o.atLeast(s) - ratio(above, total)), `${o.formula} ≥ ${s}`).toBeLessThanOrEqual(o.truncated);
  }
  for (const s of table.keys()) expect(counts.has(s), `${o.formula}: ${s} cannot occur`).toBe(true);
}

describe("exact to the last total, against exact integer counting", () => {
  it.each([
    [39, 23, false],
    [40, 20, false],
    [45, 30, false],
    [39, 23, true],
    [60, 59, true],
  ])("%ik%i (lowest: %s): every probability and every atLeast", { timeout: 120_000 }, (n, keep, lowest) => {
    const o = odds(keepPlan(lowest ? 1 - n : n, keep, undefined));
    expectTable(o, countKeep(n, keep, lowest), 10n ** BigInt(n));
  });

  it("100k100 is the sum of a hundred d10: every probability and atLeast, mean 550", { timeout: 120_000 }, () => {
    let counts = new Map<number, bigint>([[0, 1n]]);
    for (let i = 0; i < 100; i += 1) {
      const next = new Map<number, bigint>();
      for (const [s, w] of counts) for (let f = 1; f <= 10; f += 1) next.set(s + f, (next.get(s + f) ?? 0n) + w);
      counts = next;
    }
    const o = odds("100k100");
    expectTable(o, counts, 10n ** 100n);
    expect(Math.abs(o.mean - 550)).toBeLessThan(1e-8);
  });

  it("100k1 is the highest of a hundred d10: P(≥ v) = 1 - ((v-1)/10)^100", () => {
    const o = odds("100k1");
    for (let v = 1; v <= 11; v += 1)
      expect(Math.abs(o.atLeast(v) - (1 - ((v - 1) / 10) ** 100))).toBeLessThanOrEqual(o.truncated + 1e-15);
  });
});

describe("ordinary sums", () => {
  /** Face-by-face convolution in exact integers, for any small formula. */
  function countSum(groups: Array<{ count: number; sides: number; sign: 1 | -1 }>): Map<number, bigint> {
    let counts = new Map<number, bigint>([[0, 1n]]);
    for (const g of groups)
      for (let i = 0; i < g.count; i += 1) {
        const next = new Map<number, bigint>();
        for (const [s, w] of counts)
          for (let f = 1; f <= g.sides; f += 1) next.set(s + g.sign * f, (next.get(s + g.sign * f) ?? 0n) + w);
        counts = next;
      }
    return counts;
  }

  it("are exact for any small mix of added and subtracted dice", { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            count: fc.integer({ min: 1, max: 4 }),
            sides: fc.integer({ min: 2, max: 30 }),
            sign: fc.constantFrom(1 as const, -1 as const),
          }),
          { minLength: 1, maxLength: 3 },
        ),
        fc.integer({ min: -20, max: 20 }),
        (groups, modifier) => {
          const o = odds({ kind: "sum", groups, modifier });
          const counts = countSum(groups);
          let total = 1n;
          for (const g of groups) total *= BigInt(g.sides) ** BigInt(g.count);
          const shifted = new Map([...counts].map(([s, w]) => [s + modifier, w]));
          expectTable(o, shifted, total);
        },
      ),
      { numRuns: 60, seed: 15 },
    );
  });

  it("100d1000 (5e9 steps face by face) is exact: mass, mean 50,050 and symmetry", () => {
    const o = odds("100d1000");
    expect(o.truncated).toBeLessThan(1e-9);
    expect(Math.abs(mass(o) - 1)).toBeLessThanOrEqual(o.truncated);
    expect(Math.abs(o.mean - 50_050)).toBeLessThan(1e-6);
    expect(o.table()).toHaveLength(99_901);
    // The total is symmetric about 50,050: P(≥ 50,051) = P(≤ 50,049).
    const middle = new Map(o.table()).get(50_050)!;
    expect(Math.abs(2 * o.atLeast(50_051) + middle - 1)).toBeLessThanOrEqual(2 * o.truncated);
    // The least likely totals are 1000^-100 each, kept to full relative precision.
    expect(o.table()[0]![1] / 1e-300).toBeCloseTo(1, 9);
  });

  it("20d1000 agrees with exact counting at every total", { timeout: 120_000 }, () => {
    const o = odds("20d1000");
    // Exact counts by running sums of BigInt: subtraction is exact there.
    let counts: bigint[] = [1n];
    for (let i = 0; i < 20; i += 1) {
      const prefix: bigint[] = [0n];
      for (const c of counts) prefix.push(prefix[prefix.length - 1]! + c);
      const next: bigint[] = [];
      for (let t = 0; t < counts.length + 999; t += 1)
        next.push(prefix[Math.min(t + 1, counts.length)]! - prefix[Math.max(0, t - 999)]!);
      counts = next;
    }
    expectTable(o, new Map(counts.map((c, i) => [i + 20, c])), 1000n ** 20n);
  });
});

describe("die codes and FUDGE", () => {
  it("50D with the remove rule: mass and mean by a closed form", () => {
    const o = odds("50D", { complication: "remove" });
    expect(Math.abs(mass(o) - 1)).toBeLessThanOrEqual(o.truncated);
    // 49 ordinary d6 and the Wild Die (3.5 / (5/6) = 4.2 on average); a first face of 1 (1/6) removes
    // the Wild Die (then showing 1) and the highest ordinary die.
    const highest = [1, 2, 3, 4, 5, 6].reduce((s, v) => s + 1 - ((v - 1) / 6) ** 49, 0);
    const mean = 49 * 3.5 + 4.2 - (1 + highest) / 6;
    expect(Math.abs(o.mean - mean)).toBeLessThan(1e-8);
  });

  it("100dF: mass, mean 0, and the ends at 3^-100", () => {
    const o = odds("100dF");
    expect(Math.abs(mass(o) - 1)).toBeLessThanOrEqual(o.truncated);
    expect(Math.abs(o.mean)).toBeLessThan(1e-12);
    expect(o.table()[0]![1] / 3 ** -100).toBeCloseTo(1, 9);
  });
});
