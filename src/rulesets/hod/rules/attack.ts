import { isOneOf } from "../../common";

/** The five defenses an attack can target. */
export const HOD_DEFENSES = ["primary", "passive", "vigor", "celerity", "spirit"] as const;
export type HodDefense = (typeof HOD_DEFENSES)[number];

export function isHodDefense(value: unknown): value is HodDefense {
  return isOneOf(HOD_DEFENSES, value);
}

export interface HodAttackInput {
  /** The die as rolled, before modifiers (the d20, or the 3d6 total of a skill or discipline attack). */
  readonly natural: number;
  /** The attack roll with every modifier. */
  readonly total: number;
  /** The targeted defense's value. */
  readonly defense: number;
  /** The weapon is Precise: 19 and 20 may be critical. */
  readonly precise?: boolean;
  /** A spell: a natural 1 misses and a 20 hits, but neither fumbles nor crits. */
  readonly spell?: boolean;
  /** A 3d6 roll (skills and disciplines): critical on 17-18, no automatic hit, miss or fumble. */
  readonly die?: "d20" | "3d6";
}

export interface HodAttackResult {
  readonly hit: boolean;
  /** A natural 1 on a weapon attack: a miss that ends the turn, leaves the attacker unsteady, +1d6 SF. */
  readonly fumble: boolean;
  /** A natural 20 (19-20 Precise; 17-18 on 3d6) whose total beats the defense by at least 1. */
  readonly critical: boolean;
  /** How far the total is above the defense (negative below); Great Success thresholds read it. */
  readonly margin: number;
  /** The hit came only from the natural 20. */
  readonly automatic: boolean;
}

/** Whether `natural` is in the critical range. */
export function criticalRange(natural: number, options: Pick<HodAttackInput, "precise" | "die"> = {}): boolean {
  if (options.die === "3d6") return natural >= 17;
  return natural >= (options.precise ? 19 : 20);
}

/**
 * Judges an attack roll: equal to or above the defense hits; on a d20 a natural 1 always misses (a
 * fumble for weapons) and a natural 20 always hits; a critical needs the critical range and a total at
 * least 1 above the defense. Spells never crit or fumble.
 */
export function judgeAttack(input: HodAttackInput): HodAttackResult {
  const margin = input.total - input.defense;
  const d20 = input.die !== "3d6";
  const natural1 = d20 && input.natural === 1;
  const natural20 = d20 && input.natural === 20;
  const hit = natural1 ? false : natural20 || margin >= 0;
  return {
    hit,
    fumble: isFumble(input.natural, input),
    critical: hit && !input.spell && margin >= 1 && criticalRange(input.natural, input),
    margin,
    automatic: natural20 && margin < 0,
  };
}

/** Whether a roll is a critical fumble: a natural 1 on a d20 attack that is not a spell (3d6 rolls never fumble). */
export function isFumble(natural: number, options: Pick<HodAttackInput, "spell" | "die"> = {}): boolean {
  return options.die !== "3d6" && natural === 1 && !options.spell;
}

/**
 * The defense an attack meets by default: Primary, unless the target cannot react (surprised, unsteady,
 * immobile, or meeting a melee attack without a melee weapon), then Passive.
 */
export function defaultDefense(target: {
  readonly surprised?: boolean;
  readonly unsteady?: boolean;
  readonly immobile?: boolean;
  readonly unarmedInMelee?: boolean;
}): HodDefense {
  return target.surprised || target.unsteady || target.immobile || target.unarmedInMelee ? "passive" : "primary";
}
