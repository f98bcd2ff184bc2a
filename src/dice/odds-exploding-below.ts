import { roundingBound } from "./odds-rounding";
import { TAIL, type KeepDistribution } from "./odds-keep";

/** Below this, a term's weight cannot move any reported figure; it is skipped and reported as truncated. */
const NEGLIGIBLE = 1e-18;

/** Each face of a d10. */
const FACE = 0.1;

/**
 * The values a pool may leave out at its top: the chance that `keep` dice reach them. Small beside TAIL,
 * which each die's own chain is followed to elsewhere.
 */
const STOP = TAIL / 10;

/** The same for `critical`, which costs far less per value: followed further, so tiny chances keep their digits. */
const CRITICAL_STOP = 1e-16;

/** Lowest threshold this engine takes: from x6 down the chance of 100 explosions stays below 1e-30. */
export const LOWEST_BELOW_THRESHOLD = 6;

/**
 * One d10 exploding on `threshold` or more (6..9 here), each new roll added onto the same die, as
 * plain probabilities by value: x[v] (v >= 1), below[v] = P(value < v) and above[v] = P(value > v),
 * each found without subtraction, followed until what lies above weighs less than `until`.
 *
 * The die's generating function is X = A / (1 - B), A holding the faces that stop (1..t-1) and B those
 * that explode (t..10), each 0.1. So x[v] = 0.1·[v < t] + 0.1·(x[v-t] + ... + x[v-10]), and what lies
 * at or beyond a value τ is N_τ / (1 - B) for a polynomial N_τ of ten non-negative terms on τ..τ+9:
 * the faces that end at or past τ straight away, and the chains that jump from below τ to at or past
 * it (`crossing`). Its mass is N_τ(1) / (1 - p), p = 0.1·(11 - t) the chance to explode.
 */
interface Die {
  readonly t: number;
  /** Chance a die explodes (p) and that it stops (1 - p), each written out. */
  readonly explode: number;
  readonly stop: number;
  readonly x: Float64Array;
  readonly below: Float64Array;
  readonly above: Float64Array;
  /** Values followed: x, below and above are known for 0..top. */
  readonly top: number;
}

/** N_τ into `into` (ten terms: τ..τ+9), from the die's values below τ; returns its mass. */
function crossing(t: number, x: Float64Array, tau: number, into: Float64Array): number {
  let mass = 0;
  for (let i = 0; i < 10; i += 1) {
    const u = tau + i;
    let chains = 0;
    for (let f = t; f <= 10; f += 1) {
      const from = u - f;
      if (from >= 1 && from < tau) chains += x[from]!;
    }
    const value = (u < t ? FACE : 0) + FACE * chains;
    into[i] = value;
    mass += value;
  }
  return mass;
}

/** Values are followed until what lies above weighs less than this: out of reach of any pool of up to 100 dice. */
const UNTIL = 1e-17;

/** Built when first asked for and kept for the session: four thresholds at most. */
const dice = new Map<number, Die>();

function dieOf(t: number): Die {
  let die = dice.get(t);
  if (!die) {
    die = buildDie(t, UNTIL);
    dice.set(t, die);
  }
  return die;
}

function buildDie(t: number, until: number): Die {
  const explode = FACE * (11 - t);
  const stop = FACE * (t - 1);
  let cap = 64;
  let x: Float64Array = new Float64Array(cap);
  let below: Float64Array = new Float64Array(cap);
  let above: Float64Array = new Float64Array(cap);
  above[0] = 1;
  let top = 1;
  for (; ; top += 1) {
    const v = top;
    if (v >= cap) {
      cap *= 2;
      const grow = (a: Float64Array): Float64Array => {
        const b = new Float64Array(cap);
        b.set(a);
        return b;
      };
      x = grow(x);
      below = grow(below);
      above = grow(above);
    }
    let chains = 0;
    for (let f = t; f <= 10 && f < v; f += 1) chains += x[v - f]!;
    x[v] = (v < t ? FACE : 0) + FACE * chains;
    below[v] = below[v - 1]! + x[v - 1]!;
    // Above v: the first face is above v (v < t), or it explodes and the rest of the die is above
    // v - f (always, when v - f < 1).
    if (v < t) above[v] = FACE * (10 - v);
    else {
      let rest = 0;
      for (let f = t; f <= 10; f += 1) rest += v - f < 1 ? 1 : above[v - f]!;
      above[v] = FACE * rest;
    }
    if (above[v]! < until) break;
  }
  return { t, explode, stop, x, below, above, top };
}

