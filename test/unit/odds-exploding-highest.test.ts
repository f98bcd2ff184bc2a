import { describe, expect, it } from "vitest";
import { odds } from "../../src/dice";
import { binomialRow } from "../../src/dice/odds-binomial";
import { highestOfExploding } from "../../src/dice/odds-exploding-highest";
import { highestOfPlain } from "../../src/dice/odds-highest-plain";
import { explodingDieValues, keepDistribution } from "../../src/dice/odds-keep";

/**
 * Every multiset of n outcomes, each drawn from `types` (value, chance, natural), with its multinomial
 * chance; calls back with the values sorted high to low and whether each was natural.
 */
function eachMultiset(
  types: ReadonlyArray<{ value: number; chance: number; natural: boolean }>,
  n: number,
  visit: (values: number[], naturals: boolean[], chance: number) => void,
): void {
  const order = [...types].sort((a, b) => b.value - a.value);
  const factorial = (m: number): number => (m <= 1 ? 1 : m * factorial(m - 1));
  const counts = new Array<number>(order.length).fill(0);
  const walk = (from: number, left: number): void => {
    if (left === 0) {
      let chance = factorial(n);
      const values: number[] = [];
      const naturals: boolean[] = [];
      counts.forEach((c, i) => {
        if (c === 0) return;
        chance *= order[i]!.chance ** c / factorial(c);
        for (let k = 0; k < c; k += 1) {
          values.push(order[i]!.value);
          naturals.push(order[i]!.natural);
        }
      });
      visit(values, naturals, chance);
      return;
    }
    for (let i = from; i < order.length; i += 1) {
      counts[i]! += 1;
      walk(i, left - 1);
      counts[i]! -= 1;
    }
  };
  walk(0, n);
}

describe("highestOfPlain: the highest of plain dice that may be absent", () => {
  it.each([
    [1, 0, 0],
    [3, 0, 0],
    [3, 2, 0],
    [5, 1, 0.3],
    [9, 2, 0],
    [9, 2, 0.9],
    [4, 3, 0.5],
  ])("agrees with enumerating every pool (%i faces, %i spare, %d absent)", (faces, spare, absent) => {
    const maxKept = 3;
    const table = highestOfPlain(faces, spare, maxKept, absent);
    // Absent is value 0 (never kept); faces 1..faces share the rest evenly.
    const types = [{ value: 0, chance: absent, natural: false }];
    for (let f = 1; f <= faces; f += 1) types.push({ value: f, chance: (1 - absent) / faces, natural: false });
    for (let r = 0; r <= maxKept; r += 1) {
      const expected = new Map<number, number>();
      eachMultiset(
        types.filter((t) => t.chance > 0),
        r + spare,
        (values, _naturals, chance) => {
          const kept = values.slice(0, r);
          if (kept.some((v) => v === 0)) return;
          const sum = kept.reduce((a, b) => a + b, 0);
          expected.set(sum, (expected.get(sum) ?? 0) + chance);
        },
      );
      const dist = table[r]!;
      for (let s = 0; s < dist.length; s += 1)
        expect(Math.abs(dist[s]! - (expected.get(s) ?? 0)), `r ${r}, sum ${s}`).toBeLessThan(1e-14);
    }
  });
});

