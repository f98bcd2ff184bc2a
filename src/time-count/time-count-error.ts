/** Why the Time Count refused an operation; each code has a message under ANTHOLOGY.TimeCount.Errors. */
export type TimeCountErrorCode =
  | "notFinite"
  | "negativeSpeed"
  | "inThePast"
  | "notLater"
  | "notEarlier"
  | "duplicate"
  | "unknown"
  | "notDue"
  | "speedClass"
  | "action"
  | "passes"
  | "tooLarge"
  | "malformed";

/** i18n key of every code, written out so the language test can see each one. */
export const TIME_COUNT_ERROR_KEYS: Readonly<Record<TimeCountErrorCode, string>> = Object.freeze({
  notFinite: "ANTHOLOGY.TimeCount.Errors.notFinite",
  negativeSpeed: "ANTHOLOGY.TimeCount.Errors.negativeSpeed",
  inThePast: "ANTHOLOGY.TimeCount.Errors.inThePast",
  notLater: "ANTHOLOGY.TimeCount.Errors.notLater",
  notEarlier: "ANTHOLOGY.TimeCount.Errors.notEarlier",
  duplicate: "ANTHOLOGY.TimeCount.Errors.duplicate",
  unknown: "ANTHOLOGY.TimeCount.Errors.unknown",
  notDue: "ANTHOLOGY.TimeCount.Errors.notDue",
  speedClass: "ANTHOLOGY.TimeCount.Errors.speedClass",
  action: "ANTHOLOGY.TimeCount.Errors.action",
  passes: "ANTHOLOGY.TimeCount.Errors.passes",
  tooLarge: "ANTHOLOGY.TimeCount.Errors.tooLarge",
  malformed: "ANTHOLOGY.TimeCount.Errors.malformed",
});

/**
 * An operation the Time Count refuses; the count is left exactly as it was. `key` and `data` give the
 * localised message (game.i18n.format); `message` is the English text for logs and Node.
 */
export class TimeCountError extends Error {
  readonly key: string;
  constructor(
    readonly code: TimeCountErrorCode,
    readonly data: Readonly<Record<string, string>> = {},
    english: string = code,
  ) {
    super(english);
    this.name = "TimeCountError";
    this.key = TIME_COUNT_ERROR_KEYS[code];
  }
}