/**
 * into = from · n for a polynomial n of ten terms (into is from.length + 9 long), and sum[at + s] +=
 * weight · into[s] as each is made. Written out term by
 * term, each entry made once from the last ten of `from` held in variables: most pools are computed
 * once, before V8 optimises anything, and this cuts the interpreter's work on the hottest loop.
 */
function timesTen(
  into: Float64Array,
  from: Float64Array,
  n: Float64Array,
  sum: Float64Array,
  at: number,
  weight: number,
): void {
  const n0 = n[0]!;
  const n1 = n[1]!;
  const n2 = n[2]!;
  const n3 = n[3]!;
  const n4 = n[4]!;
  const n5 = n[5]!;
  const n6 = n[6]!;
  const n7 = n[7]!;
  const n8 = n[8]!;
  const n9 = n[9]!;
  // p0..p8 hold from[s-1] .. from[s-9] (0 outside it): each entry of into is made once.
  let p0 = 0;
  let p1 = 0;
  let p2 = 0;
  let p3 = 0;
  let p4 = 0;
  let p5 = 0;
  let p6 = 0;
  let p7 = 0;
  let p8 = 0;
  const length = from.length;
  for (let s = 0; s < length + 9; s += 1) {
    const a = s < length ? from[s]! : 0;
    const b = a * n0 + p0 * n1 + p1 * n2 + p2 * n3 + p3 * n4 + p4 * n5 + p5 * n6 + p6 * n7 + p7 * n8 + p8 * n9;
    into[s] = b;
    sum[at + s] = sum[at + s]! + weight * b;
    p8 = p7;
    p7 = p6;
    p6 = p5;
    p5 = p4;
    p4 = p3;
    p3 = p2;
    p2 = p1;
    p1 = p0;
    p0 = a;
  }
}

/** Binomial coefficients C(r, c) for r, c <= n, row by row (Pascal's rule: additions only). */
function pascal(n: number): Float64Array[] {
  const rows: Float64Array[] = [Float64Array.of(1)];
  for (let r = 1; r <= n; r += 1) {
    const row = new Float64Array(r + 1);
    const prev = rows[r - 1]!;
    row[0] = 1;
    row[r] = 1;
    for (let c = 1; c < r; c += 1) row[c] = prev[c - 1]! + prev[c]!;
    rows.push(row);
  }
  return rows;
}

/** An upper bound on the chance that at least y of n dice each do something of chance q. */
const atLeastBound = (choose: Float64Array[], n: number, y: number, q: number): number =>
  Math.min(1, choose[n]![y]! * q ** y);

