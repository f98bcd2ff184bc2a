import { LIMITS } from "./limits";
import { addScaled } from "./odds-kernel";
import { binomialInto, roundingBound } from "./odds-rounding";
import type { WorkBudget } from "./odds-work";

/** Tail mass below which an explosion chain is no longer followed. */
export const TAIL = 1e-12;

/** One die's outcomes: value, and the probability split by whether the first face was the maximum. */
export interface DieValues {
  /** Distinct values, ascending. */
  readonly values: Float64Array;
  /** Probability of each value with a natural maximum first face. */
  readonly natural: Float64Array;
  /** Probability of each value with any other first face. */
  readonly other: Float64Array;
  /** Probability mass not represented (chains beyond the tail or the explosion bound). */
  readonly truncated: number;
}

/**
 * A d`sides` that explodes on `threshold` or more, each roll added onto the same die, followed until
 * the remaining chains weigh less than TAIL (what is left is reported as truncated) or reach the
 * explosion bound, where the dice engine stops a die and counts its value as it stands.
 */
const dieCache = new Map<string, DieValues>();

export function explodingDieValues(sides: number, threshold: number | undefined, tail = TAIL): DieValues {
  const key = `${sides}|${threshold ?? ""}|${tail}`;
  let die = dieCache.get(key);
  if (!die) {
    die = computeDieValues(sides, threshold, tail);
    // A handful of dice shapes exist (d6, d10, each explosion threshold): they are kept for the session.
    dieCache.set(key, die);
  }
  return die;
}

function computeDieValues(sides: number, threshold: number | undefined, tail: number): DieValues {
  // Indexed by value: a die shows at most sides on each of its 1 + maxExplosions throws.
  const size = sides * (LIMITS.maxExplosions + 1) + 1;
  const natural = new Float64Array(size);
  const other = new Float64Array(size);
  const explodes = (f: number): boolean => threshold !== undefined && f >= threshold;
  const q = 1 / sides;
  // Open chains by running value: chance with a natural maximum first face, and with another.
  let openNatural = new Float64Array(size);
  let openOther = new Float64Array(size);
  for (let f = 1; f <= sides; f += 1) {
    const [open, done] = f === sides ? [openNatural, natural] : [openOther, other];
    if (explodes(f)) open[f] = q;
    else done[f] = q;
  }
  // Open chains lie between lo and hi; both move up by at least `threshold` each throw.
  let lo = threshold ?? size;
  let hi = sides;
  let explosions = 0;
  let truncated = 0;
  while (lo <= hi) {
    let weight = 0;
    for (let v = lo; v <= hi; v += 1) weight += openNatural[v]! + openOther[v]!;
    if (weight < tail) {
      truncated += weight;
      break;
    }
    if (explosions >= LIMITS.maxExplosions) {
      // The dice engine stops a die here and counts what it shows (flagged as capped): so do the odds.
      for (let v = lo; v <= hi; v += 1) {
        natural[v] = natural[v]! + openNatural[v]!;
        other[v] = other[v]! + openOther[v]!;
      }
      break;
    }
    explosions += 1;
    const nextNatural = new Float64Array(size);
    const nextOther = new Float64Array(size);
    for (let base = lo; base <= hi; base += 1) {
      const pn = openNatural[base]! * q;
      const po = openOther[base]! * q;
      if (pn === 0 && po === 0) continue;
      for (let f = 1; f <= sides; f += 1) {
        const v = base + f;
        if (explodes(f)) {
          nextNatural[v] = nextNatural[v]! + pn;
          nextOther[v] = nextOther[v]! + po;
        } else {
          natural[v] = natural[v]! + pn;
          other[v] = other[v]! + po;
        }
      }
    }
    openNatural = nextNatural;
    openOther = nextOther;
    lo += threshold!;
    hi += sides;
  }
  const values: number[] = [];
  for (let v = 1; v < size; v += 1) if (natural[v]! > 0 || other[v]! > 0) values.push(v);
  return {
    values: Float64Array.from(values),
    natural: Float64Array.from(values, (v) => natural[v]!),
    other: Float64Array.from(values, (v) => other[v]!),
    truncated,
  };
}

