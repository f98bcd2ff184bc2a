/**
 * An upper bound on the rounding error of a computation made only of additions and multiplications
 * of non-negative numbers (and divisions between them), in which no result passes through more than
 * `depth` rounded operations: each result is then within a factor (1 ± depth·2^-53)/(1 - depth·2^-53)
 * of its exact value, so a total mass of at most 1 is off by at most this much. Twice the textbook
 * figure, for the few operations (powers, the sums of a table) counted loosely.
 */
export function roundingBound(depth: number): number {
  return depth * 2 ** -52;
}

/**
 * Probabilities of 0..r successes in r trials, with the chance of success `q` and of failure `stay`
 * given separately (q + stay = 1; neither is computed as 1 minus the other, so a chance near 0 keeps
 * every digit). Starts from the end that cannot underflow (the more likely of none and all) and
 * steps by the ratio of neighbouring terms. Each term carries at most about 3r + 2 roundings.
 */
export function binomialInto(out: Float64Array, r: number, q: number, stay: number): Float64Array {
  if (q <= stay) {
    out[0] = stay ** r;
    const ratio = q / stay;
    for (let c = 0; c < r; c += 1) out[c + 1] = ((out[c]! * (r - c)) / (c + 1)) * ratio;
  } else {
    out[r] = q ** r;
    const ratio = stay / q;
    for (let c = r; c > 0; c -= 1) out[c - 1] = ((out[c]! * c) / (r - c + 1)) * ratio;
  }
  return out;
}