/**
 * Exact distribution of the sum of the `keep` highest of `n` d10s that explode on `threshold` (6..9)
 * or more, each new roll added onto the same die before the highest are kept (`XkYx7`). Far less work
 * than walking every value (keepDistribution): the dice above a value are summed in closed form.
 *
 * With y = min(keep, n) kept, split every pool by the value v of the y-th highest die and the number
 * j < y of dice strictly above it: C(n, j) ways to choose them, the other n - j dice lie at or below
 * v with at least y - j of them on v (Q, a binomial sum), and the kept sum is (y - j)·v plus the sum
 * of j dice above v. That last sum has the generating function N_{v+1}^j / (1 - B)^j (see Die), so
 *
 *   kept sum = Σ_j (1 - B)^-j · S_j,   S_j = Σ_v C(n, j)·Q(n - j, y - j, v) · z^{(y-j)v} · N_{v+1}^j
 *
 * Each S_j is a short polynomial per value (N^j has 9j + 1 terms), summed over the values that y dice
 * reach with chance STOP or more; the outer sum is taken by Horner's rule, each division by 1 - B a
 * linear recurrence w[s] = a[s] + 0.1·(w[s-t] + ... + w[s-10]). Only non-negative numbers are added
 * and multiplied, so nothing is lost to cancellation.
 *
 * Left out, and reported as `truncated` with a bound on the rounding: the pools whose y-th die lies
 * beyond the last value followed, terms below NEGLIGIBLE, and each division's far tail once it weighs
 * less than its share of TAIL (the mass a recurrence still has to give beyond an index is exactly what
 * crosses it, divided by 1 - p, and then grows by 1 / (1 - p) for each division still to come).
 *
 * `critical` (every kept die's first face a 10, naturals kept first at equal values) by the same split:
 * the y-th kept die is a natural on v, the a < y dice above v all naturals, at least y - a naturals on
 * v, and every other die below v or an other die on v.
 *
 * Keeping every die is the plain sum of the dice (sumOfAll), far cheaper still.
 */
export function highestOfExplodingBelow(n: number, keep: number, threshold: number): KeepDistribution {
  const y = Math.min(keep, n);
  if (y <= 0) throw new RangeError("highestOfExplodingBelow keeps at least one die");
  const t = threshold;
  if (y === n) return sumOfAll(n, t);
  const choose = pascal(n);
  const die = dieOf(t);
  const { x, below, above, stop } = die;
  let truncated = 0;
  let depth = 0;

  // The values v the y-th die may take, and where the sums reach.
  let last = 0;
  for (let v = 1; v <= die.top; v += 1) {
    if (atLeastBound(choose, n, y, x[v]! + above[v]!) < STOP) break;
    last = v;
  }
  // The y-th die beyond `last`: at least y dice at or past last + 1.
  truncated += atLeastBound(choose, n, y, above[last]!);
  const width = y * (last + 10) + 1;
  const terms = Array.from({ length: y }, () => new Float64Array(width));
  // N^j for the current value, two buffers per power (9j + 1 terms each).
  const power = Array.from({ length: y }, (_, j) => new Float64Array(9 * j + 1));
  power[0]![0] = 1;
  const cross = new Float64Array(10);
  const xs = new Float64Array(n + 1);
  const ls = new Float64Array(n + 1);
  const coefficient = new Float64Array(y);
  for (let v = 1; v <= last; v += 1) {
    const xv = x[v]!;
    if (xv === 0) continue;
    const lv = below[v]!;
    const up = above[v]!;
    xs[0] = 1;
    ls[0] = 1;
    for (let c = 1; c <= n; c += 1) {
      xs[c] = xs[c - 1]! * xv;
      ls[c] = ls[c - 1]! * lv;
    }
    // C(n, j)·Q(n - j, y - j, v), and the highest power worth building.
    let highest = 0;
    let weight = 1;
    for (let j = 0; j < y; j += 1) {
      const r = n - j;
      const row = choose[r]!;
      let q = 0;
      for (let c = y - j; c <= r; c += 1) q += row[c]! * xs[c]! * ls[r - c]!;
      const co = choose[n]![j]! * q;
      const mass = co * weight;
      weight *= up;
      if (mass < NEGLIGIBLE) {
        truncated += mass;
        coefficient[j] = 0;
      } else {
        coefficient[j] = co;
        highest = j;
      }
    }
    // The dice above v, when any are worth following.
    if (highest > 0) crossing(t, x, v + 1, cross);
    // N^j, each added to S_j (times its coefficient) as it is made.
    terms[0]![y * v] = terms[0]![y * v]! + coefficient[0]!;
    for (let j = 1; j <= highest; j += 1)
      timesTen(power[j]!, power[j - 1]!, cross, terms[j]!, (y - j) * v + j * (v + 1), coefficient[j]!);
  }
  // Roundings so far: the die's values (each a chain of sums, at most last/t + 2 deep), the
  // coefficients, the powers of N and the sums over the values.
  depth += 8 * Math.ceil((last + 20) / t) + 6 * n + 12 + 12 * y + last + 8;

  // Horner's rule: acc = S_{y-1}; then acc = acc / (1 - B) + S_j for j = y-2 .. 0.
  let acc: Float64Array = terms[y - 1]!;
  let length = width;
  const share = TAIL / (2 * y);
  for (let j = y - 2; j >= 0; j -= 1) {
    // What this division leaves out grows by 1 / (1 - p) in each division still to come.
    const growth = stop ** -j;
    const step = divide(acc, length, t, stop, share / growth);
    truncated += step.dropped * growth;
    depth += 6 * Math.ceil(step.length / t) + 8;
    const s = terms[j]!;
    acc = step.out;
    length = Math.max(step.length, width);
    for (let i = 0; i < width; i += 1) acc[i] = acc[i]! + s[i]!;
  }
  let end = length;
  while (end > 0 && acc[end - 1] === 0) end -= 1;

  const critical = criticalOf(die, n, y, choose);
  truncated += critical.truncated;
  // A die stops after LIMITS.maxExplosions: from x6 down that chance is below 0.5^100 per die.
  truncated += n * die.explode ** 100;
  truncated += roundingBound(depth + 4 * n);
  return { bySum: acc.slice(0, end), critical: critical.chance, truncated };
}

