/**
 * What a roll of a card comes to with the Character and Fate Points spent after it: read from the
 * card's own dice (the spends' rolls name the roll they were spent on), never from its flags.
 */
import type { ReplayedRoll } from "../../../play/kind";
import { spendsOf, type SpendsOf } from "../rules";

/** The dice of a code the roll rolled (its Wild Die among them, its Character Point dice not). */
export function codeDice(roll: ReplayedRoll | null | undefined): number {
  const plan = roll?.outcome.plan;
  return plan?.kind === "code" ? plan.dice : 0;
}

/** What a roll of a card comes to with the points spent after it, read from the card's dice. */
export function withSpends(
  rolls: ReadonlyArray<ReplayedRoll | null>,
  index: number,
): { roll: ReplayedRoll; spent: SpendsOf; total: number } | null {
  const roll = rolls[index];
  if (!roll) return null;
  const spent = spendsOf(
    rolls.map((r) => (r ? { formula: r.outcome.formula, total: r.outcome.total, request: r.request } : null)),
    index,
    codeDice(roll),
  );
  return { roll, spent, total: roll.outcome.total + spent.total };
}
