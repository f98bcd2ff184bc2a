/**
 * A Fading Suns combat turn (a Foundry round): the stance a fighter declares lasts until its next turn,
 * surprise lasts the first turn, and a held action may go before anyone the holder out-rolled. Pure.
 */
import type { StanceId } from "./combat";

/** When a stance was chosen: in which combat and round (0: before the combat started, or outside one). */
export interface StanceSince {
  readonly combat: string | null;
  readonly round: number;
}

/**
 * Whether a fighter's stance ends as its turn starts in round `now.round` of combat `now.combat`: it
 * does when it was chosen in an earlier round of this combat. A stance chosen before the combat (or in
 * another one, or never stamped) counts as declared for round 1.
 */
export function stanceEnds(
  since: StanceSince | null,
  now: { readonly combat: string; readonly round: number },
): boolean {
  const declared = since && since.combat === now.combat ? Math.max(1, Math.trunc(since.round)) : 1;
  return now.round > declared;
}

/** The stance choices one list offers (the aggressive fighter's +4 goal or +2 damage as two entries). */
export const STANCE_CHOICES = Object.freeze([
  { id: "aggressive:goal", stance: "aggressive", aggressive: "goal" },
  { id: "aggressive:damage", stance: "aggressive", aggressive: "damage" },
  { id: "neutral", stance: "neutral", aggressive: null },
  { id: "defensive", stance: "defensive", aggressive: null },
  { id: "fullDefense", stance: "fullDefense", aggressive: null },
] as const satisfies ReadonlyArray<{ id: string; stance: StanceId; aggressive: "goal" | "damage" | null }>);
export type StanceChoice = (typeof STANCE_CHOICES)[number]["id"];

/** The list's entry for a stance (and the aggressive fighter's pick). */
export function stanceChoiceOf(stance: StanceId, aggressive: "goal" | "damage"): StanceChoice {
  return stance === "aggressive" ? `aggressive:${aggressive}` : stance;
}

/**
 * A held action taken now, before the fighter whose turn it is: allowed only when the holder rolled a
 * higher initiative than that fighter; the holder's new initiative sits half a point above it (so it
 * goes right before). Null when it may not.
 */
export function actNowInitiative(holder: number | null, current: number | null): number | null {
  if (typeof holder !== "number" || !Number.isFinite(holder)) return null;
  if (typeof current !== "number" || !Number.isFinite(current)) return null;
  return holder > current ? current + 0.5 : null;
}

/**
 * Whether a fighter rolls initiative and acts in round `round` (0: before the combat starts): a surprised
 * fighter does not in the first turn, and joins when the second begins ("Entering Initiative: Any
 * characters that did not roll Initiative may roll now").
 */
export function rollsInitiative(input: { readonly surprised: boolean; readonly round: number }): boolean {
  return !(input.surprised === true && input.round <= 1);
}
