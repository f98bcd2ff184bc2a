/**
 * Fading Suns characters: the characteristics (Body, Mind, and the Spirit pairs), the natural skills
 * every character has, and the Vitality track with its wound penalties. The text names the
 * characteristics and skills it rolls; the rest follows Fading Suns' character sheet
 * (docs/rules-decisions.md).
 */
import { isOneOf } from "../../common";

export const BODY = Object.freeze(["strength", "dexterity", "endurance"] as const);
export const MIND = Object.freeze(["wits", "perception", "tech"] as const);
/** The Spirit characteristics, as the three opposed pairs. */
export const SPIRIT_PAIRS = Object.freeze([
  ["extrovert", "introvert"],
  ["passion", "calm"],
  ["faith", "ego"],
] as const);
export const SPIRIT = Object.freeze(SPIRIT_PAIRS.flat());

export const CHARACTERISTICS = Object.freeze([...BODY, ...MIND, ...SPIRIT] as const);
export type Characteristic = (typeof CHARACTERISTICS)[number];

/** New characters: 3 in Body and Mind, 3 on the first side of each Spirit pair and 1 on the other. */
export const CHARACTERISTIC_DEFAULTS: Readonly<Record<Characteristic, number>> = Object.freeze({
  strength: 3,
  dexterity: 3,
  endurance: 3,
  wits: 3,
  perception: 3,
  tech: 3,
  extrovert: 3,
  introvert: 1,
  passion: 3,
  calm: 1,
  faith: 3,
  ego: 1,
});

/** Highest characteristic or skill rating a sheet stores (a goal past 20 changes nothing). */
export const MAX_RATING = 20;

export function isCharacteristic(value: unknown): value is Characteristic {
  return isOneOf(CHARACTERISTICS, value);
}

/** The natural skills every character has (3 to start), each with the characteristic it usually pairs with. */
export const NATURAL_SKILLS = Object.freeze([
  "charm",
  "dodge",
  "fight",
  "impress",
  "melee",
  "observe",
  "shoot",
  "sneak",
  "vigor",
] as const);
export type NaturalSkill = (typeof NATURAL_SKILLS)[number];

export const NATURAL_SKILL_CHARACTERISTIC: Readonly<Record<NaturalSkill, Characteristic>> = Object.freeze({
  charm: "extrovert",
  dodge: "dexterity",
  fight: "dexterity",
  impress: "extrovert",
  melee: "dexterity",
  observe: "perception",
  shoot: "dexterity",
  sneak: "dexterity",
  vigor: "strength",
});

export function isNaturalSkill(value: unknown): value is NaturalSkill {
  return isOneOf(NATURAL_SKILLS, value);
}

/** The skills a weapon is used with (the text's Strike: Dexterity + Fight or Melee; Shoot for firearms). */
export const WEAPON_SKILLS = Object.freeze(["fight", "melee", "shoot"] as const);
export type WeaponSkill = (typeof WEAPON_SKILLS)[number];

/** How a weapon is used: in hand (Strength adds to damage), shot, or thrown (Strength adds, range counts). */
export const WEAPON_KINDS = Object.freeze(["melee", "ranged", "thrown"] as const);
export type WeaponKind = (typeof WEAPON_KINDS)[number];

/** Vitality: Endurance + 5 levels. */
export function vitalityMax(endurance: number): number {
  return Math.max(0, Math.trunc(endurance)) + 5;
}

/**
 * The penalties of the last five Vitality levels, from the last (1 left) up: −10, −8, −6, −4, −2. Our
 * decision: the text prints no Vitality track (docs/rules-decisions.md).
 */
export const WOUND_PENALTIES = Object.freeze([-10, -8, -6, -4, -2] as const);

/**
 * The goal penalty of a character with `remaining` Vitality: none above the wounded levels, then −2 at 5
 * down to −10 at 1 (our track: the text prints none; `penalties` from the last level up, a GM's table);
 * at 0 or less still the last level's (the character is down, for whatever it may still roll).
 */
export function woundPenalty(remaining: number, penalties: readonly number[] = WOUND_PENALTIES): number {
  const left = Math.trunc(remaining);
  if (left > penalties.length) return 0;
  if (left < 1) return penalties[0] ?? 0;
  return penalties[left - 1]!;
}

/** The wound penalties as a GM writes them: from the first wounded level down to the last. */
export function formatWoundPenalties(penalties: readonly number[]): string {
  return [...penalties].reverse().join(", ");
}

/**
 * A GM's wound penalties ("-2, -4, -6, -8, -10": the first wounded level's first), from the last level
 * up; the text's own when unreadable (1 to 10 whole numbers from −20 to 0).
 */
export function parseWoundPenalties(raw: unknown): readonly number[] {
  if (typeof raw !== "string") return WOUND_PENALTIES;
  const values = raw
    .replace(/\u2212/g, "-")
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map(Number);
  const ok =
    values.length >= 1 && values.length <= 10 && values.every((v) => Number.isInteger(v) && v <= 0 && v >= -20);
  return ok ? Object.freeze(values.reverse()) : WOUND_PENALTIES;
}

/** The species of the movement chart, each with its movement rate in meters. */
export const SPECIES = Object.freeze(["human", "urObun", "urOkar", "vorox"] as const);
export type Species = (typeof SPECIES)[number];

const MOVEMENT: Readonly<Record<Species, number>> = Object.freeze({ human: 5, urObun: 6, urOkar: 6, vorox: 5 });

/** How many limbs a Vorox may move on: its two legs, two more, or all six. */
export const VOROX_LIMBS = Object.freeze([2, 4, 6] as const);

/**
 * The movement chart: Human 5, Ur-Obun and Ur-Okar 6; a Vorox 5, 6 on two extra limbs (four) and 7 on
 * all six. Anything else reads as human (5) and two limbs.
 */
export function movementRate(species: Species | string, limbs = 2): number {
  const rate = isOneOf(SPECIES, species) ? MOVEMENT[species] : MOVEMENT.human;
  if (species !== "vorox") return rate;
  return limbs >= 6 ? 7 : limbs >= 4 ? 6 : rate;
}

/** How far a run or a charge may go: "up to twice movement". */
export function chargeDistance(move: number): number {
  if (!Number.isInteger(move) || move < 0)
    throw new RangeError(`A movement rate is a whole number, not ${String(move)}`);
  return 2 * move;
}
