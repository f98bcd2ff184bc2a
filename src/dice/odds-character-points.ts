import { LIMITS } from "./limits";
import { addScaled } from "./odds-kernel";
import { TAIL } from "./odds-keep";
import { roundingBound } from "./odds-rounding";
import { addFlatDice, flatDiceCost, type Dist } from "./odds-sum";

/**
 * The sum of `count` d6s that each explode on 6 (OpenD6's Character Point dice: a 6 is rolled again
 * and added, as often as it comes up), in closed form rather than one convolution per die.
 *
 * A die's value is 6·J + F: J sixes (J >= j with chance 6^-j), then a last face F of 1..5, evenly.
 * J and F are independent, so the sum of `count` dice is 6·S + T, where S (all the dice's sixes) is
 * negative binomial, P(S = s) = C(s + count - 1, s)·(1/6)^s·(5/6)^count, and T is the plain sum of
 * `count` dice of 1..5 (addFlatDice). Each term of S is put down with T shifted by 6·s: about
 * (number of terms of S) × (4·count + 1) steps, where convolving die by die takes count² × 90.
 *
 * S's terms are followed while they are rising and then until a geometric bound on all the rest
 * (each next term is at most `ratio` times the one before, and the ratio only falls) is below TAIL;
 * that bound is reported as truncated, with the dice engine's own stop (a die stops after
 * LIMITS.maxExplosions rolls: the chance any die gets there) and a bound on the rounding.
 */
export function characterPointSum(count: number): { dist: Dist; truncated: number } {
  return addCharacterPoints({ offset: 0, p: Float64Array.of(1) }, count);
}

/**
 * A distribution with `count` Character Point dice added: the last faces as flat dice, then each term
 * of S laid down with it shifted by 6·s, which costs (terms of S) × its length where convolving it with
 * their sum would cost that sum's length (6 × terms) times as much.
 */
export function addCharacterPoints(start: Dist, count: number): { dist: Dist; truncated: number } {
  if (count <= 0) return { dist: start, truncated: 0 };
  const terms: number[] = [];
  let term = (5 / 6) ** count;
  let rest = 0;
  for (let s = 0; ; s += 1) {
    terms.push(term);
    const ratio = (s + count) / (6 * (s + 1));
    const next = term * ratio;
    // Past the peak (ratio < 1) every later ratio is smaller, so all the terms after this one weigh
    // at most next / (1 - ratio).
    if (ratio < 1 && next / (1 - ratio) < TAIL) {
      rest = next / (1 - ratio);
      break;
    }
    if (s >= count * LIMITS.maxExplosions) break;
    term = next;
  }
  const faces = addFlatDice(start, [{ count, sides: 5, sign: 1 }]);
  const width = faces.p.length;
  const p = new Float64Array(6 * (terms.length - 1) + width);
  for (let s = 0; s < terms.length; s += 1) {
    const weight = terms[s]!;
    const at = 6 * s;
    addScaled(p, at, faces.p, 0, width, weight);
  }
  const stopped = -Math.expm1(count * Math.log1p(-(6 ** -LIMITS.maxExplosions)));
  // A term of S: three roundings per step of its recurrence; T's own depth; a product and the sum of
  // the terms that land on one total.
  const depth = 3 * terms.length + flatDiceCost(1, [{ count, sides: 5, sign: 1 }]).depth + terms.length + 2;
  return { dist: { offset: faces.offset, p }, truncated: rest + stopped + roundingBound(depth) };
}

/** About how many steps adding `count` Character Point dice to a distribution of `length` totals takes. */
export function characterPointSumWork(count: number, length = 1): number {
  if (count <= 0) return 0;
  // The terms of S reach about count / 5 + 12 standard deviations' worth past the mean; generously.
  const terms = Math.ceil(count / 5 + 12 * Math.sqrt(count) + 20);
  return terms * (length + 4 * count + 1) + flatDiceCost(length, [{ count, sides: 5, sign: 1 }]).work;
}
