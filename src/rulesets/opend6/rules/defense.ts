/**
 * OpenD6 active defenses: a dodge, block or parry rolled on the defender's turn; a full defense (the
 * roll + 10, and no other action that round) or a partial one (the roll itself, with the multi-action
 * penalty), standing in place of passive defense until the defender's turn in the next round.
 */
import { isOneOf } from "../../common";
import { normalize } from "./codes";
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
 * bearer's turn falls in that round's order (`defenseOver`; defenses stored before issue 29 carry it
 * as a duration that src/foundry/lasting.ts ends).
 */
export const DEFENSE_LASTS = Object.freeze({ rounds: 1, until: "turnStart" } as const);

/** Where the bearer's turn stands in the current round: still to come, under way, or over. */
export type DefenseTurn = "before" | "current" | "after";

/**
 * Whether a defense taken in round `taken` has ended now: it stands for the rest of that round and in
 * the next until its bearer's turn starts ("before his turn in the next round"), wherever that turn
 * falls in the next round's order; any later round has ended it.
 */
export function defenseOver(taken: number, now: { readonly round: number; readonly bearerTurn: DefenseTurn }): boolean {
  const next = taken + DEFENSE_LASTS.rounds;
  if (now.round !== next) return now.round > next;
  return now.bearerTurn !== "before";
}

/** A missed attack that still hurts through the defense that stopped it, as the text has it. */
export type Struck = "parry" | "block";

/** What a missed attack and the defense that stopped it are, as `struckBy` reads them. */
export interface StruckInput {
  /** The attack's skill: brawling is an unarmed blow. */
  readonly attackSkill: string;
  /** The attack's weapon is a blade or energized. */
  readonly attackEdged: boolean;
  /** The skill of the active defense that stood (null: passive defense). */
  readonly defenseSkill: string | null;
  /** A parry made with a blade or an energized weapon. */
  readonly parryEdged: boolean;
  /** The defender wears armor, which spares a body block the blade's damage. */
  readonly defenderArmored: boolean;
}

/**
 * Who a successful parry or block hurts: "parry" when a blade parried an unarmed blow (the attacker
 * takes the blade's damage); "block" when a body blocked a blade or energized hand weapon (the
 * defender takes it, unless armored); null otherwise. Only for an attack the defense made miss.
 */
export function struckBy(input: StruckInput): Struck | null {
  if (input.defenseSkill === "meleeCombat" && input.attackSkill === "brawling" && input.parryEdged) return "parry";
  if (
    input.defenseSkill === "brawling" &&
    input.attackSkill === "meleeCombat" &&
    input.attackEdged &&
    !input.defenderArmored
  ) {
    return "block";
  }
  return null;
}

/**
 * The damage a parrying or blocked blade deals: its listed score alone, never Strength Damage (a
 * `+1D` knife deals 1D; the text: "do not add the defender's Physique", "Strength Damage is not added").
 */
export function listedDamage(weapon: string): string {
  return normalize(weapon);
}
