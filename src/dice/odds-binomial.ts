/**
 * Probabilities of 0..n successes in n independent trials of chance q (0 < q < 1), built by the
 * ratio of neighbouring terms. Pools hold at most LIMITS.maxDice dice, so (1 - q)^n stays far from
 * underflow for every q the odds engine uses (1/2 and smaller).
 */
export function binomialRow(n: number, q: number): Float64Array {
  const row = new Float64Array(n + 1);
  row[0] = (1 - q) ** n;
  const ratio = q / (1 - q);
  for (let c = 0; c < n; c += 1) row[c + 1] = ((row[c]! * (n - c)) / (c + 1)) * ratio;
  return row;
}
