/**
 * What changes a character's defense value beyond passive and active defense: the optional defense
 * modifier's acrobatics bonus ("for every 2D in acrobatics above 4D (round up), a character receives a
 * +1 to her active or passive defense value for attacks at Short range or greater") and the full-auto
 * firer's penalty ("the modifier to the character's defensive value during the round he is performing
 * a full auto attack"), whose number the text leaves out (ours: docs/rules-decisions.md).
 */
import { toPips } from "./codes";
import type { RangeBand } from "./attack";

/** The status a full-auto firer shows on its token for the round of the attack. */
export const FULL_AUTO_STATUS = "opend6-full-auto";

/** What a full-auto attack takes from the firer's defense value that round: 2D (6), as it adds 2D to hit. */
export const FULL_AUTO_DEFENSE_PENALTY = 6;

/** The acrobatics bonus to defense: +1 per 2D (rounded up) of acrobatics above 4D; 7D gives +2. */
export function acrobaticsDefenseBonus(acrobatics: string): number {
  const over = Math.floor(toPips(acrobatics) / 3) - 4;
  return over > 0 ? Math.ceil(over / 2) : 0;
}

/** Whether the acrobatics bonus counts against an attack from this range (Short or greater). */
export const acrobaticsCounts = (range: RangeBand): boolean => range !== "pointBlank";

/**
 * A defense value (passive or active) with what the defender brings to this attack: the acrobatics
 * bonus at Short range or more, less the full-auto penalty when the defender fired full auto.
 */
export function defenseWith(
  value: number,
  range: RangeBand,
  defender: { readonly acrobatics: number; readonly fullAuto: boolean },
): number {
  return (
    value + (acrobaticsCounts(range) ? defender.acrobatics : 0) - (defender.fullAuto ? FULL_AUTO_DEFENSE_PENALTY : 0)
  );
}