/**
 * Every die kept: the sum of n dice, A^n / (1 - B)^n with A = 0.1·(z + ... + z^(t-1)) the faces that
 * stop; critical when every die opened on 10.
 */
function sumOfAll(n: number, t: number): KeepDistribution {
  const stop = FACE * (t - 1);
  let acc: Float64Array = new Float64Array(n * (t - 1) + 1);
  acc[0] = 1;
  for (let i = 0; i < n; i += 1) {
    // Entries i..i·(t-1) are set; times A, from the top down so each is read before it is written.
    for (let s = i * (t - 1); s >= i; s -= 1) {
      const a = acc[s]!;
      acc[s] = 0;
      for (let f = 1; f < t; f += 1) acc[s + f] = acc[s + f]! + FACE * a;
    }
  }
  let length = acc.length;
  let truncated = 0;
  let depth = n * (t + 2);
  const share = TAIL / (2 * n);
  for (let d = n - 1; d >= 0; d -= 1) {
    const growth = stop ** -d;
    const step = divide(acc, length, t, stop, share / growth);
    truncated += step.dropped * growth;
    depth += 6 * Math.ceil(step.length / t) + 8;
    acc = step.out;
    length = step.length;
  }
  truncated += n * (FACE * (11 - t)) ** 100 + roundingBound(depth);
  return { bySum: acc.slice(0, length), critical: FACE ** n, truncated };
}

/**
 * w = a / (1 - B): w[s] = a[s] + 0.1·(w[s-t] + ... + w[s-10]), followed past the end of `a` while the
 * mass still to come (what crosses the end, over 1 - p) is `allow` or more; then the far end is cut
 * while what is cut stays below `allow`. Both are `dropped`. The result is at least `length` long.
 */
function divide(
  a: Float64Array,
  length: number,
  t: number,
  stop: number,
  allow: number,
): { out: Float64Array; length: number; dropped: number } {
  let out: Float64Array = new Float64Array(length + 128);
  recur(out, a, length, 0, length, t);
  let end = length;
  let dropped = 0;
  for (;;) {
    // Chains from the last ten entries that land at or past `end`.
    let crossed = 0;
    for (let i = 1; i <= 10 && i <= end; i += 1) crossed += out[end - i]! * (11 - Math.max(t, i));
    const tail = (FACE * crossed) / stop;
    if (tail < allow) {
      dropped += tail;
      break;
    }
    if (end + 10 > out.length) {
      const grown = new Float64Array(out.length * 2);
      grown.set(out);
      out = grown;
    }
    recur(out, a, length, end, end + 10, t);
    end += 10;
  }
  let cut = 0;
  while (end > length && cut + out[end - 1]! < allow) cut += out[--end]!;
  out.fill(0, end);
  return { out, length: end, dropped: dropped + cut };
}

