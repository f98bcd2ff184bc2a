import { describe, expect, it } from "vitest";
import { odds } from "../../src/dice";
import { explodingDieValues, keepDistribution } from "../../src/dice/odds-keep";
import { sumWithoutHighest } from "../../src/dice/odds-without-highest";

/** Every face of n dice of 1..sides: the chance of each sum less the highest die. */
function bruteForce(n: number, sides: number): Map<number, number> {
  const out = new Map<number, number>();
  const faces = new Array<number>(n).fill(1);
  const each = sides ** -n;
  for (let k = 0; k < sides ** n; k += 1) {
    let rest = k;
    for (let i = 0; i < n; i += 1) {
      faces[i] = (rest % sides) + 1;
      rest = Math.floor(rest / sides);
    }
    const total = faces.reduce((a, b) => a + b, 0) - Math.max(...faces);
    out.set(total, (out.get(total) ?? 0) + each);
  }
  return out;
}

const worstGap = (dist: { offset: number; p: Float64Array }, reference: Map<number, number>): number => {
  const totals = new Set([...reference.keys(), ...Array.from(dist.p.keys(), (i) => i + dist.offset)]);
  let worst = 0;
  for (const total of totals)
    worst = Math.max(worst, Math.abs((dist.p[total - dist.offset] ?? 0) - (reference.get(total) ?? 0)));
  return worst;
};

describe("the sum of plain dice less the highest (the remove rule), from the highest face", () => {
  it("agrees with every face of 0 to 6 d6, and of d2, d3 and d4 pools", () => {
    for (const [n, sides] of [
      [0, 6],
      [1, 6],
      [2, 6],
      [3, 6],
      [4, 6],
      [5, 6],
      [6, 6],
      [7, 2],
      [6, 3],
      [5, 4],
    ] as const) {
      const { dist, truncated } = sumWithoutHighest(n, sides);
      const reference = n <= 1 ? new Map([[0, 1]]) : bruteForce(n, sides);
      expect(worstGap(dist, reference), `${n}d${sides}`).toBeLessThanOrEqual(truncated + 1e-16);
      expect(truncated).toBeLessThan(1e-12);
    }
  });

  it("agrees with the keep-lowest walk (n − 1 of n) total by total for 2 to 40 d6", () => {
    const die = explodingDieValues(6, undefined);
    for (let n = 2; n <= 40; n += 1) {
      const { dist, truncated } = sumWithoutHighest(n);
      const walked = keepDistribution(die, n, n - 1, true);
      const reference = new Map<number, number>();
      walked.bySum.forEach((p, total) => p > 0 && reference.set(total, p));
      expect(worstGap(dist, reference), `${n}D`).toBeLessThanOrEqual(truncated + walked.truncated);
      // The least likely total (every other die a 1: all 1s, or one die of 2..6) keeps its relative precision.
      expect(dist.p[0]! / ((1 + 5 * n) * 6 ** -n)).toBeCloseTo(1, 9);
    }
  });
});

/** A die code the long way: every ordinary face, the Wild Die's values and each Character Point die's, convolved in. */
function codeByFaces(dice: number, pips: number, points: number, remove: boolean): Map<number, number> {
  const wild = explodingDieValues(6, 6);
  const wildValues = Array.from(wild.values, (v, i) => [v, wild.natural[i]! + wild.other[i]!] as const);
  let dist = new Map<number, number>();
  const others = Math.max(0, dice - 1);
  for (let k = 0; k < 6 ** others; k += 1) {
    const faces: number[] = [];
    let rest = k;
    for (let i = 0; i < others; i += 1) {
      faces.push((rest % 6) + 1);
      rest = Math.floor(rest / 6);
    }
    const sum = faces.reduce((a, b) => a + b, 0);
    const chance = 6 ** -others;
    if (dice === 0) dist.set(pips, 1);
    else
      for (const [v, p] of wildValues) {
        // Only a first face of 1 shows 1: the remove rule then takes it and the highest ordinary die.
        const total = pips + (remove && v === 1 ? sum - (others > 0 ? Math.max(...faces) : 0) : sum + v);
        dist.set(total, (dist.get(total) ?? 0) + chance * p);
      }
  }
  for (let i = 0; i < points; i += 1) {
    const next = new Map<number, number>();
    for (const [total, p] of dist)
      for (const [v, q] of wildValues) next.set(total + v, (next.get(total + v) ?? 0) + p * q);
    dist = next;
  }
  return dist;
}

describe("die codes total by total against every face", () => {
  it("with the Wild Die, Character Point dice and each complication rule, for 0D to 5D", () => {
    const die = explodingDieValues(6, 6);
    for (const rule of ["note", "remove"] as const)
      for (let dice = 0; dice <= 5; dice += 1)
        for (const points of [0, 1, 2])
          for (const pips of [0, 2]) {
            if (dice === 0 && points === 0) continue;
            const formula = `${dice}D${pips ? `+${pips}` : ""}${points ? `+${points}CP` : ""}`;
            const o = odds(formula, { complication: rule });
            const reference = codeByFaces(dice, pips, points, rule === "remove");
            const table = new Map(o.table());
            let worst = 0;
            for (const total of new Set([...table.keys(), ...reference.keys()]))
              worst = Math.max(worst, Math.abs((table.get(total) ?? 0) - (reference.get(total) ?? 0)));
            const exploding = points + (dice > 0 ? 1 : 0);
            expect(worst, `${formula} ${rule}`).toBeLessThanOrEqual(o.truncated + exploding * die.truncated + 1e-15);
            if (dice > 0) expect(o.complication).toBeCloseTo(1 / 6, 15);
          }
  });
});
