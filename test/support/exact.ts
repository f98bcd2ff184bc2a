/**
 * Reference distributions, computed exactly (to 1e-12 of explosion tail) by straightforward methods,
 * for checking the dice engine's sampling. Kept deliberately simple: clarity over speed.
 */
export type Distribution = Map<number, number>;

export function explodingDie(sides: number, threshold: number | undefined, tail = 1e-13): Distribution {
  const d: Distribution = new Map();
  let reach = 1; // probability of being still rolling, with `base` already added
  let base = 0;
  while (reach > tail) {
    let explodeMass = 0;
    for (let f = 1; f <= sides; f += 1) {
      const p = reach / sides;
      if (threshold !== undefined && f >= threshold) explodeMass += p;
      else d.set(base + f, (d.get(base + f) ?? 0) + p);
    }
    if (threshold === undefined) break;
    // Explosions on several faces (x9) continue from different bases; handle them one by one.
    if (threshold < sides) return explodingMulti(sides, threshold, tail);
    reach = explodeMass;
    base += sides;
  }
  return d;
}

function explodingMulti(sides: number, threshold: number, tail: number): Distribution {
  const d: Distribution = new Map();
  let frontier: Distribution = new Map([[0, 1]]);
  while ([...frontier.values()].reduce((a, b) => a + b, 0) > tail) {
    const next: Distribution = new Map();
    for (const [base, p] of frontier) {
      for (let f = 1; f <= sides; f += 1) {
        const q = p / sides;
        if (f >= threshold) next.set(base + f, (next.get(base + f) ?? 0) + q);
        else d.set(base + f, (d.get(base + f) ?? 0) + q);
      }
    }
    frontier = next;
  }
  return d;
}

export function convolve(a: Distribution, b: Distribution): Distribution {
  const out: Distribution = new Map();
  for (const [x, p] of a) for (const [y, q] of b) out.set(x + y, (out.get(x + y) ?? 0) + p * q);
  return out;
}

export function shift(a: Distribution, by: number): Distribution {
  return new Map([...a].map(([x, p]) => [x + by, p]));
}

/** Sum of the `keep` best of `n` independent dice, best = highest (or lowest), by a multinomial DP. */
export function keepBest(die: Distribution, n: number, keep: number, lowest = false): Distribution {
  const values = [...die.keys()].sort((a, b) => (lowest ? a - b : b - a));
  const factorial = (m: number): number => (m <= 1 ? 1 : m * factorial(m - 1));
  let dp = new Map<string, number>([["0|0", 1]]);
  for (const v of values) {
    const p = die.get(v)!;
    const next = new Map<string, number>();
    for (const [key, w] of dp) {
      const [placed, sum] = key.split("|").map(Number) as [number, number];
      let pc = 1;
      for (let c = 0; placed + c <= n; c += 1) {
        const keptHere = Math.max(0, Math.min(c, keep - placed));
        const k = `${placed + c}|${sum + keptHere * v}`;
        next.set(k, (next.get(k) ?? 0) + (w * pc) / factorial(c));
        pc *= p;
      }
    }
    dp = next;
  }
  const out: Distribution = new Map();
  for (const [key, w] of dp) {
    const [placed, sum] = key.split("|").map(Number) as [number, number];
    if (placed === n) out.set(sum, (out.get(sum) ?? 0) + w * factorial(n));
  }
  return out;
}

/**
 * Pearson's chi-square of observed totals against a distribution, merging sparse bins (expected < 5),
 * and the critical value at significance 0.001 (Wilson-Hilferty).
 */
export function chiSquare(observed: Map<number, number>, expected: Distribution, samples: number) {
  const keys = [...new Set([...observed.keys(), ...expected.keys()])].sort((a, b) => a - b);
  const bins: Array<[number, number]> = [];
  let o = 0;
  let e = 0;
  for (const k of keys) {
    o += observed.get(k) ?? 0;
    e += (expected.get(k) ?? 0) * samples;
    if (e >= 5) {
      bins.push([o, e]);
      o = 0;
      e = 0;
    }
  }
  if (bins.length > 0) {
    const last = bins[bins.length - 1]!;
    last[0] += o;
    last[1] += e;
  }
  const statistic = bins.reduce((s, [ob, ex]) => s + (ob - ex) ** 2 / ex, 0);
  const df = bins.length - 1;
  const z = 3.0902; // upper 0.001 point of the standard normal
  const critical = df * (1 - 2 / (9 * df) + z * Math.sqrt(2 / (9 * df))) ** 3;
  return { statistic, df, critical };
}
