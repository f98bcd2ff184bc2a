import type { RollOutcome } from "../../../dice";
import { mayRoll as mayRollAs } from "../../../play/roller";

export { outcomeOf, rollFor as rollDice } from "../../../play/dice-roll";

/** Only an actor's owners (and the GM) roll for it. */
export const mayRoll = (actor: { readonly isOwner: boolean; readonly name: string }): boolean =>
  mayRollAs(actor, "ANTHOLOGY.HoD.Errors.notYours");

/** A roll to hit as the judgement reads it: the die as it fell (the three d6 together) and the total. */
export function rolledOf(outcome: RollOutcome): { natural: number; total: number } {
  return { natural: outcome.total - outcome.modifier, total: outcome.total };
}
