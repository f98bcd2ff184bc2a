/**
 * The fight actions' follow-ups a hit asks of its target: knock-out's roll to stay conscious and
 * disarm's roll to keep hold of the weapon, each against the damage the hit did. Pure.
 */
import { contested, type GoalOutcome } from "./goals";
import type { GoalPart } from "./play";

/** The fight actions whose hit asks the target for a roll against the damage done. */
export const RESIST_ACTIONS = Object.freeze(["knockOut", "disarm"] as const);
export type ResistAction = (typeof RESIST_ACTIONS)[number];

/**
 * What the target rolls: knock-out, the text's Endurance + Vigor; disarm, Strength + Vigor (our reading:
 * the text names no roll, only "roll against Damage done").
 */
export const RESIST_ROLL: Readonly<Record<ResistAction, { characteristic: "endurance" | "strength"; skill: "vigor" }>> =
  Object.freeze({
    knockOut: { characteristic: "endurance", skill: "vigor" },
    disarm: { characteristic: "strength", skill: "vigor" },
  });

/**
 * The goal of a follow-up roll: the characteristic + Vigor, the target's wound penalty, and the damage the
 * hit did (the Vitality it took past the armor) off the goal: "roll against final damage done".
 */
export function resistGoal(
  action: ResistAction,
  input: {
    readonly characteristics: Readonly<Record<string, number>>;
    readonly vigor: number;
    readonly woundPenalty: number;
    readonly damage: number;
    /** What Active Effects add to every goal (`system.bonuses.goal`); absent, 0. */
    readonly effects?: number;
  },
): { natural: number; parts: GoalPart[]; goal: number } {
  const roll = RESIST_ROLL[action];
  if (!roll) throw new RangeError(`Not a fight action with a roll against damage: ${String(action)}`);
  const damage = Math.trunc(input.damage);
  if (!Number.isFinite(damage) || damage < 0)
    throw new RangeError(`Damage is a whole number of at least 0, not ${String(input.damage)}`);
  const natural = (input.characteristics[roll.characteristic] ?? 0) + Math.trunc(input.vigor);
  const parts: GoalPart[] = [];
  if (input.woundPenalty) parts.push({ id: "wounds", value: input.woundPenalty });
  const effects = Math.trunc(input.effects ?? 0);
  if (effects) parts.push({ id: "effects", value: effects });
  if (damage) parts.push({ id: "damageDone", value: -damage });
  return { natural, parts, goal: parts.reduce((sum, p) => sum + p.value, natural) };
}

/** Whether a follow-up roll fails, so the target is knocked out or drops its weapon. */
export function resistFails(outcome: GoalOutcome): boolean {
  return outcome === "failure" || outcome === "criticalFailure";
}

/**
 * The fight actions whose hit, once on record, starts a contest, and what each side rolls (each with its
 * own wound penalty): knockdown, "roll Strength + Fight vs target's Dexterity + Vigor"; grapple, "roll
 * Strength + Vigor vs target's Strength + Vigor".
 */
export const CONTEST_ROLLS = Object.freeze({
  knockdown: {
    attacker: { characteristic: "strength", skill: "fight" },
    defender: { characteristic: "dexterity", skill: "vigor" },
  },
  grapple: {
    attacker: { characteristic: "strength", skill: "vigor" },
    defender: { characteristic: "strength", skill: "vigor" },
  },
} as const);
export type ContestAction = keyof typeof CONTEST_ROLLS;
export const CONTEST_ACTIONS = Object.freeze(Object.keys(CONTEST_ROLLS) as ContestAction[]);
export type KnockdownSide = "attacker" | "defender";

interface SideInput {
  readonly characteristics: Readonly<Record<string, number>>;
  readonly naturalSkills: Readonly<Record<string, number>>;
  readonly woundPenalty: number;
  /** What Active Effects add to every goal (`system.bonuses.goal`); absent, 0. */
  readonly effects?: number;
}

/**
 * The goal of one side of a fight action's contest: characteristic + natural skill, the wound penalty and
 * what effects add to every goal.
 */
export function contestGoal(
  action: ContestAction,
  side: KnockdownSide,
  input: SideInput,
): { natural: number; parts: GoalPart[]; goal: number } {
  const roll = CONTEST_ROLLS[action]?.[side];
  if (!roll) throw new RangeError(`Not a side of a fight action's contest: ${String(action)}, ${String(side)}`);
  const natural = (input.characteristics[roll.characteristic] ?? 0) + (input.naturalSkills[roll.skill] ?? 0);
  const parts: GoalPart[] = input.woundPenalty ? [{ id: "wounds", value: input.woundPenalty }] : [];
  const effects = Math.trunc(input.effects ?? 0);
  if (effects) parts.push({ id: "effects", value: effects });
  return { natural, parts, goal: parts.reduce((sum, p) => sum + p.value, natural) };
}

/** One side of knockdown's contest: the attacker's Strength + Fight, the target's Dexterity + Vigor. */
export function knockdownGoal(side: KnockdownSide, input: SideInput) {
  return contestGoal("knockdown", side, input);
}

/** Grapple's contest judged: the attacker's win (more VP, or a lone critical at a tie) holds the target. */
export function grappleResult(
  attacker: { readonly victoryPoints: number; readonly critical: boolean },
  defender: { readonly victoryPoints: number; readonly critical: boolean },
): { grappled: boolean; net: number } {
  const c = contested(attacker, defender);
  return { grappled: c.winner === "a", net: c.victoryPoints };
}

/**
 * Knockdown's contest judged: the attacker wins on more Victory Points (or a lone critical at a tie);
 * the target is knocked down and back 1 m per net Victory Point, "up to attackers Strength rating".
 */
export function knockdownResult(
  attacker: { readonly victoryPoints: number; readonly critical: boolean },
  defender: { readonly victoryPoints: number; readonly critical: boolean },
  strength: number,
): { knockedDown: boolean; meters: number; net: number } {
  const c = contested(attacker, defender);
  if (c.winner !== "a") return { knockedDown: false, meters: 0, net: c.victoryPoints };
  return {
    knockedDown: true,
    meters: Math.max(0, Math.min(c.victoryPoints, Math.trunc(strength))),
    net: c.victoryPoints,
  };
}
