/** Why a formula was refused; each code has a message under ANTHOLOGY.Dice.Errors in lang/en.json. */
export type NotationErrorCode =
  | "empty"
  | "tooLong"
  | "unexpected"
  | "expectedNumber"
  | "numberTooLarge"
  | "mixed"
  | "tooManyDice"
  | "explodeEveryFace"
  | "explodeNever"
  | "noFudgeDice"
  | "badSides"
  | "negativeCode"
  | "mixedExplosions"
  | "oddsTooLarge";

/** i18n key of every code, written out so the language test can see each one. */
export const NOTATION_ERROR_KEYS: Readonly<Record<NotationErrorCode, string>> = Object.freeze({
  empty: "ANTHOLOGY.Dice.Errors.empty",
  tooLong: "ANTHOLOGY.Dice.Errors.tooLong",
  unexpected: "ANTHOLOGY.Dice.Errors.unexpected",
  expectedNumber: "ANTHOLOGY.Dice.Errors.expectedNumber",
  numberTooLarge: "ANTHOLOGY.Dice.Errors.numberTooLarge",
  mixed: "ANTHOLOGY.Dice.Errors.mixed",
  tooManyDice: "ANTHOLOGY.Dice.Errors.tooManyDice",
  explodeEveryFace: "ANTHOLOGY.Dice.Errors.explodeEveryFace",
  explodeNever: "ANTHOLOGY.Dice.Errors.explodeNever",
  noFudgeDice: "ANTHOLOGY.Dice.Errors.noFudgeDice",
  badSides: "ANTHOLOGY.Dice.Errors.badSides",
  negativeCode: "ANTHOLOGY.Dice.Errors.negativeCode",
  mixedExplosions: "ANTHOLOGY.Dice.Errors.mixedExplosions",
  oddsTooLarge: "ANTHOLOGY.Dice.Errors.oddsTooLarge",
});

/**
 * A formula the dice engine refuses. `key` and `data` give the localised message (game.i18n.format);
 * `message` is the English text for logs and Node; `position` is the 0-based index of the fault.
 */
export class NotationError extends Error {
  readonly key: string;
  constructor(
    readonly code: NotationErrorCode,
    readonly formula: string,
    readonly position: number,
    readonly data: Readonly<Record<string, string>> = {},
    english: string = code,
  ) {
    super(`${english} (in "${formula}" at position ${position + 1})`);
    this.name = "NotationError";
    this.key = NOTATION_ERROR_KEYS[code];
  }
}
