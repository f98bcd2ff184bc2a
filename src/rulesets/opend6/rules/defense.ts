/**
 * OpenD6 active defenses: a dodge, block or parry rolled on the defender's turn; a full defense (the
 * roll + 10, and no other action that round) or a partial one (the roll itself, with the multi-action
 * penalty), standing in place of passive defense until the defender's turn in the next round.
 */
import { activeDefense } from "./combat";

/** The skills an active defense rolls: dodge, a block (brawling), a parry (melee combat). */
export const DEFENSE_SKILLS = Object.freeze(["dodge", "brawling", "meleeCombat"] as const);

export const DEFENSE_KINDS = Object.freeze(["full", "partial"] as const);
export type DefenseKind = (typeof DEFENSE_KINDS)[number];

/** The status an active defense shows on its bearer's token while it lasts. */
export const DEFENSE_STATUS = "opend6-defending";

export function isDefenseSkill(id: unknown): boolean {
  return typeof id === "string" && (DEFENSE_SKILLS as readonly string[]).includes(id);
}

/** What an attack is judged against: the active defense when one stands, else passive defense. */
export function defenseValue(passive: number, active: { kind: DefenseKind; total: number } | null): number {
  return active ? activeDefense(active.kind, active.total) : passive;
}

/**
 * Whether an active defense taken in round `start` is over: it lasts until its bearer's turn in the
 * next round (`bearerTurnReached`: the turn now is the bearer's, or past it); any later round ends it.
 */
export function defenseEnded(start: number, now: { readonly round: number; readonly bearerTurnReached: boolean }) {
  return now.round > start + 1 || (now.round === start + 1 && now.bearerTurnReached);
}
