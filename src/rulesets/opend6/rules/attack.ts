/**
 * An OpenD6 attack's numbers: the combat difficulty a target sets (its defense plus range, cover and
 * posture, never below 3), aiming dice, and the damage and resistance totals of a hit. The range,
 * cover and posture values are OpenD6's standard modifiers (the text refers to charts it does not
 * print; docs/rules-decisions.md names the source) and stay data a GM could change.
 */
import { addCodes, normalize } from "./codes";
import { damageBonus, scale, type ScaleModifiers } from "./combat";
import { situationModifier, type Situation } from "./situation";

export const RANGES = Object.freeze(["pointBlank", "short", "medium", "long"] as const);
export type RangeBand = (typeof RANGES)[number];

/** Added to the combat difficulty at each range. */
export const RANGE_MODIFIER: Readonly<Record<RangeBand, number>> = Object.freeze({
  pointBlank: -5,
  short: 0,
  medium: 5,
  long: 10,
});

export const COVERS = Object.freeze(["none", "quarter", "half", "threeQuarters"] as const);
export type Cover = (typeof COVERS)[number];

/** A quarter of the target hidden: +1D (3); half: +2D (6); three quarters: +4D (12). */
export const COVER_MODIFIER: Readonly<Record<Cover, number>> = Object.freeze({
  none: 0,
  quarter: 3,
  half: 6,
  threeQuarters: 12,
});

export const POSTURES = Object.freeze(["standing", "crouching", "crouchingMoving", "prone"] as const);
export type Posture = (typeof POSTURES)[number];

/** The text's numbers: crouching +1D (3), crouching and moving +2D (6), prone −2D close and +2D far. */
export function postureModifier(posture: Posture, range: RangeBand): number {
  switch (posture) {
    case "standing":
      return 0;
    case "crouching":
      return 3;
    case "crouchingMoving":
      return 6;
    case "prone":
      return range === "pointBlank" || range === "short" ? -6 : 6;
  }
}

/** However many modifiers pile up, the combat difficulty never goes below 3. */
export const MIN_COMBAT_DIFFICULTY = 3;

/** Aiming adds 1D a round, at most 3D. */
export const MAX_AIM_DICE = 3;

export interface CombatChoices extends Situation {
  readonly range: RangeBand;
  readonly cover: Cover;
  readonly posture: Posture;
}

/** The range and cover tables a combat difficulty reads: the constants above, or the world's (rules/tables.ts). */
export interface CombatTables {
  readonly range: Readonly<Record<RangeBand, number>>;
  readonly cover: Readonly<Record<Cover, number>>;
}

export interface CombatDifficulty {
  readonly defense: number;
  /** Called shot, hit location and special actions. */
  readonly options: number;
  readonly range: number;
  readonly cover: number;
  readonly posture: number;
  readonly scale: number;
  /** Lighting, smoke or fog, an unwieldy weapon and a typed modifier (rules/situation.ts). */
  readonly situation: number;
  readonly value: number;
}

/**
 * The combat difficulty against one target: its defense value plus the modifiers, at least 3. The
 * range and cover tables are the world's (settings) when passed in.
 */
export function combatDifficulty(
  defense: number,
  choices: CombatChoices,
  scaleDifficulty = 0,
  options = 0,
  tables: CombatTables = { range: RANGE_MODIFIER, cover: COVER_MODIFIER },
): CombatDifficulty {
  const range = tables.range[choices.range] ?? 0;
  const cover = tables.cover[choices.cover] ?? 0;
  const posture = postureModifier(choices.posture, choices.range);
  const situation = situationModifier(choices);
  const value = Math.max(
    MIN_COMBAT_DIFFICULTY,
    defense + range + cover + posture + scaleDifficulty + options + situation,
  );
  return { defense, options, range, cover, posture, scale: scaleDifficulty, situation, value };
}

/** The weapon's damage code in the wielder's hands: a "+" code adds to Strength Damage. */
export function damageCode(strengthDamage: string, weapon: string): string {
  if (typeof weapon === "string" && weapon.trim().startsWith("+")) return addCodes(strengthDamage, weapon);
  return normalize(weapon);
}

/**
 * The blow every character can strike without a weapon: brawling, close combat only, and a damage
 * code of nothing added to Strength Damage (a "+" code), so a hit rolls Strength Damage alone.
 */
export const UNARMED_ATTACK = Object.freeze({ damage: "+0D", skill: "brawling", ranged: false } as const);

/** Unarmed close combat reaches Point Blank only (the text, unless a special maneuver allows otherwise). */
export function unarmedReaches(range: RangeBand): boolean {
  return range === "pointBlank";
}

/** What an unarmed hit rolls: the striker's Strength Damage. */
export function unarmedDamage(strengthDamage: string): string {
  return damageCode(strengthDamage, UNARMED_ATTACK.damage);
}

/** What a hit's totals come to before the damage is compared. */
export interface HitTotals {
  readonly damage: number;
  readonly resistance: number;
  readonly bonus: number;
  readonly scale: ScaleModifiers;
}

/**
 * The damage and resistance totals of a hit: the rolls, the optional damage bonus (attack total over
 * the difficulty, a fifth, rounded up) and scale.
 */
export function hitTotals(input: {
  readonly attackTotal: number;
  readonly difficulty: number;
  readonly damageRoll: number;
  readonly resistanceRoll: number;
  readonly useDamageBonus: boolean;
  readonly attackerScale: number;
  readonly defenderScale: number;
  /** Added to the damage total by the combat options (a hit location, an acrobatic trick). */
  readonly damageModifier?: number;
}): HitTotals {
  const s = scale(input.attackerScale, input.defenderScale);
  const bonus = input.useDamageBonus ? damageBonus(input.attackTotal, input.difficulty) : 0;
  return {
    damage: input.damageRoll + bonus + s.damage + (input.damageModifier ?? 0),
    resistance: input.resistanceRoll + s.resistance,
    bonus,
    scale: s,
  };
}
