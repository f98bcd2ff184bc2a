import { NotationError } from "./errors";
import { LIMITS } from "./limits";
import { parse } from "./parse";
import type { CodePlan, FudgePlan, KeepPlan, RollPlan } from "./plan";

/**
 * Anthology's notation inside Foundry's formula grammar. Foundry's parser reads a dice term as
 * count, "d", one denomination letter, then modifiers; so `8k4x9 + 5` travels as `8dkk4x9 + 5`
 * (denomination k, modifiers k4 and x9), `4dF+2` as `4dg+2` and `3D+1CP+2` as `3dwcp1 + 2`.
 * Negative Dice carry a final modifier `n` (roll the count shown, keep the lowest).
 */
export const DENOMINATIONS = Object.freeze({ keep: "k", fudge: "g", wild: "w" });

function signed(n: number): string {
  return n === 0 ? "" : n > 0 ? ` + ${n}` : ` - ${-n}`;
}

/** The Foundry formula for a plan of Anthology's own kinds; ordinary sums have none. */
export function toFoundryFormula(plan: RollPlan): string | undefined {
  switch (plan.kind) {
    case "keep": {
      const negative = plan.rolled <= 0;
      const count = plan.kept <= 0 ? 0 : negative ? 1 - plan.rolled : plan.rolled;
      const kept = Math.max(0, plan.kept);
      const x = plan.explode === undefined ? "" : `x${plan.explode}`;
      // `n` goes last: Foundry reads a letter run as one command, so "nx9" would be a command "nx".
      return `${count}dkk${kept}${x}${negative && count > 0 ? "n" : ""}${signed(plan.modifier)}`;
    }
    case "fudge":
      return `${plan.dice}dg${signed(plan.modifier)}`;
    case "code":
      return `${plan.dice}dw${plan.characterPoints ? `cp${plan.characterPoints}` : ""}${signed(plan.pips)}`;
    case "sum":
      return undefined;
  }
}

const isSpace = (c: string | undefined): boolean => c !== undefined && /\s/.test(c);
const isDigit = (c: string | undefined): boolean => c !== undefined && c >= "0" && c <= "9";
const isWordChar = (c: string | undefined): boolean => c !== undefined && /\w/.test(c);
const isLetter = (c: string | undefined): boolean => c !== undefined && /[a-zA-Z]/.test(c);

/**
 * Splits a trailing "vs N" (a difficulty or target number, up to five digits) off a formula. Read
 * backwards from the end, one character at a time: linear in the length, whatever the text.
 */
export function splitVersus(text: string): { formula: string; against?: number } {
  let i = text.length;
  while (isSpace(text[i - 1])) i -= 1;
  const end = i;
  while (isDigit(text[i - 1])) i -= 1;
  if (end - i < 1 || end - i > 5) return { formula: text };
  if (text[i - 1] === "-") i -= 1;
  const against = Number(text.slice(i, end));
  if (!isSpace(text[i - 1])) return { formula: text };
  while (isSpace(text[i - 1])) i -= 1;
  if (text.slice(i - 2, i).toLowerCase() !== "vs" || !isSpace(text[i - 3])) return { formula: text };
  i -= 2;
  while (isSpace(text[i - 1])) i -= 1;
  return i > 0 ? { formula: text.slice(0, i), against } : { formula: text };
}

/**
 * Whether a formula has a shape only Anthology's notation has: a keep pool (`8k4`, not after a
 * letter or "@", as in `4d6kh3`), a die code (`3D`, not `3Dx` or `3D(`), Character Point dice
 * (`1CP`). One pass over the digit runs: linear in the length (a pattern searched from every
 * position took quadratic time on a long run of digits).
 */
