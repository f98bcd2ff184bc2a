import { describe, expect, it } from "vitest";
import { NotationError, clearOddsCache, odds, oddsCacheSize, roll, seededDie } from "../../src/dice";
import { explodingDieValues, keepDistribution, keepDistributionWork, type DieValues } from "../../src/dice/odds-keep";
import { WorkBudget, WorkExceeded } from "../../src/dice/odds-work";
import { chiSquare, explodingDie, keepBest } from "../support/exact";

/** Every tuple of n plain d10 faces, once; calls back with the faces sorted descending and the tuple's probability. */
function eachTuple(n: number, visit: (sortedDesc: number[], p: number) => void): void {
  const faces = new Array<number>(n).fill(1);
  const p = 10 ** -n;
  for (;;) {
    visit(
      [...faces].sort((a, b) => b - a),
      p,
    );
    let i = 0;
    while (i < n && faces[i] === 10) faces[i++] = 1;
    if (i === n) return;
    faces[i]! += 1;
  }
}

describe("exact odds agree with brute-force enumeration", () => {
  it("for every XkY with X <= 6, no explosions: totals and criticals", { timeout: 120_000 }, () => {
    for (let x = 1; x <= 6; x += 1) {
      const expected = Array.from({ length: x + 1 }, () => new Map<number, number>());
      const crit = new Array<number>(x + 1).fill(0);
      eachTuple(x, (sorted, p) => {
        let sum = 0;
        for (let y = 1; y <= x; y += 1) {
          sum += sorted[y - 1]!;
          expected[y]!.set(sum, (expected[y]!.get(sum) ?? 0) + p);
          if (sorted[y - 1] === 10) crit[y]! += p;
        }
      });
      for (let y = 1; y <= x; y += 1) {
        const o = odds(`${x}k${y}`);
        const table = new Map(o.table());
        // The brute force adds up to a million terms, so both sides carry ~1e-12 of rounding.
        for (const [total, p] of expected[y]!)
          expect(Math.abs((table.get(total) ?? 0) - p), `${x}k${y} at ${total}`).toBeLessThan(1e-10);
        expect(table.size).toBe(expected[y]!.size);
        expect(Math.abs(o.critical! - crit[y]!), `${x}k${y} critical`).toBeLessThan(1e-10);
      }
    }
  });

  it("for Negative Dice (0k1 ... -5k3): the lowest kept", { timeout: 120_000 }, () => {
    for (let rolled = 0; rolled >= -5; rolled -= 1) {
      const n = 1 - rolled;
      const expected = [1, 2, 3].map(() => new Map<number, number>());
      eachTuple(n, (sorted, p) => {
        let sum = 0;
        for (let kept = 1; kept <= 3; kept += 1) {
          if (kept <= n) sum += sorted[n - kept]!;
          const m = expected[kept - 1]!;
          m.set(sum, (m.get(sum) ?? 0) + p);
        }
      });
      for (let kept = 1; kept <= 3; kept += 1) {
        const table = new Map(odds(`${rolled}k${kept}`).table());
        for (const [total, p] of expected[kept - 1]!) expect(Math.abs((table.get(total) ?? 0) - p)).toBeLessThan(1e-10);
      }
    }
  });

  /** Multisets of die outcomes (value, natural) with multinomial weights, keep rule applied directly. */
  function bruteForceKeep(die: DieValues, n: number, keep: number) {
    const types: Array<{ v: number; natural: boolean; p: number }> = [];
    die.values.forEach((v, i) => {
      if (die.natural[i]! > 0) types.push({ v, natural: true, p: die.natural[i]! });
      if (die.other[i]! > 0) types.push({ v, natural: false, p: die.other[i]! });
    });
    // Keeping order: higher value first, natural first on a tie.
    types.sort((a, b) => b.v - a.v || Number(b.natural) - Number(a.natural));
    const fact = (m: number): number => (m <= 1 ? 1 : m * fact(m - 1));
    const dist = new Map<number, number>();
    let critical = 0;
    const counts = new Array<number>(types.length).fill(0);
    const walk = (from: number, left: number) => {
      if (left === 0) {
        let p = fact(n);
        const chosen: Array<{ v: number; natural: boolean }> = [];
        counts.forEach((c, i) => {
          if (c === 0) return;
          p *= types[i]!.p ** c / fact(c);
          for (let r = 0; r < c; r += 1) chosen.push(types[i]!);
        });
        const kept = chosen.slice(0, keep);
        const sum = kept.reduce((a, t) => a + t.v, 0);
        dist.set(sum, (dist.get(sum) ?? 0) + p);
        if (kept.every((t) => t.natural)) critical += p;
        return;
      }
      for (let i = from; i < types.length; i += 1) {
        counts[i]! += 1;
        walk(i, left - 1);
        counts[i]! -= 1;
      }
    };
    walk(0, n);
    return { dist, critical };
  }

  it.each([
    [10, 6, 3],
    [10, 5, 2],
    [10, 4, 4],
    [9, 4, 2],
    [8, 3, 2],
  ])(
    "with explosions on %i: %ik%i, totals and criticals (the tie rule included)",
    { timeout: 120_000 },
    (threshold, n, keep) => {
      const die = explodingDieValues(10, threshold, 1e-3);
      const exact = keepDistribution(die, n, keep, false);
      const brute = bruteForceKeep(die, n, keep);
      const scale = (1 - die.truncated) ** n;
      for (const [total, p] of brute.dist)
        expect(Math.abs(exact.bySum[total]! - p), `total ${total}`).toBeLessThan(1e-12);
      expect(Math.abs(exact.critical - brute.critical)).toBeLessThan(1e-12);
      // What is left out (each die's tail) plus a bound on the rounding, which is far smaller.
      expect(exact.truncated).toBeGreaterThanOrEqual(1 - scale);
      expect(exact.truncated - (1 - scale)).toBeLessThan(1e-11);
    },
  );

  it("8k4x agrees with an independent exact computation to 1e-9", () => {
    const reference = keepBest(explodingDie(10, 10), 8, 4);
    const table = new Map(odds("8k4x").table());
    for (const [total, p] of reference) expect(Math.abs((table.get(total) ?? 0) - p)).toBeLessThan(1e-9);
  });

  it("agrees with the dice engine's seeded rolls (chi-square, p = 0.001)", { timeout: 120_000 }, () => {
    for (const formula of ["8k4x", "-1k1", "4dF+2", "3D+2", "6k3x9+4"]) {
      const die = seededDie(99);
      const counts = new Map<number, number>();
      for (let i = 0; i < 20_000; i += 1) {
        const { total } = roll(formula, { die });
        counts.set(total, (counts.get(total) ?? 0) + 1);
      }
      const { statistic, critical } = chiSquare(counts, new Map(odds(formula).table()), 20_000);
      expect(statistic, formula).toBeLessThan(critical);
    }
  });
});

