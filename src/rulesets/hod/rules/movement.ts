import { num } from "./derive";

/**
 * The text's Movement Rates table: squares (5 ft) moved on each of four consecutive counts, one row per
 * rate from 5 ft to 60 ft (feet per 4 TC). Kept as digits: row n is the rate 5 × n ft.
 */
const RATES = "0100 1010 1101 1111 1211 2121 2212 2222 2322 3232 3332 3333".split(" ");

/** A rate in feet rounded down to a whole square (5 ft), never below 0. */
export function toSquares(feet: number): number {
  return Math.max(0, Math.floor(num(feet) / 5));
}

/**
 * Squares a rate (feet per 4 TC) lets its mover cross on the `count`th consecutive count of a movement
 * (1 is the count the movement starts on; the pattern repeats every 4). Past 60 ft every 20 ft more adds
 * a square to each count, as the table does from 5 ft to 60 ft.
 */
export function movementOnCount(rate: number, count: number): number {
  const squares = toSquares(rate);
  if (squares === 0) return 0;
  const index = (((Math.trunc(num(count, 1)) - 1) % 4) + 4) % 4;
  const extraRounds = Math.max(0, Math.ceil((squares - RATES.length) / 4));
  const row = RATES[squares - 4 * extraRounds - 1]!;
  return Number(row[index]) + extraRounds;
}

/** The four counts of a rate, as the table's row reads. */
export function movementRow(rate: number): number[] {
  return [1, 2, 3, 4].map((count) => movementOnCount(rate, count));
}

/** Running: the base speed plus half of it, rounded down to a 5-foot step. */
export function runningSpeed(base: number): number {
  const speed = 5 * toSquares(base);
  return speed + 5 * toSquares(speed / 2);
}

/**
 * Sprinting with a DC 10 Athletics (Str) check's total: a failure leaves the mover running (null);
 * a success runs as if the base speed were 5 ft faster, and 5 ft more for every full 5 points over 10.
 */
export function sprintingSpeed(base: number, check: number): number | null {
  const total = Math.trunc(num(check, Number.NaN));
  if (!Number.isFinite(total) || total < 10) return null;
  const faster = 5 + 5 * Math.floor((total - 10) / 5);
  return Math.max(runningSpeed(5 * toSquares(base) + faster), runningSpeed(base) + 5);
}

/** A pace on the Time Count: the base (combat) speed, running, or sprinting. */
export type MovementPace = "base" | "run" | "sprint";

/**
 * The rate a mover has at a pace: `base` in feet, lowered by petrification (a quarter per 2 points,
 * `quarters`), running and sprinting worked from that base; a failed or missing sprint check runs.
 * `half`: a stance that moves at half speed (Spellcasting, Parrying) halves the rate, to a 5-foot step.
 */
export function paceSpeed(
  base: number,
  pace: MovementPace,
  options: { quarters?: number; check?: number; half?: boolean } = {},
) {
  const quarters = Math.min(4, Math.max(0, Math.trunc(num(options.quarters))));
  const slowed = 5 * toSquares((num(base) * (4 - quarters)) / 4);
  const speed =
    pace === "run"
      ? runningSpeed(slowed)
      : pace === "sprint"
        ? (sprintingSpeed(slowed, num(options.check, Number.NaN)) ?? runningSpeed(slowed))
        : slowed;
  return options.half === true ? 5 * toSquares(speed / 2) : speed;
}
