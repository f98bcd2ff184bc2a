import { RequestRefused } from "../hooks/socket";
import type { ReplayedRoll } from "./kind";

/**
 * The GM's checks on a card's stored rolls before an apply: each roll must roll exactly what the
 * sheet and the card's choices give now, so a roll a player built (a bigger pool, more dice, a
 * spend that was never paid) refuses the row with a message naming the roll.
 *
 * `roll` names the roll in the refusal: one of ROLLS below, or a rule set's own full i18n key.
 */

/** The rolls a refusal names, as their i18n keys. */
export const ROLLS = Object.freeze({
  toHit: "ANTHOLOGY.Play.Rolls.toHit",
  damage: "ANTHOLOGY.Play.Rolls.damage",
  location: "ANTHOLOGY.Play.Rolls.location",
  spend: "ANTHOLOGY.Play.Rolls.spend",
  response: "ANTHOLOGY.Play.Rolls.response",
  check: "ANTHOLOGY.Play.Rolls.check",
  heal: "ANTHOLOGY.Play.Rolls.heal",
  initiative: "ANTHOLOGY.Play.Rolls.initiative",
});

/** Two formulas that roll the same (spacing aside). */
export const sameFormula = (a: string, b: string): boolean => a.replace(/\s+/g, "") === b.replace(/\s+/g, "");

/** The i18n key naming a roll in a refusal: a name in ROLLS ("damage") or a full key. */
export function rollName(roll: string): string {
  return roll in ROLLS ? ROLLS[roll as keyof typeof ROLLS] : roll;
}

/** Refuses the row: the card's `roll` is `rolled`, where the sheet and the choices give `now`. */
export function refuseRoll(roll: string, rolled: string, now: string): never {
  throw new RequestRefused({ key: "ANTHOLOGY.Play.Errors.rollDiffers", data: { roll: rollName(roll), rolled, now } });
}

/** Refuses the row: the card has no readable `roll` where one is needed. */
export function refuseMissing(roll: string): never {
  throw new RequestRefused({ key: "ANTHOLOGY.Play.Errors.rollMissing", data: { roll: rollName(roll) } });
}

/**
 * The stored roll, checked: it exists, it can be read, and its formula is `now` (spacing aside).
 * Returns it for the caller to read its outcome.
 */
export function checkedRoll(stored: ReplayedRoll | null | undefined, roll: string, now: string): ReplayedRoll {
  if (!stored) refuseMissing(roll);
  if (!sameFormula(stored.stored.formula, now)) refuseRoll(roll, stored.stored.formula, now);
  return stored;
}