/** out[s] = a[s] + 0.1·(out[s-t] + ... + out[s-10]) for from <= s < to (a is 0 from `length` on). */
function recur(out: Float64Array, a: Float64Array, length: number, from: number, to: number, t: number): void {
  for (let s = from; s < to; s += 1) {
    let chains = 0;
    for (let f = t; f <= 10 && f <= s; f += 1) chains += out[s - f]!;
    out[s] = (s < length ? a[s]! : 0) + FACE * chains;
  }
}

/**
 * Critical: the y-th kept die is a natural (first face 10, so a value of 11 or more) on v, the a < y
 * dice above v all naturals, c >= y - a naturals on v, and the n - a - c others below v or other dice
 * on v (they rank after the naturals there). A natural is 10 plus a fresh die: on v with chance
 * 0.1·x[v-10], above v with 0.1·above[v-10].
 */
function criticalOf(die: Die, n: number, y: number, choose: Float64Array[]): { chance: number; truncated: number } {
  const { t, x, below, above, top } = die;
  let chance = 0;
  const nat = new Float64Array(n + 1);
  const rest = new Float64Array(n + 1);
  const high = new Float64Array(y);
  for (let v = 11; v <= top; v += 1) {
    const upper = FACE * (x[v - 10]! + above[v - 10]!);
    if (atLeastBound(choose, n, y, upper) < CRITICAL_STOP)
      return { chance, truncated: atLeastBound(choose, n, y, upper) };
    const natural = FACE * x[v - 10]!;
    let otherHere = v < t ? FACE : 0;
    for (let f = t; f <= 9; f += 1) if (v - f >= 1) otherHere += FACE * x[v - f]!;
    const low = otherHere + below[v]!;
    const naturalAbove = FACE * above[v - 10]!;
    nat[0] = 1;
    rest[0] = 1;
    for (let c = 1; c <= n; c += 1) {
      nat[c] = nat[c - 1]! * natural;
      rest[c] = rest[c - 1]! * low;
    }
    high[0] = 1;
    for (let a = 1; a < y; a += 1) high[a] = high[a - 1]! * naturalAbove;
    for (let a = 0; a < y; a += 1) {
      const r = n - a;
      const row = choose[r]!;
      let here = 0;
      for (let c = y - a; c <= r; c += 1) here += row[c]! * nat[c]! * rest[r - c]!;
      chance += choose[n]![a]! * high[a]! * here;
    }
  }
  return { chance, truncated: atLeastBound(choose, n, y, FACE * above[top - 10]!) };
}

/**
 * About how many steps highestOfExplodingBelow takes: per value followed, the coefficients (y·n), the
 * powers of N (about 45·y²) and adding them up, then y divisions over the sums' width and the tail.
 * Measured against the multiply-adds it then makes (6 to 9, 1 to 100 dice, keeping one to all), it is
 * 1.3 to 5.4 times as many.
 */
export function highestOfExplodingBelowWork(n: number, keep: number, threshold: number): number {
  const y = Math.min(keep, n);
  if (y <= 0) return 0;
  // Every die kept: the faces that stop n times over, then n divisions over the sums and their tail.
  if (y === n) return n * n * threshold * threshold + n * (n * 10 + 400) * 6;
  const choose = pascal(n);
  const die = dieOf(threshold);
  let last = 0;
  for (let v = 1; v <= die.top; v += 1) {
    if (atLeastBound(choose, n, y, die.x[v]! + die.above[v]!) < STOP) break;
    last = v;
  }
  const width = y * (last + 10) + 1;
  const perValue = y * n + 2 * n + 45 * y * y + 5 * y * y;
  return last * perValue + y * (width + 400) * 6 + die.top * (y * n + 20);
}
