import type { HodSource } from "./derive";
import { num } from "./derive";
import { attackBonus, rangePenalty, type WeaponCategory } from "./weapons";

/** The text's cover levels and what each takes off the attack roll. */
export const COVER = Object.freeze({ none: 0, partial: -2, half: -4, improved: -6, nineTenths: -8 });
export type HodCover = keyof typeof COVER;

/**
 * Where the attacker stands: in front, beside a flanked defender (+2, melee only), or behind it (+4:
 * the flanking bonus and the rear's own +2).
 */
export const POSITIONS = Object.freeze({ front: 0, flanked: 2, rear: 4 });
export type HodPosition = keyof typeof POSITIONS;

/** Fixed bonuses of the text's attack table and its simultaneous and two-weapon rules. */
export const ATTACK_BONUSES = Object.freeze({
  proficient: 1,
  noAffinity: -2,
  higherGround: 1,
  simultaneous: 1,
  twoWeapons: -6,
});

export function isCover(value: unknown): value is HodCover {
  return typeof value === "string" && Object.hasOwn(COVER, value);
}

export function isPosition(value: unknown): value is HodPosition {
  return typeof value === "string" && Object.hasOwn(POSITIONS, value);
}

/** The circumstances of one attack, as the attack dialog gathers them. */
export interface HodSituation {
  readonly higherGround?: boolean;
  readonly position?: HodPosition;
  readonly cover?: HodCover;
  /** Distance to the target in feet (0: not given, or adjacent). */
  readonly distance?: number;
  /** Attacker and target attack each other at the same TC. */
  readonly simultaneous?: boolean;
  /** Both weapons at once, against the same target. */
  readonly twoWeapons?: boolean;
  /** Anything else, signed. */
  readonly modifier?: number;
}

/** What of a weapon the attack roll reads. */
export interface HodAttackWeapon {
  readonly category: WeaponCategory;
  /** Range increment in feet; 0 is a melee weapon. */
  readonly range?: number;
  readonly thrown?: boolean;
  readonly proficient?: boolean;
  readonly noAffinity?: boolean;
}

/** One line of the attack's modifiers: an id (the chat labels name it) and its value. */
export interface HodModifier {
  readonly id: string;
  readonly value: number;
}

export interface HodAttackPlan {
  /** Accuracy + attribute (+ size) of the weapon's category. */
  readonly base: number;
  /** Every modifier that applies, non-zero ones only. */
  readonly modifiers: readonly HodModifier[];
  /** The whole bonus added to the d20. */
  readonly bonus: number;
  /** A weapon with a range increment: the attack is a ranged one. */
  readonly ranged: boolean;
  /** Within the weapon's maximum range (always true for melee). */
  readonly inRange: boolean;
}

/**
 * The attack bonus of one attack: the category's bonus, the weapon's proficiency or lack of affinity,
 * then the situation: higher ground, flanking (melee only) or the rear, cover, the range penalty,
 * attacking simultaneously, two weapons at once, and any other modifier. `extra` lines (a stance's
 * drawback, a special action's own modifier) come from the caller.
 */
export function attackPlan(
  source: HodSource,
  weapon: HodAttackWeapon,
  situation: HodSituation = {},
  extra: readonly HodModifier[] = [],
): HodAttackPlan {
  const base = attackBonus(weapon.category, source);
  const ranged = num(weapon.range) > 0;
  const position = isPosition(situation.position) ? situation.position : "front";
  const range = rangePenalty(num(situation.distance), num(weapon.range), {
    thrown: weapon.thrown,
    strength: num(source.strength),
  });
  const cover = isCover(situation.cover) ? situation.cover : "none";
  const lines: HodModifier[] = [
    { id: "proficient", value: weapon.proficient ? ATTACK_BONUSES.proficient : 0 },
    { id: "noAffinity", value: weapon.noAffinity ? ATTACK_BONUSES.noAffinity : 0 },
    { id: "higherGround", value: situation.higherGround ? ATTACK_BONUSES.higherGround : 0 },
    // Flanking helps melee attackers only; the rear's +4 helps every attack.
    { id: position, value: position === "flanked" && ranged ? 0 : POSITIONS[position] },
    { id: cover, value: COVER[cover] },
    { id: "range", value: range.penalty },
    { id: "simultaneous", value: situation.simultaneous ? ATTACK_BONUSES.simultaneous : 0 },
    { id: "twoWeapons", value: situation.twoWeapons ? ATTACK_BONUSES.twoWeapons : 0 },
    ...extra,
    { id: "extra", value: Math.trunc(num(situation.modifier)) },
  ];
  const modifiers = lines.filter((m) => m.value !== 0);
  return {
    base,
    modifiers,
    bonus: base + modifiers.reduce((sum, m) => sum + m.value, 0),
    ranged,
    inRange: range.inRange,
  };
}

/**
 * The exact chance that 1d20 + `bonus` hits `defense`: a natural 1 always misses and a natural 20
 * always hits; any other face hits when the total reaches the defense.
 */
export function d20HitChance(bonus: number, defense: number): number {
  let hits = 1;
  for (let face = 2; face <= 19; face += 1) if (face + bonus >= defense) hits += 1;
  return hits / 20;
}

/** How many of the 216 throws of 3d6 reach each sum (index = sum). */
const THREE_D6: readonly number[] = (() => {
  const ways = Array.from({ length: 19 }, () => 0);
  for (let a = 1; a <= 6; a += 1) for (let b = 1; b <= 6; b += 1) for (let c = 1; c <= 6; c += 1) ways[a + b + c]! += 1;
  return ways;
})();

/** The exact chance that 3d6 + `bonus` reaches `dc` (no automatic success or failure on 3d6). */
export function threeD6Chance(bonus: number, dc: number): number {
  let ways = 0;
  for (let sum = 3; sum <= 18; sum += 1) if (sum + bonus >= dc) ways += THREE_D6[sum]!;
  return ways / 216;
}
