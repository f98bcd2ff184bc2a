/**
 * What an OpenD6 roll rolls: a die code less the wound and multi-action penalties, plus bonus dice,
 * doubled by a Fate Point, with Character Point dice added (they explode and never complicate), and
 * how a total meets a difficulty.
 */
import { fromPips, toPips } from "./codes";

/**
 * Most bonus dice a roller adds in the dialog (surprise, a GM's bonus; aiming has its own): the text's
 * only cap on dice added to a roll is aiming's +3D, and its surprise gives +1D "or more"
 * (docs/rules-decisions.md). The GM's apply refuses a card past it.
 */
export const MAX_BONUS_DICE = 3;

/**
 * Most an acrobatic trick's typed difficulty and total may be (docs/rules-decisions.md): the text's
 * difficulties end with Heroic at 31 and more, and 60 is above what 12D rolls on average twice over.
 */
export const MAX_ACROBATICS = 60;

/** Most Character Points one roll may spend (a sanity bound on the dialog). */
export const MAX_CP_PER_ROLL = 20;

export interface CheckInput {
  /** The die code rolled (an attribute, or a skill's total). */
  readonly code: string;
  /** Dice taken away (wounds, multi-action): never below 0D, the pips stay. */
  readonly penaltyDice?: number;
  /** Dice added (aiming, surprise, a GM's bonus). */
  readonly bonusDice?: number;
  /** A Fate Point doubles the dice (after penalties and bonuses; pips and Character Point dice stay). */
  readonly fatePoint?: boolean;
  /** Character Point dice spent. */
  readonly characterPoints?: number;
}

export interface CheckCode {
  readonly dice: number;
  readonly pips: number;
  readonly characterPoints: number;
  /** The formula the dice roll: `4D+2+1CP`. */
  readonly formula: string;
}

const whole = (value: number | undefined, name: string, max: number): number => {
  const n = value ?? 0;
  if (!Number.isInteger(n) || n < 0 || n > max) throw new RangeError(`${name} must be a whole number from 0 to ${max}`);
  return n;
};

/** The dice, pips and Character Point dice of a roll, and its formula. */
export function checkCode(input: CheckInput): CheckCode {
  const pips = toPips(input.code);
  const penalty = whole(input.penaltyDice, "penaltyDice", 100);
  const bonus = whole(input.bonusDice, "bonusDice", 100);
  const characterPoints = whole(input.characterPoints, "characterPoints", MAX_CP_PER_ROLL);
  let dice = Math.max(0, Math.floor(pips / 3) - penalty) + bonus;
  if (input.fatePoint) dice *= 2;
  const rest = pips % 3;
  const formula = `${dice}D${rest ? `+${rest}` : ""}${characterPoints ? `+${characterPoints}CP` : ""}`;
  return { dice, pips: rest, characterPoints, formula };
}

/** The code a roll's dice and pips come to, normalised ("4D+2"), without its Character Point dice. */
export function codeOf(check: Pick<CheckCode, "dice" | "pips">): string {
  return fromPips(check.dice * 3 + check.pips);
}

/** A total meets a difficulty when it equals or exceeds it. */
export function meets(total: number, difficulty: number): boolean {
  return total >= difficulty;
}
