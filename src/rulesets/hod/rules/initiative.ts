import { numberField, plusBonus } from "../../common";
import { attributeDamageOf } from "./afflictions";
import { bonusesOf } from "./derive";

/** Everyone's first action comes 1d6 + 4 TC into the fight; surprise adds 1d6 more. */
export const INITIATIVE_DICE = "1d6 + 4";
export const SURPRISE_DICE = "1d6";

/**
 * What an actor takes off its initiative roll: its Wisdom (less any damage to it) plus its own
 * initiative bonus (`initiativeBonus`) and what effects add (`system.bonuses.initiative`). The lowest
 * number acts first, so a bonus makes you act sooner and a negative value (a penalty) later.
 */
export function initiativeBonusOf(system: Readonly<Record<string, unknown>> = {}): number {
  const damaged = attributeDamageOf(system.attributeDamage as Record<string, unknown> | undefined).wisdom;
  return (
    numberField(system, "wisdom") -
    damaged +
    numberField(system, "initiativeBonus") +
    bonusesOf(system.bonuses).initiative
  );
}

/**
 * A combatant's initiative roll: 1d6 + 4, + 1d6 when surprised, less the actor's Wisdom and initiative
 * bonus (`initiativeBonusOf`). Added to the current TC, it is the TC of its first action.
 */
export function initiativeFormula(
  system: Readonly<Record<string, unknown>> = {},
  options: { readonly surprised?: boolean } = {},
): string {
  const dice = options.surprised ? `${INITIATIVE_DICE} + ${SURPRISE_DICE}` : INITIATIVE_DICE;
  return plusBonus(dice, -initiativeBonusOf(system));
}
