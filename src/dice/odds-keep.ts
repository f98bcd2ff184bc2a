import { LIMITS } from "./limits";

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
 * the remaining chains weigh less than TAIL or reach the explosion bound (what is left is reported).
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
  const mass = new Map<number, [number, number]>();
  const add = (value: number, p: number, natural: boolean) => {
    const entry = mass.get(value) ?? [0, 0];
    entry[natural ? 0 : 1] += p;
    mass.set(value, entry);
  };
  const q = 1 / sides;
  // Open chains: running value -> [probability with natural first face, with other first face].
  let open = new Map<number, [number, number]>();
  for (let f = 1; f <= sides; f += 1) {
    const natural = f === sides;
    if (threshold !== undefined && f >= threshold) {
      const e = open.get(f) ?? [0, 0];
      e[natural ? 0 : 1] += q;
      open.set(f, e);
    } else add(f, q, natural);
  }
  let explosions = 0;
  let truncated = 0;
  while (open.size > 0) {
    let weight = 0;
    for (const [n, o] of open.values()) weight += n + o;
    if (weight < tail || explosions >= LIMITS.maxExplosions) {
      truncated += weight;
      break;
    }
    explosions += 1;
    const next = new Map<number, [number, number]>();
    for (const [base, [pn, po]] of open) {
      for (let f = 1; f <= sides; f += 1) {
        const value = base + f;
        if (threshold !== undefined && f >= threshold) {
          const e = next.get(value) ?? [0, 0];
          e[0] += pn * q;
          e[1] += po * q;
          next.set(value, e);
        } else {
          add(value, pn * q, true);
          add(value, po * q, false);
        }
      }
    }
    open = next;
  }
  const sorted = [...mass.keys()].sort((a, b) => a - b);
  return {
    values: Float64Array.from(sorted),
    natural: Float64Array.from(sorted, (v) => mass.get(v)![0]),
    other: Float64Array.from(sorted, (v) => mass.get(v)![1]),
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

/** target[s + shift] += row[s] * factor over a span: the one hot loop, kept small so V8 optimises it early. */
function addShifted(
  target: Float64Array,
  row: Float64Array,
  a: number,
  b: number,
  shift: number,
  factor: number,
): void {
  for (let s = a; s <= b; s += 1) target[s + shift] = target[s + shift]! + row[s]! * factor;
}

/** Below this, a state's probability cannot move any reported figure (all are kept to 1e-9). */
const NEGLIGIBLE = 1e-18;

/** Partial states at the edges of a row below this are cut, and their mass reported as truncated. */
const TRIM = 1e-15;

/**
 * Exact distribution of the sum of the `keep` best of `n` independent dice, best meaning highest (or
 * lowest), ties kept natural-maximum first. One pass over the values in keeping order; a state is
 * (dice placed so far, kept sum), and the dice not yet placed are known to lie at or after the current
 * value, so how many land on it is binomial with the conditional probability. A state that has filled
 * its kept places is finished at once. The truncated tail of each die is reported, not spread.
 */
export function keepDistribution(die: DieValues, n: number, keep: number, lowest: boolean): KeepDistribution {
  const k = Math.min(keep, n);
  const m = die.values.length;
  const maxValue = die.values[m - 1]!;
  const size = Math.round(k * maxValue) + 1;
  const result = new Float64Array(size);
  const binomial: number[][] = [];
  for (let r = 0; r <= n; r += 1) {
    const row = [1];
    for (let c = 1; c <= r; c += 1) row.push((row[c - 1]! * (r - c + 1)) / c);
    binomial.push(row);
  }
  // rows[j] holds probabilities by kept sum for j placed dice (j < k), with its nonzero span.
  const rows: Float64Array[] = Array.from({ length: k }, () => new Float64Array(size));
  const scale = new Float64Array(Math.max(k, 1)).fill(1);
  let trimmed = 0;
  const lo = new Int32Array(k).fill(size);
  const hi = new Int32Array(k).fill(-1);
  if (k > 0) {
    rows[0]![0] = 1;
    lo[0] = 0;
    hi[0] = 0;
  }
  let crit = new Float64Array(Math.max(k, 1));
  crit[0] = 1;
  let critical = 0;
  let ahead = 0;
  for (let i = 0; i < m; i += 1) ahead += die.natural[i]! + die.other[i]!;
  const q = new Float64Array(n + 1);
  const notQ = new Float64Array(n + 1);
  for (let step = 0; step < m && k > 0; step += 1) {
    const idx = lowest ? step : m - 1 - step;
    const v = die.values[idx]!;
    const pn = die.natural[idx]!;
    const po = die.other[idx]!;
    const p = pn + po;
    if (ahead <= 0) break;
    const share = Math.min(1, p / ahead);
    ahead -= p;
    q[0] = 1;
    notQ[0] = 1;
    for (let c = 1; c <= n; c += 1) {
      q[c] = q[c - 1]! * share;
      notQ[c] = notQ[c - 1]! * (1 - share);
    }
    // Walk j downwards so a row is read before dice landing here move its mass to a higher j.
    for (let j = k - 1; j >= 0; j -= 1) {
      if (hi[j]! < 0) continue;
      const row = rows[j]!;
      const r = n - j;
      const a = lo[j]!;
      const b = hi[j]!;
      // Rows are stored divided by scale[j], so "none land here" costs one multiplication.
      const rowScale = scale[j]!;
      // Landing k - j or more dice here fills the kept places with this value: one finishing shift.
      let finishing = 0;
      for (let c = r; c >= k - j; c -= 1) finishing += binomial[r]![c]! * q[c]! * notQ[r - c]!;
      if (finishing * rowScale >= NEGLIGIBLE)
        addShifted(result, row, a, b, Math.round((k - j) * v), finishing * rowScale);
      for (let c = Math.min(r, k - j - 1); c >= 1; c -= 1) {
        const prob = binomial[r]![c]! * q[c]! * notQ[r - c]! * rowScale;
        if (prob < NEGLIGIBLE) continue;
        const placed = j + c;
        const shift = Math.round(c * v);
        addShifted(rows[placed]!, row, a, b, shift, prob / scale[placed]!);
        if (a + shift < lo[placed]!) lo[placed] = a + shift;
        if (b + shift > hi[placed]!) hi[placed] = b + shift;
      }
      scale[j] = rowScale * notQ[r]!;
      if (scale[j]! < 1e-150) {
        // Fold a vanishing scale back into the row before it underflows.
        for (let s = a; s <= b; s += 1) row[s] = row[s]! * scale[j]!;
        scale[j] = 1;
      }
      // Trim the negligible edges of the span this row keeps.
      let na = a;
      let nb = b;
      // Edge entries below TRIM are dropped and their mass counted as truncated, never lost silently.
      const cut = TRIM / scale[j]!;
      while (na <= nb && row[na]! < cut) {
        trimmed += row[na]! * scale[j]!;
        row[na++] = 0;
      }
      while (nb >= na && row[nb]! < cut) {
        trimmed += row[nb]! * scale[j]!;
        row[nb--] = 0;
      }
      lo[j] = na;
      hi[j] = nb >= na ? nb : -1;
      if (nb < na) lo[j] = size;
    }
    // Critical: naturals rank first at equal values; an other die among the kept spoils it.
    const nextCrit = new Float64Array(k);
    const shareN = Math.min(1, pn / (ahead + p));
    const othersHere = ahead + po > 0 ? po / (ahead + po) : 0;
    for (let j = 0; j < k; j += 1) {
      const w = crit[j]!;
      if (w < NEGLIGIBLE) continue;
      const r = n - j;
      for (let c = 0; c <= r; c += 1) {
        const prob = w * binomial[r]![c]! * shareN ** c * (1 - shareN) ** (r - c);
        const afterNatural = j + c;
        if (afterNatural >= k || afterNatural === n) critical += prob;
        else nextCrit[afterNatural] = nextCrit[afterNatural]! + prob * (1 - othersHere) ** (r - c);
      }
    }
    crit = nextCrit;
  }
  // The distribution above is conditional on no die reaching the truncated tail; scale it back.
  const kept = (1 - die.truncated) ** n;
  for (let s = 0; s < size; s += 1) result[s] = result[s]! * kept;
  return { bySum: result, critical: k > 0 ? critical * kept : 0, truncated: 1 - kept + trimmed * kept };
}