export interface KeepDistribution {
  /** Probability of each kept sum, indexed by sum (sums below 0 do not occur). */
  readonly bySum: Float64Array;
  /** Probability that every kept die shows a natural maximum first face. */
  readonly critical: number;
  readonly truncated: number;
}

/** Rounding steps a die's own chances carry (each explosion multiplies and adds once more). */
export const DIE_ROUNDINGS = 2 * LIMITS.maxExplosions + 8;

/**
 * Probabilities by kept sum for one number of placed dice, stored in a window that grows as needed:
 * `buf[i]` is the chance of sum `base + i`, and only `lo..hi` may be nonzero (empty when hi < lo).
 */
interface Row {
  buf: Float64Array;
  base: number;
  lo: number;
  hi: number;
  /** What the row holds in all: kept up to date as mass moves in, used to judge what is negligible. */
  mass: number;
}

/** Makes room in a row for sums lo..hi (never beyond 0..limit), keeping what it holds. */
function reserve(row: Row, lo: number, hi: number, limit: number): void {
  if (row.hi < row.lo) {
    // Empty: start a fresh window with room to grow on both sides.
    if (lo >= row.base && hi < row.base + row.buf.length) return;
    const slack = hi - lo + 16;
    const base = Math.max(0, lo - slack);
    row.buf = new Float64Array(Math.min(limit + 1, hi + slack + 1) - base);
    row.base = base;
    return;
  }
  const from = Math.min(lo, row.lo);
  const to = Math.max(hi, row.hi);
  if (from >= row.base && to < row.base + row.buf.length) return;
  const slack = (to - from) >> 1;
  const base = Math.max(0, from - slack);
  const buf = new Float64Array(Math.min(limit + 1, to + slack + 1) - base);
  buf.set(row.buf.subarray(row.lo - row.base, row.hi - row.base + 1), row.lo - base);
  row.buf = buf;
  row.base = base;
}

/**
 * Below this, a move between states weighs too little to show in any reported figure (all are kept to
 * 1e-9); it is not made, and its weight is added to `truncated`.
 */
const NEGLIGIBLE = 1e-18;

/** All the mass the edges of the rows may lose in one computation, shared out over every cut. */
const EDGE_BUDGET = 5e-11;

/**
 * Exact distribution of the sum of the `keep` best of `n` independent dice, best meaning highest (or
 * lowest), ties kept natural-maximum first. One pass over the values in keeping order; a state is
 * (dice placed so far, kept sum), and the dice not yet placed are known to lie at or after the current
 * value, so how many land on it is binomial with the conditional chance. A state that has filled its
 * kept places is finished at once.
 *
 * Every row holds plain probabilities and every step moves them with a binomial row that sums to 1,
 * so nothing is lost to scaling or cancellation: the chance of the values still ahead is summed from
 * the far end (compensated), never found by subtraction. Moves weighing less than NEGLIGIBLE (the
 * move's chance times the whole row's mass) are not made, and each row's edges are cut while what is
 * cut stays within a share of EDGE_BUDGET; both are counted, and the die's own truncated tail is
 * reported, not spread. `truncated` is all of that plus a bound on the rounding, so no probability,
 * no chance of reaching a total and not the total mass is further than `truncated` from the truth.
 */
