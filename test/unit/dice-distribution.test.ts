import { describe, expect, it } from "vitest";
import { roll, seededDie } from "../../src/dice";
import { chiSquare, convolve, explodingDie, keepBest, shift, type Distribution } from "../support/exact";

const SAMPLES = 20_000;

function sample(formula: string, seed: number): Map<number, number> {
  const die = seededDie(seed);
  const counts = new Map<number, number>();
  for (let i = 0; i < SAMPLES; i += 1) {
    const { total } = roll(formula, { die });
    counts.set(total, (counts.get(total) ?? 0) + 1);
  }
  return counts;
}

const d10 = explodingDie(10, undefined);
const fudgeDie: Distribution = new Map([
  [-1, 1 / 3],
  [0, 1 / 3],
  [1, 1 / 3],
]);
const d6 = explodingDie(6, undefined);

const cases: Array<[string, Distribution]> = [
  ["8k4x", keepBest(explodingDie(10, 10), 8, 4)],
  ["5k2", keepBest(d10, 5, 2)],
  ["6k3x9", keepBest(explodingDie(10, 9), 6, 3)],
  ["-1k1", keepBest(d10, 2, 1, true)],
  ["4dF", [1, 2, 3].reduce((acc) => convolve(acc, fudgeDie), fudgeDie)],
  ["3D+2", shift(convolve(convolve(d6, d6), explodingDie(6, 6)), 2)],
];

describe("seeded rolls agree with the exact distributions (chi-square, p = 0.001, fixed seeds)", () => {
  it("the reference distributions sum to 1", () => {
    for (const [formula, dist] of cases) {
      const mass = [...dist.values()].reduce((a, b) => a + b, 0);
      expect(Math.abs(mass - 1), formula).toBeLessThan(1e-9);
    }
  });

  it.each(cases)("%s", (formula, dist) => {
    const { statistic, critical, df } = chiSquare(sample(formula, 20261121), dist, SAMPLES);
    expect(df).toBeGreaterThan(1);
    expect(statistic, `chi-square ${statistic.toFixed(1)} on ${df} df`).toBeLessThan(critical);
  });

  it("has the power to reject a wrong engine (8k4 without explosions against 8k4x)", () => {
    const { statistic, critical } = chiSquare(sample("8k4", 7), keepBest(explodingDie(10, 10), 8, 4), SAMPLES);
    expect(statistic).toBeGreaterThan(critical);
  });

  it("knows the exact mean of a plain d10 pool: 1k1 is 5.5", () => {
    const mean = [...keepBest(d10, 1, 1)].reduce((s, [v, p]) => s + v * p, 0);
    expect(mean).toBeCloseTo(5.5, 12);
  });
});