describe("odds", () => {
  it("report an impossible roll with every probability 0", () => {
    const o = odds("5k0");
    expect(o.impossible).toBe(true);
    expect(o.table()).toEqual([]);
    expect(o.atLeast(-100)).toBe(0);
    expect(o.critical).toBe(0);
  });

  it("give mean, at-least and table for ordinary sums", () => {
    const o = odds("1d20+5");
    expect(o.mean).toBeCloseTo(15.5, 12);
    expect(o.atLeast(25)).toBeCloseTo(0.05, 12);
    expect(o.atLeast(6)).toBeCloseTo(1, 12);
    expect(o.atLeast(26)).toBe(0);
    expect(o.table()).toHaveLength(20);
    expect(odds("2d6-1d4").mean).toBeCloseTo(4.5, 12);
  });

  it("give FUDGE exactly: 4dF+2 has mean 2 and 1/81 at each end", () => {
    const table = new Map(odds("4dF+2").table());
    expect(table.get(6)).toBeCloseTo(1 / 81, 15);
    expect(table.get(-2)).toBeCloseTo(1 / 81, 15);
    expect(table.get(2)).toBeCloseTo(19 / 81, 15);
    expect(odds("4dF+2").mean).toBeCloseTo(2, 12);
  });

  it("follow the world's complication rule for die codes", () => {
    const note = odds("3D+2");
    const remove = odds("3D+2", { complication: "remove" });
    expect(note.complication).toBeCloseTo(1 / 6, 15);
    expect(remove.mean).toBeLessThan(note.mean);
    // Brute force: 2 ordinary d6 and the Wild Die's outcomes; a first face of 1 removes it and the higher d6.
    const wild = explodingDieValues(6, 6);
    let mean = 0;
    for (let a = 1; a <= 6; a += 1)
      for (let b = 1; b <= 6; b += 1)
        wild.values.forEach((w, i) => {
          const p = (wild.natural[i]! + wild.other[i]!) / 36;
          mean += p * (w === 1 ? Math.min(a, b) : a + b + w) + p * 2;
        });
    expect(remove.mean).toBeCloseTo(mean / (1 - wild.truncated), 9);
    const mass = remove.table().reduce((s, [, p]) => s + p, 0);
    expect(Math.abs(mass - 1)).toBeLessThanOrEqual(remove.truncated);
    expect(remove.truncated).toBeLessThan(1e-10);
  });

  it("report the explosion mass they leave out, never silently dropping it", () => {
    const o = odds("8k4x");
    expect(o.truncated).toBeGreaterThan(0);
    expect(o.truncated).toBeLessThan(1e-11);
    const mass = o.table().reduce((s, [, p]) => s + p, 0);
    expect(Math.abs(mass - 1)).toBeLessThanOrEqual(o.truncated);
    expect(o.critical).toBeGreaterThan(0);
  });

  it("remember formulas in a bounded cache", () => {
    clearOddsCache();
    const first = odds("3k2");
    expect(odds("3k2")).toBe(first);
    expect(odds(" 3k2 ")).toBe(first);
    for (let i = 1; i <= 300; i += 1) odds(`1d20+${i}`);
    expect(oddsCacheSize()).toBe(256);
  });

  it(
    "refuse a formula whose exact odds would take too long, naming the limit, and remember it",
    { timeout: 60_000 },
    () => {
      // Most of its dice explode about ten times and some a hundred: its estimate is over the limit.
      const refusal = () => {
        try {
          odds("100k100x2");
        } catch (e) {
          return e;
        }
        return undefined;
      };
      const error = refusal();
      expect(error).toBeInstanceOf(NotationError);
      expect((error as NotationError).code).toBe("oddsTooLarge");
      expect((error as NotationError).data.limit).toBe("300,000,000");
      expect(refusal()).toBe(error);
    },
  );

  it("estimate the value-by-value engine's steps before it starts, above what it counts", { timeout: 120_000 }, () => {
    for (const [threshold, n, keep, lowest] of [
      [2, 25, 25, false],
      [3, 50, 38, false],
      [2, 50, 50, true],
      [5, 100, 100, false],
      [undefined, 100, 50, false],
    ] as const) {
      const die = explodingDieValues(10, threshold);
      const budget = new WorkBudget(Infinity);
      keepDistribution(die, n, keep, lowest, budget);
      const estimate = keepDistributionWork(die, n, keep, lowest);
      expect(estimate, `${n}k${keep}x${threshold} ${lowest}`).toBeGreaterThanOrEqual(budget.spent);
      expect(estimate, `${n}k${keep}x${threshold} ${lowest}`).toBeLessThan(2 * budget.spent);
    }
  });

  it("stop the value-by-value engine at its budget, should an estimate ever fall short", () => {
    const die = explodingDieValues(10, 9);
    expect(() => keepDistribution(die, 30, 15, false, new WorkBudget(10_000))).toThrow(WorkExceeded);
  });
});