export function keepDistribution(
  die: DieValues,
  n: number,
  keep: number,
  lowest: boolean,
  budget?: WorkBudget,
): KeepDistribution {
  const k = Math.min(keep, n);
  const m = die.values.length;
  if (k <= 0) return { bySum: Float64Array.of(1), critical: 0, truncated: 0 };
  const limit = Math.round(k * die.values[m - 1]!);
  const result = new Float64Array(limit + 1);
  // In keeping order: index of the step-th value, and the chance of it and the values after it.
  const at = (step: number): number => (lowest ? step : m - 1 - step);
  // Summed from the far end with Neumaier's compensation: each within two roundings of the truth.
  const ahead = new Float64Array(m + 1);
  let sum = 0;
  let carry = 0;
  for (let step = m - 1; step >= 0; step -= 1) {
    const x = die.natural[at(step)]! + die.other[at(step)]!;
    const t = sum + x;
    carry += sum >= x ? sum - t + x : x - t + sum;
    sum = t;
    ahead[step] = sum + carry;
  }
  // rows[j]: probabilities by kept sum with j dice placed (j < k), all of them kept so far.
  const rows: Row[] = Array.from({ length: k }, () => ({ buf: new Float64Array(0), base: 0, lo: 0, hi: -1, mass: 0 }));
  reserve(rows[0]!, 0, 0, limit);
  rows[0]!.buf[0] = 1;
  rows[0]!.hi = 0;
  rows[0]!.mass = 1;
  const edge = EDGE_BUDGET / (2 * m * k);
  let dropped = 0;
  let crit = new Float64Array(k);
  crit[0] = 1;
  let critical = 0;
  const chance = new Float64Array(n + 1);
  const powers = new Float64Array(n + 1);
  for (let step = 0; step < m; step += 1) {
    const idx = at(step);
    const v = die.values[idx]!;
    const pn = die.natural[idx]!;
    const po = die.other[idx]!;
    const here = ahead[step]!;
    const later = ahead[step + 1]!;
    const share = (pn + po) / here;
    const stay = later / here;
    // Walk j downwards so a row is read before dice landing here move its mass to a higher j.
    for (let j = k - 1; j >= 0; j -= 1) {
      const row = rows[j]!;
      if (row.hi < row.lo) continue;
      const { buf, base, lo, hi, mass } = row;
      const from = lo - base;
      const length = hi - lo + 1;
      const r = n - j;
      binomialInto(chance, r, share, stay);
      let moves = 1;
      // Landing k - j or more dice here fills the kept places with this value: one finishing shift.
      let finishing = 0;
      for (let c = r; c >= k - j; c -= 1) finishing += chance[c]!;
      if (finishing * mass >= NEGLIGIBLE) {
        addScaled(result, lo + Math.round((k - j) * v), buf, from, length, finishing);
        moves += 1;
      } else dropped += finishing * mass;
      for (let c = Math.min(r, k - j - 1); c >= 1; c -= 1) {
        const prob = chance[c]!;
        if (prob * mass < NEGLIGIBLE) {
          dropped += prob * mass;
          continue;
        }
        const target = rows[j + c]!;
        const shift = Math.round(c * v);
        reserve(target, lo + shift, hi + shift, limit);
        addScaled(target.buf, lo + shift - target.base, buf, from, length, prob);
        if (target.hi < target.lo) {
          target.lo = lo + shift;
          target.hi = hi + shift;
        } else {
          target.lo = Math.min(target.lo, lo + shift);
          target.hi = Math.max(target.hi, hi + shift);
        }
        target.mass += prob * mass;
        moves += 1;
      }
      budget?.spend(moves * length + r);
      // None land here: the row stays, weighed by that chance, with its negligible edges cut.
      const none = chance[0]!;
      if (none * mass < NEGLIGIBLE) {
        dropped += none * mass;
        buf.fill(0, from, from + length);
        row.hi = row.lo - 1;
        row.mass = 0;
        continue;
      }
      let left = 0;
      for (let i = from; i < from + length; i += 1) {
        const x = buf[i]! * none;
        buf[i] = x;
        left += x;
      }
      let a = from;
      let b = from + length - 1;
      let cut = 0;
      while (a <= b && cut + buf[a]! < edge) {
        cut += buf[a]!;
        buf[a++] = 0;
      }
      dropped += cut;
      left -= cut;
      cut = 0;
      while (b >= a && cut + buf[b]! < edge) {
        cut += buf[b]!;
        buf[b--] = 0;
      }
      dropped += cut;
      left -= cut;
      row.lo = a + base;
      row.hi = b + base;
      row.mass = b >= a ? left : 0;
    }
    // Critical: naturals rank first at equal values; an other die among the kept spoils it.
    const nextCrit = new Float64Array(k);
    const naturalShare = pn / here;
    const notNatural = (po + later) / here;
    // Given a die is not a natural here, the chance it is not an other die here either.
    const notOther = po + later > 0 ? later / (po + later) : 0;
    powers[0] = 1;
    for (let e = 1; e <= n; e += 1) powers[e] = powers[e - 1]! * notOther;
    budget?.spend(n);
    for (let j = 0; j < k; j += 1) {
      const w = crit[j]!;
      if (w < NEGLIGIBLE) continue;
      const r = n - j;
      budget?.spend(2 * r + 2);
      binomialInto(chance, r, naturalShare, notNatural);
      for (let c = 0; c <= r; c += 1) {
        const prob = w * chance[c]!;
        if (j + c >= k) critical += prob;
        else nextCrit[j + c] = nextCrit[j + c]! + prob * powers[r - c]!;
      }
    }
    crit = nextCrit;
  }
  // The distribution above is conditional on no die reaching the truncated tail; scale it back.
  const kept = Math.exp(n * Math.log1p(-die.truncated));
  const lost = -Math.expm1(n * Math.log1p(-die.truncated));
  for (let s = 0; s <= limit; s += 1) result[s] = result[s]! * kept;
  // Per value an entry passes through a binomial row (about 10 roundings per die, the chances of the
  // value included) and a multiply-add; each die's chances carry their own few.
  const rounding = roundingBound(m * (10 * n + 12) + n * DIE_ROUNDINGS + 16);
  return { bySum: result, critical: critical * kept, truncated: lost + dropped * kept + rounding };
}

