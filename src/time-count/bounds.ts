import { TimeCountError } from "./time-count-error";

/**
 * How far past the current count a TC coming from outside (a delay, a hand-edited initiative, a
 * speed factor) may reach: far beyond any fight, and a bound on what a tampered client can send.
 */
export const MAX_AHEAD = 1000;

/**
 * A TC from outside the count, checked: a finite number, not in the past, at most MAX_AHEAD past
 * `current`. Refusals are TimeCountErrors with a localised message.
 */
export function checkTarget(value: unknown, current: number): number {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw new TimeCountError("notFinite", { value: String(value) }, `Not a finite number: ${String(value)}`);
  }
  if (value < current) {
    throw new TimeCountError(
      "inThePast",
      { tc: String(value), current: String(current) },
      `TC ${value} is in the past: the count is at ${current}`,
    );
  }
  return checkAhead(value - current, value);
}

/** A distance ahead of the count (a speed factor, a delay) no larger than MAX_AHEAD; `shown` is what the user gave. */
export function checkAhead(distance: number, shown: number = distance): number {
  if (distance > MAX_AHEAD) {
    throw new TimeCountError(
      "tooLarge",
      { value: String(shown), max: String(MAX_AHEAD) },
      `${shown} is too far ahead for the Time Count (at most ${MAX_AHEAD} TC past the count)`,
    );
  }
  return shown;
}
