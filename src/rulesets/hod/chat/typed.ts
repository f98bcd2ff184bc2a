/**
 * What a player typed into a dialog, as the cards show it and the GM's apply weighs it: refused beyond
 * the bounds the rules allow (rules/typed.ts), and otherwise a free choice the row rests on, so applied
 * to someone else's actor it waits for a GM's own click.
 */
import { RequestRefused } from "../../../hooks/socket";
import type { FreeChoice } from "../../../play/kind";
import { FREE_FORMULA_MAX, freeFormulaAllowed, typedOutOfBounds, type TypedChoices } from "../rules/typed";
import { typedView } from "./labels";

export { typedView };

// i18n keys written out, so the language test sees each one.

/** A typed value's name, in a refusal. */
const NAME_KEYS: Readonly<Record<string, string>> = Object.freeze({
  toHit: "ANTHOLOGY.HoD.Typed.Name.toHit",
  damage: "ANTHOLOGY.HoD.Typed.Name.damage",
  skillRank: "ANTHOLOGY.HoD.Typed.Name.skillRank",
  extraDice: "ANTHOLOGY.HoD.Typed.Name.extraDice",
  check: "ANTHOLOGY.HoD.Typed.Name.check",
});

/** Refuses a roll whose typed choices are beyond the bounds. */
export function refuseOutOfBounds(choices: TypedChoices): void {
  const out = typedOutOfBounds(choices);
  if (out) refuseTyped(out.field, out.value, out.bound);
}

/** Refuses a typed value beyond its bound. */
export function refuseTyped(field: string, value: string, bound: string): never {
  throw new RequestRefused({
    key: "ANTHOLOGY.HoD.Errors.typedBounds",
    data: { what: NAME_KEYS[field] ?? field, value, bound },
  });
}

/** Refuses a free formula (healing, poison) that could come to more than the bound. */
export function refuseFreeFormula(formula: string): void {
  if (!freeFormulaAllowed(formula)) {
    throw new RequestRefused({
      key: "ANTHOLOGY.HoD.Errors.formulaBounds",
      data: { formula, max: String(FREE_FORMULA_MAX) },
    });
  }
}

/**
 * The free choice a row's typed values make (null: nothing typed, or beyond the bounds, which the
 * apply itself refuses). Formatted on the GM's client, which is the one told.
 */
export function typedChoice(choices: TypedChoices | null): FreeChoice | null {
  if (!choices || typedOutOfBounds(choices)) return null;
  const typed = typedView(choices);
  if (!typed.length) return null;
  const list = typed.map((t) => game.i18n!.format(t.key, { value: t.value })).join(", ");
  return { key: "ANTHOLOGY.HoD.Play.typed", data: { list } };
}

/** The free choice a free formula makes: always one (the rules give no formula to check it against). */
export function formulaChoice(formula: string | undefined): FreeChoice | null {
  return formula ? { key: "ANTHOLOGY.HoD.Play.typedFormula", data: { formula } } : null;
}