/**
 * About how many steps keepDistribution will take, before it takes any: the same walk over the values
 * with each row reduced to its mass (so the same rows and moves are live), and each row's length
 * estimated from the spread of its dice: j dice drawn from the values passed so far spread over about
 * 2·z·σ·√j totals, z being where a normal tail falls below what the row may lose at its edges, and
 * never more than the totals those dice can make, all times 4/3; it stops once past `stopAbove`.
 * Costs a few multiplications per row and die. Measured against the steps counted (every threshold, Negative Dice, 5 to 100 dice, keeping
 * one to all), the walk alone comes within 0.76 to 1.3 of them, and within 0.97 to 1.3 where they pass
 * fifty million; so the estimate is above the count wherever it matters.
 */
export function keepDistributionWork(
  die: DieValues,
  n: number,
  keep: number,
  lowest: boolean,
  stopAbove = Infinity,
): number {
  const k = Math.min(keep, n);
  const m = die.values.length;
  if (k <= 0) return 0;
  const at = (step: number): number => (lowest ? step : m - 1 - step);
  const ahead = new Float64Array(m + 1);
  for (let step = m - 1; step >= 0; step -= 1) {
    const i = at(step);
    ahead[step] = ahead[step + 1]! + die.natural[i]! + die.other[i]!;
  }
  const edge = EDGE_BUDGET / (2 * m * k);
  const mass = new Float64Array(k);
  mass[0] = 1;
  const chance = new Float64Array(n + 1);
  let work = 0;
  // Moments of the values passed so far (the dice placed lie among them), and their range.
  let weight = 0;
  let sum = 0;
  let squares = 0;
  const first = die.values[at(0)]!;
  for (let step = 0; step < m; step += 1) {
    const idx = at(step);
    const v = die.values[idx]!;
    const p = die.natural[idx]! + die.other[idx]!;
    weight += p;
    sum += p * v;
    squares += p * v * v;
    const spread = Math.sqrt(Math.max(0, squares / weight - (sum / weight) ** 2));
    const range = Math.abs(first - v);
    const share = p / ahead[step]!;
    const stay = ahead[step + 1]! / ahead[step]!;
    for (let j = k - 1; j >= 0; j -= 1) {
      const w = mass[j]!;
      if (w === 0) continue;
      const r = n - j;
      binomialInto(chance, r, share, stay);
      const z = w > edge ? Math.sqrt(2 * Math.log(w / edge)) : 0;
      const length = Math.min(j * range + 1, 2 * z * spread * Math.sqrt(j) + 1);
      let moves = 1;
      let finishing = 0;
      for (let c = r; c >= k - j; c -= 1) finishing += chance[c]!;
      if (finishing * w >= NEGLIGIBLE) moves += 1;
      for (let c = Math.min(r, k - j - 1); c >= 1; c -= 1) {
        if (chance[c]! * w < NEGLIGIBLE) continue;
        mass[j + c] = mass[j + c]! + chance[c]! * w;
        moves += 1;
      }
      work += moves * length + r;
      mass[j] = chance[0]! * w >= NEGLIGIBLE ? chance[0]! * w : 0;
    }
    work += n + k * (2 * n + 2);
    // Past the limit the rest need not be walked: the pool is refused either way.
    if ((work * 4) / 3 > stopAbove) break;
  }
  return (work * 4) / 3;
}
