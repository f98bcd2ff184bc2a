import { LIMITS } from "./limits";
import { binomialRow } from "./odds-binomial";
import { roundingBound } from "./odds-rounding";
import { highestOfPlain } from "./odds-highest-plain";
import { TAIL, type KeepDistribution } from "./odds-keep";

/** Below this, a term's weight cannot move any reported figure; it is skipped and reported as truncated. */
const NEGLIGIBLE = 1e-18;

/** A d10 explodes on 10 with this chance; otherwise its last face is 1..9, each equally likely. */
const CLIMB = 0.1;
const FACES = 9;

/**
 * Exact distribution of the sum of the `keep` highest of `n` d10s that explode on 10 (`XkYx`: a die
 * showing 10 rolls again and adds, before the highest are kept). Far less work than walking every
 * value (keepDistribution), because such a die is a ladder.
 *
 * A die's value is 10·J + F: J explosions (J >= j with chance 0.1^j), then a last face F of 1..9. So
 * dice rank by rung J first, then by F, and a die that reaches a rung goes on from there as a fresh
 * die. With y = min(keep, n) kept, the cut falls on the highest rung c that y dice reach; b < y dice
 * climb above it and are all kept. So the kept sum is
 *
 *   10·c·y                        every kept die has climbed c rungs
 *   + b·(10 + a fresh die)        the b dice above the cut
 *   + the y-b highest last faces  of the other n-b dice: stopped on rung c (faces 1..9) or absent
 *                                 (they never reached it, so they cannot be kept).
 *
 * For each b the first and last parts are gathered into inner[b] (one table of plain order statistics
 * per rung, highestOfPlain); the middle part is added by Horner's rule, one die at a time:
 * acc = inner[y-1], then acc = acc ⊛ (10 + die) + inner[b] for b = y-2 .. 0, each step a few linear
 * passes (climbOnce), never a full convolution.
 *
 * Nothing is dropped silently: rungs are followed until the chance that y dice still reach them is
 * below TAIL; each Horner step follows the added die's explosions until what they still hold is
 * below TAIL / y, and cuts as much of the far end as weighs less than that; terms below NEGLIGIBLE
 * are skipped. All of it is reported as `truncated` (about 1e-12 in all), with a bound on the rounding.
 */
export function highestOfExploding(n: number, keep: number): KeepDistribution {
  const y = Math.min(keep, n);
  if (y <= 0) throw new RangeError("highestOfExploding keeps at least one die");
  let truncated = 0;

  // above[c][b]: chance that b of the n dice climb past rung c (each does with chance 0.1^(c+1)).
  // Rungs are followed while at least y dice reach them with chance TAIL or more.
  const above: Float64Array[] = [];
  for (let c = 0; ; c += 1) {
    let reach = 1;
    if (c > 0) {
      reach = 0;
      const reached = above[c - 1]!;
      for (let a = y; a <= n; a += 1) reach += reached[a]!;
    }
    // The dice engine stops a die after LIMITS.maxExplosions; the odds stop there too, and report it.
    if (reach < TAIL || c > LIMITS.maxExplosions) {
      truncated += reach;
      break;
    }
    above.push(binomialRow(n, CLIMB ** (c + 1)));
  }
  const rungs = above.length;

  // inner[b]: 10·c per kept die, and the y-b highest of the other n-b dice on rung c.
  const perRung = 10 * y;
  const width = perRung * (rungs - 1) + FACES * y + 1;
  const inner = Array.from({ length: y }, () => new Float64Array(width));
  for (let c = 0; c < rungs; c += 1) {
    // Given it did not climb past rung c, a die never reached it with this chance (and reached it
    // with the other, written out so that no digits are lost to 1 - absent on high rungs).
    const passed = 1 - CLIMB ** (c + 1);
    const absent = (1 - CLIMB ** c) / passed;
    const present = ((1 - CLIMB) * CLIMB ** c) / passed;
    const plain = highestOfPlain(FACES, n - y, y, absent, present);
    for (let b = 0; b < y; b += 1) {
      const top = plain[y - b]!;
      const weight = above[c]![b]!;
      if (weight < NEGLIGIBLE) {
        for (let s = 0; s < top.length; s += 1) truncated += weight * top[s]!;
        continue;
      }
      const into = inner[b]!;
      for (let s = 0, t = c * perRung; s < top.length; s += 1, t += 1) into[t] = into[t]! + weight * top[s]!;
    }
  }

  // Roundings an entry carries: the binomial rows, the plain tables and gathering them by rung, then
  // each Horner step (its climbing chain runs a decade at a time through the whole array).
  let depth = 3 * n + 2 + FACES * (3 * n + 6) + rungs + 4;
  let acc: Float64Array = inner[y - 1]!;
  for (let b = y - 2; b >= 0; b -= 1) {
    const step = climbOnce(acc, inner[b]!, TAIL / y);
    truncated += step.dropped;
    acc = step.dist;
    depth += 8 + Math.ceil(acc.length / 5);
  }
  truncated += roundingBound(depth);

  // A critical: every kept die showed 10 first, that is at least y dice climbed past rung 0.
  let critical = 0;
  for (let a = y; a <= n; a += 1) critical += above[0]![a]!;
  return { bySum: acc, critical, truncated };
}

