import { NotationError } from "./errors";
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

const VERSUS = /^(.*\S)\s+vs\s+(-?\d{1,5})\s*$/i;

/** Splits a trailing "vs N" (a difficulty or target number) off a formula. */
export function splitVersus(text: string): { formula: string; against?: number } {
  const vs = VERSUS.exec(text);
  return vs ? { formula: vs[1]!, against: Number(vs[2]) } : { formula: text };
}

// Shapes that only Anthology's notation has: a keep pool, a die code, Character Point dice.
const OURS = /(^|[^a-z@])-?\d+\s*[kK]\s*\d|\d\s*D(?![a-zA-Z0-9(])|\d\s*[cC][pP]\b/;

/**
 * What Foundry should parse for a formula typed by a user: Anthology's notation rewritten, anything
 * else unchanged. A formula that is clearly Anthology's but malformed throws its NotationError
 * instead of reaching Foundry's parser as a confusing string term.
 */
export function translateFormula(formula: string): { formula: string; plan?: RollPlan; against?: number } {
  // "vs N" measures the roll against a difficulty: `/r 4dF+2 vs 1`, `/r 8k4 vs 25`.
  const { formula: rest, against } = splitVersus(formula);
  if (against !== undefined) return { ...translateFormula(rest), against };
  if (formula.includes("@") || formula.includes("[") || formula.includes("(")) return { formula };
  let plan: RollPlan;
  try {
    plan = parse(formula);
  } catch (error) {
    if (error instanceof NotationError && OURS.test(formula)) throw error;
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
