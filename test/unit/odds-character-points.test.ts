import { describe, expect, it } from "vitest";
import { odds } from "../../src/dice";
import { characterPointSum, characterPointSumWork } from "../../src/dice/odds-character-points";
import { explodingDieValues } from "../../src/dice/odds-keep";

/** The sum of `count` exploding d6s the long way: one die's values convolved in, die by die. */
function dieByDie(count: number): Map<number, number> {
  const die = explodingDieValues(6, 6);
  let dist = new Map([[0, 1]]);
  for (let i = 0; i < count; i += 1) {
    const next = new Map<number, number>();
    for (const [total, p] of dist)
      die.values.forEach((v, j) =>
        next.set(total + v, (next.get(total + v) ?? 0) + p * (die.natural[j]! + die.other[j]!)),
      );
    dist = next;
  }
  return dist;
}

describe("Character Point dice summed in closed form (6·sixes + last faces)", () => {
  it("agrees with convolving each exploding d6 in, total by total, for 1 to 24 dice", () => {
    const die = explodingDieValues(6, 6);
    for (let count = 1; count <= 24; count += 1) {
      const { dist, truncated } = characterPointSum(count);
      const reference = dieByDie(count);
      const tolerance = truncated + count * die.truncated + 1e-14;
      const totals = new Set([...reference.keys(), ...Array.from(dist.p.keys(), (i) => i + dist.offset)]);
      let worst = 0;
      for (const total of totals) {
        const mine = dist.p[total - dist.offset] ?? 0;
        worst = Math.max(worst, Math.abs(mine - (reference.get(total) ?? 0)));
      }
      expect(worst, `${count} dice`).toBeLessThanOrEqual(tolerance);
      expect(truncated).toBeLessThan(1e-10);
      expect(Math.abs(1 - dist.p.reduce((a, b) => a + b, 0))).toBeLessThanOrEqual(truncated);
    }
  });

  it("gives the exact small cases: one die is 1..5 at 1/6 each, a 6 then 1..5 at 1/36", () => {
    const { dist } = characterPointSum(1);
    expect(dist.offset).toBe(1);
    for (const v of [1, 2, 3, 4, 5]) expect(dist.p[v - 1]).toBeCloseTo(1 / 6, 15);
    expect(dist.p[6 - 1]).toBe(0);
    for (const v of [7, 8, 9, 10, 11]) expect(dist.p[v - 1]).toBeCloseTo(1 / 36, 15);
    // Two dice: a total of 2 only as 1 + 1.
    expect(characterPointSum(2).dist.p[0]).toBeCloseTo(1 / 36, 15);
  });

  it("is what a die code's Character Point dice read, with the mean of an exploding d6 (4.2) each", () => {
    expect(odds("+20CP").mean).toBeCloseTo(20 * 4.2, 8);
    expect(odds("3D+1+2CP").mean).toBeCloseTo(1 + 2 * 3.5 + 4.2 + 2 * 4.2, 8);
  });

  it("estimates its work before it starts, never below the steps it takes", () => {
    for (const count of [1, 5, 20, 100, 1000]) {
      const { dist } = characterPointSum(count);
      const terms = Math.ceil((dist.p.length - 4 * count - 1) / 6) + 1;
      expect(characterPointSumWork(count)).toBeGreaterThanOrEqual(terms * (4 * count + 1));
    }
  });
});
