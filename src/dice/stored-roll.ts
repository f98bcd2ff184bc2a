import { LIMITS, formatLimit } from "./limits";

/**
 * Why a roll rebuilt from stored data (a chat message, a socket) cannot be shown: the i18n key and
 * data of the error card that takes its place.
 */
export interface StoredRollProblem {
  readonly key: string;
  readonly data: Readonly<Record<string, string>>;
}

/** i18n key of every problem, written out so the language test can see each one. */
export const STORED_ROLL_KEYS = Object.freeze({
  shape: "ANTHOLOGY.Dice.Stored.shape",
  tooLong: "ANTHOLOGY.Dice.Stored.tooLong",
  tooLarge: "ANTHOLOGY.Dice.Stored.tooLarge",
  number: "ANTHOLOGY.Dice.Stored.number",
  term: "ANTHOLOGY.Dice.Stored.term",
});

const problem = (key: keyof typeof STORED_ROLL_KEYS, data: Record<string, string> = {}): StoredRollProblem => ({
  key: STORED_ROLL_KEYS[key],
  data,
});

/** Anthology's kinds of dice term. */
export type StoredTermKind = "keep" | "fudge" | "code";

/** Each kind's dice (sides), the modifier commands it takes, and its name on the error card. */
const KINDS: Readonly<Record<StoredTermKind, { sides: number; commands: readonly string[]; label: string }>> = {
  keep: { sides: 10, commands: ["k", "x", "n"], label: "keep" },
  fudge: { sides: 3, commands: [], label: "FUDGE" },
  code: { sides: 6, commands: ["cp"], label: "die code" },
};

/** The class names Anthology's dice terms are stored under (their `class` in a roll's JSON). */
const CLASSES: ReadonlyMap<string, StoredTermKind> = new Map([
  ["KeepDice", "keep"],
  ["FudgeDice", "fudge"],
  ["WildDice", "code"],
]);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Whether data for one of Anthology's dice terms (KeepDice, FudgeDice, WildDice) is what the
 * dice engine could have made: a count of dice within LIMITS.maxDice, its own modifiers with numbers in
 * range, at most one result per die, each result's faces on the die and adding up to its value. Null
 * when it is; linear in the data and stopping at the first fault, so no forged size makes it slow.
 */
export function storedTermProblem(termKind: StoredTermKind, data: Record<string, unknown>): StoredRollProblem | null {
  const kind = KINDS[termKind];
  const fudge = termKind === "fudge";
  const bad = problem("term", { term: kind.label });
  const { number, modifiers = [], results = [], options = {} } = data;
  if (!isRecord(options)) return bad;
  if (!Number.isInteger(number) || (number as number) < 0 || (number as number) > LIMITS.maxDice) return bad;
  if (!Array.isArray(modifiers) || modifiers.length > kind.commands.length) return bad;
  let extra = 0;
  for (const m of modifiers as unknown[]) {
    if (typeof m !== "string" || m.length > 8) return bad;
    const match = /^([a-z]+)(\d*)$/i.exec(m);
    const command = match ? match[1]!.toLowerCase() : "";
    if (!match || !kind.commands.includes(command)) return bad;
    const value = match[2] ? Number(match[2]) : undefined;
    if (command === "n" && value !== undefined) return bad;
    if (command === "k" && (value ?? 0) > LIMITS.maxNumber) return bad;
    if (command === "x" && value !== undefined && (value < 2 || value > 10)) return bad;
    if (command === "cp") extra = value ?? 0;
  }
  const dice = (number as number) + extra;
  if (dice > LIMITS.maxDice || !Array.isArray(results) || results.length > dice) return bad;
  for (const r of results as unknown[]) {
    if (!isRecord(r) || !Number.isInteger(r.result) || typeof (r.active ?? true) !== "boolean") return bad;
    const value = r.result as number;
    const faces = r.faces ?? [fudge ? value + 2 : value];
    if (!Array.isArray(faces) || faces.length < 1 || faces.length > LIMITS.maxExplosions + 1) return bad;
    let sum = 0;
    for (const f of faces as unknown[]) {
      if (!Number.isInteger(f) || (f as number) < 1 || (f as number) > kind.sides) return bad;
      sum += f as number;
    }
    if (fudge ? faces.length !== 1 || value !== sum - 2 : value !== sum) return bad;
  }
  return null;
}

/**
 * Checks roll data before anything is built from it, as if a user had typed it: an object with a
 * formula of at most LIMITS.maxFoundryFormulaLength characters and an array of terms; at most
 * LIMITS.maxStoredValues values and LIMITS.maxStoredText characters of text in all, nested at most
 * LIMITS.maxStoredDepth deep; every number finite (a target of NaN included); a total, if any, a
 * number; and each of Anthology's dice terms what the engine could have made (storedTermProblem).
 * What other systems and modules store beside it passes if it keeps to those bounds. Null when the
 * data passes. One walk over the data that stops at the first fault or at the limits, so its time
 * is bounded whatever it is given.
 */
export function storedRollProblem(data: unknown): StoredRollProblem | null {
  if (!isRecord(data)) return problem("shape");
  const { formula, terms, total, options = {}, evaluated } = data;
  if (typeof formula !== "string" || !Array.isArray(terms) || !isRecord(options)) return problem("shape");
  if (formula.length > LIMITS.maxFoundryFormulaLength)
    return problem("tooLong", { limit: formatLimit(LIMITS.maxFoundryFormulaLength) });
  if (total !== undefined && total !== null && typeof total !== "number") return problem("shape");
  if (evaluated !== undefined && typeof evaluated !== "boolean") return problem("shape");
  for (const target of [options.against, options.opposedBy]) {
    if (target !== undefined && target !== null && !Number.isSafeInteger(target)) return problem("number");
  }
  let values = 0;
  let text = 0;
  const tooLarge = problem("tooLarge", {
    values: formatLimit(LIMITS.maxStoredValues),
    text: formatLimit(LIMITS.maxStoredText),
    depth: String(LIMITS.maxStoredDepth),
  });
  const stack: Array<[unknown, number]> = [[data, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    values += 1;
    if (values > LIMITS.maxStoredValues || depth > LIMITS.maxStoredDepth) return tooLarge;
    if (typeof value === "string") {
      text += value.length;
      if (text > LIMITS.maxStoredText) return tooLarge;
    } else if (typeof value === "number") {
      if (!Number.isFinite(value)) return problem("number");
    } else if (Array.isArray(value)) {
      if (values + stack.length + value.length > LIMITS.maxStoredValues) return tooLarge;
      for (const item of value) stack.push([item, depth + 1]);
    } else if (isRecord(value)) {
      const kind = typeof value.class === "string" ? CLASSES.get(value.class) : undefined;
      if (kind) {
        const fault = storedTermProblem(kind, value);
        if (fault) return fault;
      }
      for (const key in value) {
        if (values + stack.length > LIMITS.maxStoredValues) return tooLarge;
        stack.push([value[key], depth + 1]);
      }
    } else if (value !== null && value !== undefined && typeof value !== "boolean") return problem("shape");
  }
  return null;
}
