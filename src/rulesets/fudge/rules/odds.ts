/**
 * Exact odds of FUDGE rolls: 4dF has 81 equally likely outcomes, so every chance is worked out by
 * enumerating them (two rolls: 6,561 pairs, grouped by sum into 9 × 9).
 */
import { meleeExchange, type Fighter } from "./exchange";

/** Ways to roll each sum of 4dF, from −4 to +4 (out of 81). */
export const FOUR_DF_WAYS = Object.freeze([1, 4, 10, 16, 19, 16, 10, 4, 1] as const);
const SUMS = FOUR_DF_WAYS.map((ways, i) => ({ sum: i - 4, p: ways / 81 }));

/** The chance that trait + 4dF reaches a difficulty. */
export function chanceToReach(level: number, difficulty: number): number {
  return SUMS.reduce((acc, { sum, p }) => acc + (level + sum >= difficulty ? p : 0), 0);
}

/** The chances of an opposed roll between two levels: the first wins, ties, loses. */
export function opposedOdds(a: number, b: number): { win: number; tie: number; lose: number } {
  let win = 0;
  let tie = 0;
  for (const x of SUMS) {
    for (const y of SUMS) {
      const d = a + x.sum - (b + y.sum);
      if (d > 0) win += x.p * y.p;
      else if (d === 0) tie += x.p * y.p;
    }
  }
  return { win, tie, lose: Math.max(0, 1 - win - tie) };
}

/** Each sum of `dice` Fudge dice (0 to 4) with its chance: 3^dice equally likely outcomes. */
export function fudgeSums(dice: number): Array<{ sum: number; p: number }> {
  if (!Number.isInteger(dice) || dice < 0 || dice > 4) throw new RangeError(`0 to 4 Fudge dice, not ${String(dice)}`);
  let ways = new Map<number, number>([[0, 1]]);
  for (let d = 0; d < dice; d++) {
    const next = new Map<number, number>();
    for (const [sum, w] of ways) for (const f of [-1, 0, 1]) next.set(sum + f, (next.get(sum + f) ?? 0) + w);
    ways = next;
  }
  const total = 3 ** dice;
  return [...ways.entries()].sort((x, y) => x[0] - y[0]).map(([sum, w]) => ({ sum, p: w / total }));
}

/**
 * The chances of an opposed check: the roller (at `roller`, on 4dF) wins when it beats the resister
 * (at `resister`, on `resisterDice` Fudge dice) and reaches `minimum`; a tie keeps the status quo.
 */
export function opposedCheckOdds(
  roller: number,
  resister: number,
  options: { minimum?: number | null; resisterDice?: number } = {},
): { win: number; tie: number; lose: number } {
  let win = 0;
  let tie = 0;
  for (const x of SUMS) {
    for (const y of fudgeSums(options.resisterDice ?? 4)) {
      const mine = roller + x.sum;
      const d = mine - (resister + y.sum);
      if (d === 0) tie += x.p * y.p;
      else if (d > 0 && (options.minimum === null || options.minimum === undefined || mine >= options.minimum)) {
        win += x.p * y.p;
      }
    }
  }
  return { win, tie, lose: Math.max(0, 1 - win - tie) };
}

/** The chances of a melee exchange: a hits b, b hits a, neither. */
export function meleeOdds(a: Fighter, b: Fighter): { aHits: number; bHits: number; neither: number } {
  let aHits = 0;
  let bHits = 0;
  let neither = 0;
  for (const x of SUMS) {
    for (const y of SUMS) {
      const r = meleeExchange(a, b, x.sum, y.sum);
      const p = x.p * y.p;
      if (r.a.hits) aHits += p;
      if (r.b.hits) bHits += p;
      if (!r.a.hits && !r.b.hits) neither += p;
    }
  }
  return { aHits, bHits, neither };
}

/** A dodged shot's chance to hit: beat the dodge and reach the difficulty. */
export function dodgedOdds(offense: number, dodge: number, difficulty: number): number {
  let hit = 0;
  for (const x of SUMS) {
    for (const y of SUMS) {
      const o = offense + x.sum;
      if (o > dodge + y.sum && o >= difficulty) hit += x.p * y.p;
    }
  }
  return hit;
}
