import { describe, expect, it } from "vitest";
import { LIMITS, odds } from "../../src/dice";
import { highestOfExplodingBelow, highestOfExplodingBelowWork } from "../../src/dice/odds-exploding-below";
import { explodingDieValues, keepDistribution } from "../../src/dice/odds-keep";

/**
 * One d10 exploding on `threshold`, by enumerating its chains of faces (no recurrence, nothing shared
 * with the engine): the chance of every value up to `cap`, and in one lump what lies beyond.
 */
function dieUpTo(threshold: number, cap: number): { chances: Map<number, number>; beyond: number } {
  const chances = new Map<number, number>();
  let beyond = 0;
  const roll = (sum: number, chance: number): void => {
    for (let face = 1; face <= 10; face += 1) {
      const value = sum + face;
      const p = chance / 10;
      if (value > cap) beyond += p;
      else if (face >= threshold) roll(value, p);
      else chances.set(value, (chances.get(value) ?? 0) + p);
    }
  };
  roll(0, 1);
  return { chances, beyond };
}

/**
 * The `keep` highest of n such dice by brute force over every multiset of values (a die beyond the cap
 * counted as cap + 1). A total of at most cap + keep - 1 is exact: a pool with a die beyond the cap
 * keeps that die or keep dice at least as high, so it totals more.
 */
function bruteForce(threshold: number, cap: number, n: number, keep: number): Map<number, number> {
  const { chances, beyond } = dieUpTo(threshold, cap);
  const types = [...chances].sort((a, b) => b[0] - a[0]);
  types.unshift([cap + 1, beyond]);
  const factorial = (m: number): number => (m <= 1 ? 1 : m * factorial(m - 1));
  const dist = new Map<number, number>();
  const counts = new Array<number>(types.length).fill(0);
  const walk = (from: number, left: number): void => {
    if (left === 0) {
      let p = factorial(n);
      const values: number[] = [];
      counts.forEach((c, i) => {
        if (c === 0) return;
        p *= types[i]![1] ** c / factorial(c);
        for (let r = 0; r < c; r += 1) values.push(types[i]![0]);
      });
      const sum = values.slice(0, keep).reduce((a, b) => a + b, 0);
      dist.set(sum, (dist.get(sum) ?? 0) + p);
      return;
    }
    for (let i = from; i < types.length; i += 1) {
      counts[i]! += 1;
      walk(i, left - 1);
      counts[i]! -= 1;
    }
  };
  walk(0, n);
  return dist;
}

describe("highestOfExplodingBelow: XkYx9, x8, x7, x6 in closed form", () => {
  it("agrees with brute force for every pool of up to 5 dice", { timeout: 120_000 }, () => {
    const cap = 22;
    for (const threshold of [7, 8, 9]) {
      for (let n = 1; n <= 5; n += 1) {
        for (let keep = 1; keep <= n + 1; keep += 1) {
          const brute = bruteForce(threshold, cap, n, keep);
          const { bySum } = highestOfExplodingBelow(n, keep, threshold);
          const exact = cap + Math.min(keep, n) - 1;
          for (let s = 0; s <= exact; s += 1)
            expect(Math.abs((bySum[s] ?? 0) - (brute.get(s) ?? 0)), `${n}k${keep}x${threshold} at ${s}`).toBeLessThan(
              1e-14,
            );
        }
      }
    }
  });

  it(
    "agrees with the value-by-value engine for every pool of up to 12 dice, totals and criticals",
    { timeout: 120_000 },
    () => {
      for (const threshold of [6, 7, 8, 9]) {
        const die = explodingDieValues(10, threshold);
        for (let n = 1; n <= 12; n += 1) {
          for (let keep = 1; keep <= n + 1; keep += 1) {
            const label = `${n}k${keep}x${threshold}`;
            const closed = highestOfExplodingBelow(n, keep, threshold);
            const walked = keepDistribution(die, n, keep, false);
            // Each is within its own truncated of the truth, so within both of each other.
            const bound = closed.truncated + walked.truncated;
            const length = Math.max(closed.bySum.length, walked.bySum.length);
            for (let s = 0; s < length; s += 1)
              expect(Math.abs((closed.bySum[s] ?? 0) - (walked.bySum[s] ?? 0)), `${label} at ${s}`).toBeLessThanOrEqual(
                bound,
              );
            expect(Math.abs(closed.critical - walked.critical), `${label} critical`).toBeLessThanOrEqual(bound);
            let mass = 0;
            for (const p of closed.bySum) mass += p;
            expect(Math.abs(mass - 1), label).toBeLessThanOrEqual(closed.truncated);
            expect(closed.truncated, label).toBeLessThan(1e-11);
          }
        }
      }
    },
  );

  it("keeps the critical's tie rule: naturals first at equal values", () => {
    // 2k1x9: a natural (10 + a fresh die) and a die opened on 9 (9 + a fresh die) often tie; the
    // value-by-value engine's tie rule is checked against brute force in odds.test.ts.
    const { critical } = highestOfExplodingBelow(2, 1, 9);
    const walked = keepDistribution(explodingDieValues(10, 9), 2, 1, false);
    expect(Math.abs(critical - walked.critical)).toBeLessThan(1e-12);
    // Keeping every die: every die a natural.
    expect(Math.abs(highestOfExplodingBelow(3, 3, 7).critical - 1e-3)).toBeLessThan(1e-15);
  });

  it("answers every pool of up to 100 dice within the work limit, and big ones fast enough", () => {
    for (const threshold of [6, 7, 8, 9])
      for (const [n, keep] of [
        [100, 1],
        [100, 10],
        [100, 50],
        [100, 100],
      ] as const)
        expect(highestOfExplodingBelowWork(n, keep, threshold)).toBeLessThan(LIMITS.maxOddsWork / 10);
    const { bySum, truncated } = highestOfExplodingBelow(100, 50, 9);
    let mass = 0;
    for (const p of bySum) mass += p;
    expect(Math.abs(mass - 1)).toBeLessThanOrEqual(truncated);
  });

  it("is what odds() uses for XkYx9, x8, x7 and x6, and reports its truncation there", () => {
    for (const threshold of [6, 7, 8, 9]) {
      const o = odds(`12k5x${threshold}+3`);
      const { bySum, critical, truncated } = highestOfExplodingBelow(12, 5, threshold);
      expect(o.truncated).toBeGreaterThanOrEqual(truncated);
      // The table's own sums add a rounding bound of their own (a few hundred totals).
      expect(o.truncated - truncated).toBeLessThan(1e-12);
      expect(o.critical).toBe(critical);
      expect(new Map(o.table()).get(40)).toBe(bySum[37]);
    }
    // Negative Dice keep the lowest, and lower thresholds explode too often: value by value still.
    expect(odds("-3k2x7").truncated).toBeLessThan(1e-9);
    expect(odds("5k2x5").truncated).toBeLessThan(1e-9);
  });
});