export function looksLikeAnthology(formula: string): boolean {
  let i = 0;
  while (i < formula.length) {
    if (!isDigit(formula[i])) {
      i += 1;
      continue;
    }
    const start = i;
    while (isDigit(formula[i])) i += 1;
    // A keep pool needs its count to stand apart from a word before it; "-" and digits do.
    const before = formula[start - 1];
    const apart = i - start > 1 || start === 0 || !/[a-z@]/.test(before!);
    let j = i;
    while (isSpace(formula[j])) j += 1;
    const c = formula[j];
    if ((c === "k" || c === "K") && apart) {
      let d = j + 1;
      while (isSpace(formula[d])) d += 1;
      if (isDigit(formula[d])) return true;
    }
    const next = formula[j + 1];
    if (c === "D" && !(isLetter(next) || isDigit(next) || next === "(")) return true;
    if ((c === "c" || c === "C") && (next === "p" || next === "P") && !isWordChar(formula[j + 2])) return true;
  }
  return false;
}

/** A formula longer than any roll may be: refused before anything reads it. */
function tooLongForFoundry(formula: string): NotationError {
  const limit = String(LIMITS.maxFoundryFormulaLength);
  const shown = formula.slice(0, 40);
  return new NotationError(
    "tooLong",
    shown,
    LIMITS.maxFoundryFormulaLength,
    { formula: shown, position: String(LIMITS.maxFoundryFormulaLength + 1), limit },
    "The formula is too long",
  );
}

/**
 * What Foundry should parse for a formula typed by a user: Anthology's notation rewritten, anything
 * else unchanged. A formula that is clearly Anthology's but malformed throws its NotationError
 * instead of reaching Foundry's parser as a confusing string term.
 *
 * Lengths are checked first: past LIMITS.maxFoundryFormulaLength nothing is read at all; past
 * LIMITS.maxFormulaLength it cannot be Anthology's notation, so it is only scanned once to tell
 * whose it is. Every step is linear in the length.
 */
export function translateFormula(formula: string): { formula: string; plan?: RollPlan; against?: number } {
  if (formula.length > LIMITS.maxFoundryFormulaLength) throw tooLongForFoundry(formula);
  if (formula.length > LIMITS.maxFormulaLength) {
    // parse() refuses it by its length alone, without reading it.
    if (looksLikeAnthology(formula)) parse(formula);
    return { formula };
  }
  // "vs N" measures the roll against a difficulty: `/r 4dF+2 vs 1`, `/r 8k4 vs 25`.
  const { formula: rest, against } = splitVersus(formula);
  if (against !== undefined) return { ...translateFormula(rest), against };
  if (formula.includes("@") || formula.includes("[") || formula.includes("(")) return { formula };
  let plan: RollPlan;
  try {
    plan = parse(formula);
  } catch (error) {
    if (error instanceof NotationError && looksLikeAnthology(formula)) throw error;
    return { formula };
  }
  const foundry = toFoundryFormula(plan);
  return foundry === undefined ? { formula } : { formula: foundry, plan };
}

/** Modifier strings of a term as Foundry splits them ("k4", "n", "x9", "cp1"). */
function modifierValue(modifiers: readonly string[], command: string): number | undefined {
  for (const m of modifiers) {
    const match = /^([a-z]+)(\d*)$/i.exec(m);
    if (match && match[1]!.toLowerCase() === command) return match[2] ? Number(match[2]) : 0;
  }
  return undefined;
}

export function keepPlanOf(count: number, modifiers: readonly string[]): KeepPlan {
  const kept = modifierValue(modifiers, "k") ?? 0;
  const negative = modifierValue(modifiers, "n") !== undefined;
  const explode = modifierValue(modifiers, "x");
  return { kind: "keep", rolled: negative ? 1 - count : count, kept, explode, modifier: 0 };
}

export function fudgePlanOf(count: number): FudgePlan {
  return { kind: "fudge", dice: count, modifier: 0 };
}

export function codePlanOf(count: number, modifiers: readonly string[]): CodePlan {
  return { kind: "code", dice: count, pips: 0, characterPoints: modifierValue(modifiers, "cp") ?? 0 };
}