/**
 * One Horner step: x ⊛ (10 + an exploding d10) + below. The die adds its rung (10), then either a
 * last face 1..9 (chance 0.9, evenly) or it climbs again (chance 0.1, 10 more) as often as it goes
 * on: w[s] = 0.1·(x[s-11] + ... + x[s-19]) + 0.1·w[s-10]. The climbing tail is followed while what
 * it still holds is at least `tail`, and the far end is cut where it weighs less than `tail`; both
 * are `dropped`.
 */
function climbOnce(x: Float64Array, below: Float64Array, tail: number): { dist: Float64Array; dropped: number } {
  // The nine faces as three runs of three, added without subtraction so that sums that cannot
  // occur stay exactly 0: threes[i] = x[i-6] + x[i-7] + x[i-8], with room for the last run.
  const n = x.length;
  const threes = new Float64Array(n + 14);
  const at = (t: number): number => (t >= 0 && t < n ? x[t]! : 0);
  for (let i = 6; i < 8; i += 1) threes[i] = at(i - 6) + at(i - 7) + at(i - 8);
  for (let i = 8; i < n + 6; i += 1) threes[i] = x[i - 6]! + x[i - 7]! + x[i - 8]!;
  for (let i = Math.max(8, n + 6); i < n + 8; i += 1) threes[i] = at(i - 6) + at(i - 7) + at(i - 8);
  // The body: every s that a face reaches (and the other term), then whole decades of the climbing
  // tail as needed.
  const body = Math.max(n + 19, below.length);
  const chunks = Math.ceil(Math.log(tail) / Math.log(CLIMB)) + 1;
  const out = new Float64Array(body + 10 * chunks);
  const stop = (1 - CLIMB) / FACES;
  for (let s = 11; s < n + 19; s += 1)
    out[s] = stop * (threes[s - 5]! + threes[s - 8]! + threes[s - 11]!) + CLIMB * out[s - 10]!;
  for (let s = n + 19; s < body; s += 1) out[s] = CLIMB * out[s - 10]!;
  // Past the body each decade weighs 0.1 of the one before: what the tail still holds is
  // (last decade) · 0.1 / 0.9.
  let end = body;
  let last = 0;
  for (let s = end - 10; s < end; s += 1) last += out[s]!;
  while ((last * CLIMB) / (1 - CLIMB) >= tail && end + 10 <= out.length) {
    for (let s = end; s < end + 10; s += 1) out[s] = CLIMB * out[s - 10]!;
    end += 10;
    last *= CLIMB;
  }
  // Only now, with every climb computed from the one a decade below, add the other term.
  for (let s = 0; s < below.length; s += 1) out[s] = out[s]! + below[s]!;
  // The far end carries over from step to step; cut what weighs less than `tail` there too.
  let dropped = (last * CLIMB) / (1 - CLIMB);
  let cut = 0;
  while (end > 0 && cut + out[end - 1]! < tail) cut += out[--end]!;
  dropped += cut;
  return { dist: out.subarray(0, end), dropped };
}

/** Steps highestOfExploding takes, roughly: the plain tables of each rung and the Horner steps. */
export function highestOfExplodingWork(n: number, keep: number): number {
  const y = Math.min(keep, n);
  const rungs = 2 + Math.ceil(12 / y);
  return rungs * (FACES * FACES * y * y * y + FACES * y * n) + y * (rungs * 10 * y + 200) * 10;
}
