/**
 * OpenD6 active defenses: a dodge, block or parry rolled on the defender's turn; a full defense (the
 * roll + 10, and no other action that round) or a partial one (the roll itself, with the multi-action
 * penalty), standing in place of passive defense until the defender's turn in the next round.
 */
import { isOneOf } from "../../common";
import { activeDefense } from "./combat";

/** The skills an active defense rolls: dodge, a block (brawling), a parry (melee combat). */
export const DEFENSE_SKILLS = Object.freeze(["dodge", "brawling", "meleeCombat"] as const);

export const DEFENSE_KINDS = Object.freeze(["full", "partial"] as const);
export type DefenseKind = (typeof DEFENSE_KINDS)[number];

/** The status an active defense shows on its bearer's token while it lasts. */
export const DEFENSE_STATUS = "opend6-defending";

export function isDefenseSkill(id: unknown): boolean {
  return isOneOf(DEFENSE_SKILLS, id);
}

/** What an attack is judged against: the active defense when one stands, else passive defense. */
export function defenseValue(passive: number, active: { kind: DefenseKind; total: number } | null): number {
  return active ? activeDefense(active.kind, active.total) : passive;
}

/**
 * How long an active defense stands: until its bearer's turn in the next round starts, wherever the
 * bearer's turn falls in that round's order (src/foundry/lasting.ts).
 */
export const DEFENSE_LASTS = Object.freeze({ rounds: 1, until: "turnStart" } as const);
