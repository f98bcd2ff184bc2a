import { roundingBound } from "./odds-rounding";
import { addFlatDice, flatDiceCost, type Dist } from "./odds-sum";

/**
 * The sum of `n` plain d`sides` less the highest of them (OpenD6's remove rule: a Wild Die showing 1
 * takes the highest ordinary die with it), worked out from the highest face rather than die by die.
 *
 * Let B_m be the chance that every die shows at most m and the dice sum to s: the sum of n dice of
 * 1..m (addFlatDice), times (m / sides)^n. Then the chance that the highest face is exactly m and the
 * sum is s is B_m(s) − B_(m−1)(s), and that outcome leaves s − m. Each difference is of two figures no
 * larger than the chance of s itself, so its rounding error is a few ulps of that chance at most: the
 * bound reported in `truncated` holds for every total, however small. About
 * Σ_m 3·n·(n·(m − 1) + 2m) steps: 41,000 for 29 dice, where walking the kept dice face by face takes
 * several times that. `all`, the plain sum of the n dice when the caller has it, saves the last of
 * those sums.
 */
export function sumWithoutHighest(n: number, sides = 6, all?: Dist): { dist: Dist; truncated: number } {
  if (n <= 1) return { dist: { offset: 0, p: Float64Array.of(1) }, truncated: 0 };
  // Totals n − 1 (every other die a 1) to (n − 1)·sides.
  const p = new Float64Array((n - 1) * (sides - 1) + 1);
  const offset = n - 1;
  let below: Float64Array | null = null;
  let belowWeight = 0;
  let depth = 0;
  for (let m = 1; m <= sides; m += 1) {
    const weight = (m / sides) ** n;
    // Sums n .. n·m of n dice of 1..m (for m = sides, the plain sum the caller may already have).
    const upTo =
      m === 1
        ? Float64Array.of(1)
        : m === sides && all?.offset === n && all.p.length === n * (sides - 1) + 1
          ? all.p
          : addFlatDice({ offset: 0, p: Float64Array.of(1) }, [{ count: n, sides: m, sign: 1 }]).p;
    // Totals whose highest face is m run from s = m + n − 1 (the others all 1s) to n·m.
    for (let s = m + n - 1; s <= n * m; s += 1) {
      const i = s - n;
      const exactly = weight * upTo[i]! - (below !== null && i < below.length ? belowWeight * below[i]! : 0);
      if (exactly > 0) p[s - m - offset] = p[s - m - offset]! + exactly;
    }
    below = upTo;
    belowWeight = weight;
    depth = Math.max(depth, flatDiceCost(1, [{ count: n, sides: m, sign: 1 }]).depth + n + 4);
  }
  // Each entry: a difference of two products (each within `depth` roundings) and up to `sides` sums.
  return { dist: { offset, p }, truncated: roundingBound(2 * depth + sides) };
}

/** About how many steps sumWithoutHighest(n, sides) takes. */
export function sumWithoutHighestWork(n: number, sides = 6): number {
  if (n <= 1) return 1;
  let work = 0;
  for (let m = 2; m <= sides; m += 1) work += flatDiceCost(1, [{ count: n, sides: m, sign: 1 }]).work + n * m;
  return work;
}
