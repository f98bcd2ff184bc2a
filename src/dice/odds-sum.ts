import { addScaled } from "./odds-kernel";

/**
 * Dice of up to this many sides are added face by face through the engine's shared kernel (sides
 * passes, each one multiply-add an entry); larger ones by the sliding window below (three passes
 * whatever the sides).
 */
const FEW_SIDES = 10;

/** Probabilities of consecutive totals from `offset`. */
export interface Dist {
  offset: number;
  p: Float64Array;
}

/** Dice that show 1..sides evenly, added (sign 1) or subtracted (sign -1). */
export interface FlatDice {
  readonly count: number;
  readonly sides: number;
  readonly sign: 1 | -1;
}

/** Steps, rounding depth and final length of adding flat dice to a distribution of `length` entries. */
export function flatDiceCost(
  length: number,
  dice: readonly FlatDice[],
): { work: number; depth: number; length: number } {
  let work = 0;
  let depth = 0;
  let size = length;
  for (const { count, sides } of dice) {
    for (let i = 0; i < count; i += 1) {
      // A small die: one pass a face; a larger one: two passes over the padded array, one over the output.
      work += sides <= FEW_SIDES ? sides * (size + sides - 1) : 3 * (size + 2 * sides - 2);
      size += sides - 1;
    }
    // Each entry is a sum of up to `sides` terms, divided (or each term times 1/sides, itself rounded).
    depth += count * (sides + 2);
  }
  return { work, depth, length: size };
}

/**
 * Adds flat dice to a distribution, one die at a time: a die of S sides turns x into
 * out[i] = (x[i - S + 1] + ... + x[i]) / S.
 *
 * A die of up to FEW_SIDES sides is laid down face by face (S shifted copies of x at 1/S each) through
 * the engine's shared kernel, which V8 has optimised early. For larger dice, the window sums come from blocks of S entries (van Herk and Gil-Werman's sliding window): a window
 * is the tail of one block plus the head of the next, each a running sum within its block. That is
 * three passes whatever the number of sides, and only non-negative numbers are added, so every entry
 * keeps its relative precision however small it is (a running sum minus another would lose the
 * tails); a hundred d1000 take a few million steps where convolving face by face takes billions.
 * Two buffers of the final length are allocated once and used in turn.
 */
export function addFlatDice(start: Dist, dice: readonly FlatDice[]): Dist {
  const { length: final } = flatDiceCost(start.p.length, dice);
  let widest = 1;
  for (const d of dice) if (d.count > 0) widest = Math.max(widest, d.sides);
  let x = new Float64Array(final);
  let out = new Float64Array(final);
  const tail = new Float64Array(final + 2 * widest);
  x.set(start.p);
  let length = start.p.length;
  let offset = start.offset;
  for (const { count, sides, sign } of dice) {
    for (let die = 0; die < count; die += 1) {
      if (sides <= FEW_SIDES) {
        // A small die: its faces laid down one by one, each a shifted copy of x at 1/sides.
        out.fill(0, 0, length + sides - 1);
        for (let face = 0; face < sides; face += 1) addScaled(out, face, x, 0, length, 1 / sides);
      } else addOneDie(x, out, tail, length, sides);
      [x, out] = [out, x];
      length += sides - 1;
      offset += sign > 0 ? 1 : -sides;
    }
  }
  return { offset, p: length === final ? x : x.slice(0, length) };
}

/**
 * One die of `sides` added to x's first `length` entries, into out (the passes described above): its
 * own small function, called once a die, so V8 optimises it after the first few dice of a pool.
 */
function addOneDie(x: Float64Array, out: Float64Array, tail: Float64Array, length: number, sides: number): void {
  // Padded index j holds x[j - sides + 1] (0 outside x); window i covers padded i .. i + sides - 1.
  const size = length + 2 * sides - 2;
  const lead = sides - 1;
  for (let from = 0; from < size; from += sides) {
    let sum = 0;
    for (let j = Math.min(from + sides, size) - 1; j >= from; j -= 1) {
      const t = j - lead;
      if (t >= 0 && t < length) sum += x[t]!;
      tail[j] = sum;
    }
  }
  for (let from = 0; from < size; from += sides) {
    const end = Math.min(from + sides, size) - 1;
    let head = 0;
    for (let j = from; j <= end; j += 1) {
      const t = j - lead;
      if (t >= 0 && t < length) head += x[t]!;
      // Window i = j - lead: the tail of its block and the head of this one up to j, or, when it
      // starts a block (j ends it), that whole block.
      if (t >= 0) out[t] = (j === from + lead ? tail[t]! : tail[t]! + head) / sides;
    }
  }
}
