/**
 * What a player may type into Heroes of Destiny's dialogs, and how far (docs/rules-decisions.md,
 * "Heroes of Destiny: what a player types"). The text lists its situational modifiers (the largest is
 * 9/10 cover, −8; the largest action modifier Coup de grâce's +10) and gives no numbers for the rest,
 * so a typed number is bounded as a GM would, and the GM's apply refuses a roll outside the bounds.
 */
import { NotationError, parse } from "../../../dice";

export interface TypedBound {
  readonly min: number;
  readonly max: number;
}

export const TYPED_BOUNDS = Object.freeze({
  /** The attack dialog's other modifier to hit. */
  toHit: { min: -10, max: 10 },
  /** The damage modifier of each hit. */
  damage: { min: -10, max: 10 },
  /** A skill special action's rank (skills are not on the sheet). */
  skillRank: { min: 0, max: 10 },
  /** A 3d6 check's or a cast's Arcana modifier: a skill's rank and the situation together. */
  check: { min: -10, max: 20 },
} satisfies Record<string, TypedBound>);

/** Extra damage dice: dice only, at most 4 of them, none larger than a d12 (the text's largest die). */
export const EXTRA_DICE_BOUND = Object.freeze({ dice: 4, sides: 12 });

/** A free formula (healing, a dose of poison): dice and numbers whose greatest total is at most 100. */
export const FREE_FORMULA_MAX = 100;

export type TypedField = keyof typeof TYPED_BOUNDS;

/** A typed whole number within its bound. */
export const clampTyped = (field: TypedField, value: number): number => {
  const { min, max } = TYPED_BOUNDS[field];
  return Number.isFinite(value) ? Math.max(min, Math.min(max, Math.trunc(value))) : 0;
};

export const withinTyped = (field: TypedField, value: number): boolean =>
  Number.isInteger(value) && value >= TYPED_BOUNDS[field].min && value <= TYPED_BOUNDS[field].max;

/** The greatest total a formula of dice and numbers can come to, or null when it is not one (`1d20`, `2d8+2`). */
export function greatestTotal(formula: string): number | null {
  try {
    const plan = parse(formula);
    if (plan.kind !== "sum") return null;
    return plan.groups.reduce((sum, g) => sum + (g.sign > 0 ? g.count * g.sides : -g.count), plan.modifier);
  } catch (error) {
    if (error instanceof NotationError) return null;
    throw error;
  }
}

/** Whether extra damage dice are within EXTRA_DICE_BOUND (empty: none, allowed). */
export function extraDiceAllowed(dice: string): boolean {
  const text = dice.trim();
  if (text === "") return true;
  try {
    const plan = parse(text);
    if (plan.kind !== "sum" || plan.modifier !== 0 || plan.groups.length === 0) return false;
    const count = plan.groups.reduce((n, g) => n + g.count, 0);
    return count <= EXTRA_DICE_BOUND.dice && plan.groups.every((g) => g.sign > 0 && g.sides <= EXTRA_DICE_BOUND.sides);
  } catch (error) {
    if (error instanceof NotationError) return false;
    throw error;
  }
}

/** Whether a free formula (healing, poison) is dice and numbers that never come to more than FREE_FORMULA_MAX. */
export function freeFormulaAllowed(formula: string): boolean {
  const most = greatestTotal(formula);
  return most !== null && most <= FREE_FORMULA_MAX;
}

/** The numbers and dice a player typed for an attack, a special action or a damage roll. */
export interface TypedChoices {
  readonly modifier?: number;
  readonly damageModifier?: number;
  readonly skillRank?: number;
  readonly extraDice?: string;
  /** Multiplied damage (a backstab's ×2): the player's claim, like a typed number (1: none). */
  readonly damageMultiplier?: number;
}

/** One typed value as the card and the GM see it: what it is and its value ("+3", "1d6"). */
export interface TypedValue {
  readonly field: TypedField | "extraDice" | "multiplier";
  readonly value: string;
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** What was typed and is not nothing (a 0 modifier, no extra dice), in the dialog's order. */
export function typedValues(choices: TypedChoices): TypedValue[] {
  const out: TypedValue[] = [];
  if (choices.modifier) out.push({ field: "toHit", value: signed(choices.modifier) });
  if (choices.skillRank) out.push({ field: "skillRank", value: String(choices.skillRank) });
  if (choices.damageModifier) out.push({ field: "damage", value: signed(choices.damageModifier) });
  const extra = choices.extraDice?.trim() ?? "";
  if (extra) out.push({ field: "extraDice", value: extra });
  if ((choices.damageMultiplier ?? 1) > 1)
    out.push({ field: "multiplier", value: `\u00d7${choices.damageMultiplier}` });
  return out;
}

/** The first typed value outside its bound, with the bound as text, or null when all are within. */
export function typedOutOfBounds(
  choices: TypedChoices,
): { readonly field: TypedField | "extraDice"; readonly value: string; readonly bound: string } | null {
  const numbers: Array<[TypedField, number | undefined]> = [
    ["toHit", choices.modifier],
    ["skillRank", choices.skillRank],
    ["damage", choices.damageModifier],
  ];
  for (const [field, value] of numbers) {
    if (value === undefined || withinTyped(field, value)) continue;
    const { min, max } = TYPED_BOUNDS[field];
    return { field, value: String(value), bound: `${signed(min)} … ${signed(max)}` };
  }
  const extra = choices.extraDice ?? "";
  if (!extraDiceAllowed(extra)) {
    return { field: "extraDice", value: extra.trim(), bound: `${EXTRA_DICE_BOUND.dice}d${EXTRA_DICE_BOUND.sides}` };
  }
  return null;
}
