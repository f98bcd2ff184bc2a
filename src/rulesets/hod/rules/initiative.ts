import { numberField, plusBonus } from "../../common";

/** Everyone's first action comes 1d6 + 4 TC into the fight; surprise adds 1d6 more. */
export const INITIATIVE_DICE = "1d6 + 4";
export const SURPRISE_DICE = "1d6";

/**
 * A combatant's initiative roll: 1d6 + 4, + 1d6 when surprised, + the actor's own initiative bonus
 * (`initiativeBonus` in its system data). Added to the current TC, it is the TC of its first action.
 */
export function initiativeFormula(
  system: Readonly<Record<string, unknown>> = {},
  options: { readonly surprised?: boolean } = {},
): string {
  const dice = options.surprised ? `${INITIATIVE_DICE} + ${SURPRISE_DICE}` : INITIATIVE_DICE;
  return plusBonus(dice, numberField(system, "initiativeBonus"));
}