describe("highestOfExploding: XkYx by rungs", () => {
  it("agrees with brute force for every XkYx with X <= 6, totals and criticals", { timeout: 120_000 }, () => {
    // Enumerate dice followed to a few explosions: exact for every total no cut-off die could reach,
    // since a die beyond them is worth more than the others and is kept.
    const die = explodingDieValues(10, 10, 1e-2);
    const types: Array<{ value: number; chance: number; natural: boolean }> = [];
    die.values.forEach((value, i) => {
      if (die.natural[i]! > 0) types.push({ value, chance: die.natural[i]!, natural: true });
      if (die.other[i]! > 0) types.push({ value, chance: die.other[i]!, natural: false });
    });
    const highest = die.values[die.values.length - 1]!;
    for (let n = 1; n <= 6; n += 1) {
      const expected = Array.from({ length: n + 1 }, () => new Map<number, number>());
      eachMultiset(types, n, (values, _naturals, chance) => {
        let sum = 0;
        for (let y = 1; y <= n; y += 1) {
          sum += values[y - 1]!;
          expected[y]!.set(sum, (expected[y]!.get(sum) ?? 0) + chance);
        }
      });
      for (let y = 1; y <= n; y += 1) {
        const { bySum, critical } = highestOfExploding(n, y);
        const exact = highest + 2 + (y - 1);
        for (let s = 0; s < exact; s += 1)
          expect(Math.abs((bySum[s] ?? 0) - (expected[y]!.get(s) ?? 0)), `${n}k${y}x at ${s}`).toBeLessThan(1e-12);
        // Every kept die natural: at least y of the n dice showed 10 first.
        const tens = binomialRow(n, 0.1).slice(y);
        expect(Math.abs(critical - tens.reduce((a, b) => a + b, 0))).toBeLessThan(1e-15);
      }
    }
  });

  it("agrees with the value-by-value engine for every XkYx with X <= 12", { timeout: 120_000 }, () => {
    const die = explodingDieValues(10, 10, 1e-14);
    for (let n = 1; n <= 12; n += 1) {
      for (let keep = 1; keep <= n + 1; keep += 1) {
        const ladder = highestOfExploding(n, keep);
        const walked = keepDistribution(die, n, keep, false);
        const length = Math.max(ladder.bySum.length, walked.bySum.length);
        for (let s = 0; s < length; s += 1)
          expect(Math.abs((ladder.bySum[s] ?? 0) - (walked.bySum[s] ?? 0)), `${n}k${keep}x at ${s}`).toBeLessThan(
            1e-12,
          );
        expect(Math.abs(ladder.critical - walked.critical), `${n}k${keep}x critical`).toBeLessThan(1e-12);
      }
    }
  });

  it("lists only totals that can occur, none negative", () => {
    const one = highestOfExploding(3, 1).bySum;
    // The highest die alone never totals a multiple of 10 (a 10 always explodes).
    for (let s = 0; s < one.length; s += 10) expect(one[s]).toBe(0);
    for (const [n, keep] of [
      [3, 1],
      [5, 3],
      [10, 5],
      [20, 10],
    ] as const) {
      const { bySum } = highestOfExploding(n, keep);
      for (let s = 0; s < keep; s += 1) expect(bySum[s]).toBe(0);
      for (let s = keep; s < bySum.length; s += 1) expect(bySum[s]).toBeGreaterThanOrEqual(0);
    }
  });

  it.each([
    [1, 1],
    [2, 2],
    [5, 3],
    [8, 4],
    [10, 5],
    [20, 10],
    [30, 3],
    [60, 30],
    [100, 100],
  ])("follows rungs and explosions to the tail and reports what is left: %ik%ix", (n, keep) => {
    const { bySum, truncated } = highestOfExploding(n, keep);
    expect(truncated).toBeGreaterThan(0);
    expect(truncated).toBeLessThan(1e-11);
    let mass = 0;
    for (const p of bySum) mass += p;
    expect(Math.abs(mass - 1)).toBeLessThanOrEqual(truncated);
  });

  it("loses no mass it does not report, for every XkYx with X <= 30", () => {
    for (let n = 1; n <= 30; n += 1)
      for (let keep = 1; keep <= n; keep += 1) {
        const { bySum, truncated } = highestOfExploding(n, keep);
        let mass = 0;
        for (const p of bySum) mass += p;
        expect(Math.abs(mass - 1), `${n}k${keep}x`).toBeLessThanOrEqual(truncated);
        expect(truncated, `${n}k${keep}x`).toBeLessThan(1e-11);
      }
  });

  it("is what odds() uses for XkYx, and reports its truncation there", () => {
    const o = odds("10k5x+3");
    const { bySum, critical, truncated } = highestOfExploding(10, 5);
    // The table's own sums add a rounding bound of their own.
    expect(o.truncated).toBeGreaterThanOrEqual(truncated);
    expect(o.truncated - truncated).toBeLessThan(1e-13);
    expect(o.critical).toBe(critical);
    expect(new Map(o.table()).get(40)).toBe(bySum[37]);
  });
});
