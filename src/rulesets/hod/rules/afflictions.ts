import { isOneOf } from "../../common";

/** A finite number, or 0 (this module stands below derive.ts, which applies it). */
function num(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) ? value : 0;
}

/**
 * What wears a character down besides HP and fatigue (the text's Impairments, Attribute Damage,
 * Paralysis, Petrification and Poison), how each changes the numbers, and how rest and healing
 * magic take it back. Pure: the actor's data model and the GM's apply call these.
 */

/** The damage types that cause an impairment. */
export const IMPAIRMENT_TYPES = Object.freeze(["bludgeoning", "piercing", "slashing"] as const);
export type ImpairmentType = (typeof IMPAIRMENT_TYPES)[number];

/** Impairments taken, by type. */
export type Impairments = Readonly<Record<ImpairmentType, number>>;

/** What impairments take off (negative) or add to the numbers they touch. */
export interface ImpairmentEffects {
  readonly fortitude: number;
  readonly accuracy: number;
  readonly willpower: number;
  readonly power: number;
  readonly agility: number;
  /** Added to every weapon's speed factor. */
  readonly weaponSf: number;
}

/** The text's table: what one impairment of each type does. */
export const IMPAIRMENT_TABLE: Readonly<Record<ImpairmentType, Partial<ImpairmentEffects>>> = Object.freeze({
  bludgeoning: { fortitude: -1, accuracy: -1 },
  piercing: { willpower: -1, power: -1 },
  slashing: { agility: -1, weaponSf: 1 },
});

function count(value: unknown): number {
  return Math.max(0, Math.trunc(num(value)));
}

/** Impairments as stored, read: a whole count of each type, none below 0. */
export function impairmentsOf(raw: Partial<Record<ImpairmentType, unknown>> | null | undefined): Impairments {
  return {
    bludgeoning: count(raw?.bludgeoning),
    piercing: count(raw?.piercing),
    slashing: count(raw?.slashing),
  };
}

export function isImpairmentType(value: unknown): value is ImpairmentType {
  return isOneOf(IMPAIRMENT_TYPES, value);
}

/**
 * The impairment a hit causes (optional rule): one of its damage type when its damage exceeds the
 * Threshold of Pain it met; none for other damage types or a hit that does not exceed it.
 */
export function impairmentFor(damageType: string, damage: number, thresholdOfPain: number): ImpairmentType | null {
  return isImpairmentType(damageType) && num(damage) > num(thresholdOfPain) ? damageType : null;
}

/** What the impairments taken do together. */
export function impairmentEffects(impairments: Partial<Impairments>): ImpairmentEffects {
  const taken = impairmentsOf(impairments);
  const out = { fortitude: 0, accuracy: 0, willpower: 0, power: 0, agility: 0, weaponSf: 0 };
  for (const type of IMPAIRMENT_TYPES) {
    for (const [key, value] of Object.entries(IMPAIRMENT_TABLE[type]) as Array<[keyof ImpairmentEffects, number]>) {
      out[key] += value * taken[type];
    }
  }
  return out;
}

/** The check to stay conscious (and to wake) takes −2 for each impairment taken. */
export function impairmentCheckPenalty(impairments: Partial<Impairments>): number {
  const taken = impairmentsOf(impairments);
  return -2 * (taken.bludgeoning + taken.piercing + taken.slashing);
}

/**
 * A night's rest takes one point from the single worst impairment; a day of bed rest, one point from
 * each of the two worst. Ties are broken by `tieBreak` (a number in [0, 1), a die the caller rolls):
 * the tied types in the table's order, the one at floor(tieBreak × number tied) recovers.
 */
export function recoverImpairments(
  impairments: Partial<Impairments>,
  options: { readonly bedRest?: boolean; readonly tieBreak?: number } = {},
): Impairments {
  const left: Record<ImpairmentType, number> = { ...impairmentsOf(impairments) };
  const times = options.bedRest ? 2 : 1;
  const recovered = new Set<ImpairmentType>();
  for (let i = 0; i < times; i++) {
    const open = IMPAIRMENT_TYPES.filter((t) => !recovered.has(t) && left[t] > 0);
    if (!open.length) break;
    const worst = Math.max(...open.map((t) => left[t]));
    const tied = open.filter((t) => left[t] === worst);
    const at = Math.min(tied.length - 1, Math.max(0, Math.floor(num(options.tieBreak) * tied.length)));
    const type = tied[at]!;
    left[type] -= 1;
    recovered.add(type);
  }
  return left;
}

/** The six attributes attribute damage can lower. */
export const DAMAGEABLE_ATTRIBUTES = Object.freeze([
  "strength",
  "dexterity",
  "constitution",
  "intelligence",
  "wisdom",
  "persona",
] as const);
export type DamageableAttribute = (typeof DAMAGEABLE_ATTRIBUTES)[number];
export type AttributeDamage = Readonly<Record<DamageableAttribute, number>>;

export function attributeDamageOf(
  raw: Partial<Record<DamageableAttribute, unknown>> | null | undefined,
): AttributeDamage {
  return Object.fromEntries(DAMAGEABLE_ATTRIBUTES.map((a) => [a, count(raw?.[a])])) as AttributeDamage;
}

/** A day's recovery: one point back to each damaged attribute. */
export function recoverAttributeDamage(damage: Partial<AttributeDamage>): AttributeDamage {
  const now = attributeDamageOf(damage);
  return Object.fromEntries(DAMAGEABLE_ATTRIBUTES.map((a) => [a, Math.max(0, now[a] - 1)])) as AttributeDamage;
}

/**
 * A day's recovery of attribute damage: a night's sleep brings back a point of each attribute's
 * ordinary damage; a day of bed rest a point of each damaged attribute, its poison damage first.
 */
export function recoverAttributes(
  damage: Partial<AttributeDamage>,
  poisoned: Partial<AttributeDamage>,
  bedRest: boolean,
): { readonly attributeDamage: AttributeDamage; readonly poisoned: AttributeDamage } {
  const total = attributeDamageOf(damage);
  const poison = attributeDamageOf(poisoned);
  const left: Record<string, number> = {};
  const leftPoison: Record<string, number> = {};
  for (const a of DAMAGEABLE_ATTRIBUTES) {
    const p = Math.min(poison[a], total[a]);
    const ordinary = total[a] - p;
    const fromPoison = bedRest && p > 0 ? 1 : 0;
    const fromOrdinary = !fromPoison && ordinary > 0 ? 1 : 0;
    left[a] = total[a] - fromPoison - fromOrdinary;
    leftPoison[a] = p - fromPoison;
  }
  return { attributeDamage: left as AttributeDamage, poisoned: leftPoison as AttributeDamage };
}

/** What paralysis damage does at a total, against the victim's Vigor. */
export interface ParalysisEffects {
  /** Multiples of half the Vigor reached (0: no effect). */
  readonly level: number;
  /** Every action slower by this many speed classes. */
  readonly speedSteps: number;
  /** Added to attack rolls, damage rolls and Celerity (negative). */
  readonly hit: number;
  readonly damage: number;
  readonly celerity: number;
  /** At three times the Vigor: unable to move or act (Celerity 5). */
  readonly immobile: boolean;
}

/**
 * Paralysis: at half the Vigor the penalties begin (one speed class slower, −1 to hit, damage and
 * Celerity), one more for each further half of the Vigor; at three times the Vigor the victim is
 * immobile. (Celerity's floor of 5 is applied with the Celerity.)
 */
export function paralysisEffects(paralysis: number, vigor: number): ParalysisEffects {
  const taken = count(paralysis);
  const half = Math.max(1, num(vigor)) / 2;
  const level = taken > 0 ? Math.floor(taken / half) : 0;
  const immobile = level >= 6;
  const penalty = Math.min(level, 5);
  return { level, speedSteps: penalty, hit: -penalty, damage: -penalty, celerity: -penalty, immobile };
}

/** What petrification damage does. */
export interface PetrificationEffects {
  readonly hit: number;
  /** Added to every speed factor. */
  readonly sf: number;
  readonly celerity: number;
  readonly vigor: number;
  /** Quarters of the speed lost (every 2 points), 4 at most: speed × (4 − quarters) / 4. */
  readonly speedQuarters: number;
  /** 10 points: fully petrified (only magic restores the creature). */
  readonly full: boolean;
}

/** The points of petrification that petrify fully. */
export const FULL_PETRIFICATION = 10;

/** Each point: −1 to hit, +1 SF, −1 Celerity, +1 Vigor; every 2 points a quarter of the speed; 10: petrified. */
export function petrificationEffects(petrification: number): PetrificationEffects {
  const taken = count(petrification);
  return {
    hit: -taken,
    sf: taken,
    celerity: -taken,
    vigor: taken,
    speedQuarters: Math.min(4, Math.floor(taken / 2)),
    full: taken >= FULL_PETRIFICATION,
  };
}

/** Petrification heals naturally 1 point every 8 hours (3 a day), but never once the creature is fully petrified. */
export function recoverPetrification(petrification: number, hours: number): number {
  const taken = count(petrification);
  if (taken >= FULL_PETRIFICATION) return taken;
  return Math.max(0, taken - Math.floor(Math.max(0, num(hours)) / 8));
}

/** Celerity never drops below 5 from these penalties (and is 5 for one who is immobile). */
export const CELERITY_FLOOR = 5;

/** Healing magic's points, split as the caster chooses between Invigoration and lowering fatigue. */
export interface HodHealing {
  /** Points given as Invigoration (temporary HP, lost after a night's rest). */
  readonly invigoration?: number;
  /** Points that lower fatigue. */
  readonly fatigue?: number;
}

/**
 * Healing magic: Invigoration never takes current HP (HP + Invigoration) past the maximum, and fatigue
 * never drops below 0; poison's part (`poisoned`) is out of its reach; what cannot be used is lost. Returns the new numbers and what was used.
 */
export function healMagic(
  state: { readonly hp: number; readonly fatigue: number; readonly invigoration: number },
  maxHp: number,
  healing: HodHealing,
  poisoned: { readonly hp?: number; readonly fatigue?: number } = {},
): {
  readonly invigoration: number;
  readonly fatigue: number;
  readonly used: { invigoration: number; fatigue: number };
} {
  const room = Math.max(0, num(maxHp) - count(poisoned.hp) - (num(state.hp) + num(state.invigoration)));
  const invigoration = Math.min(count(healing.invigoration), room);
  const fatigue = Math.min(count(healing.fatigue), Math.max(0, num(state.fatigue) - count(poisoned.fatigue)));
  return {
    invigoration: num(state.invigoration) + invigoration,
    fatigue: num(state.fatigue) - fatigue,
    used: { invigoration, fatigue },
  };
}

/** What afflictions add to an action's speed on the Time Count. */
export interface AfflictionSpeed {
  /** Speed classes slower (paralysis). */
  readonly steps: number;
  /** Added to every speed factor (petrification). */
  readonly modifier: number;
  /** Added to a weapon's speed factor (slashing impairments). */
  readonly weaponModifier: number;
}

/**
 * An action's speed with afflictions: paralysis slows every action a class per level, petrification
 * adds a point of SF per point, and each slashing impairment a point to a weapon's SF. `vigor` is
 * the Vigor paralysis is measured against.
 */
export function afflictionSpeed(
  afflictions: {
    readonly impairments?: Partial<Impairments>;
    readonly paralysis?: number;
    readonly petrification?: number;
  },
  vigor: number,
): AfflictionSpeed {
  return {
    steps: paralysisEffects(num(afflictions.paralysis), vigor).speedSteps,
    modifier: petrificationEffects(num(afflictions.petrification)).sf,
    weaponModifier: impairmentEffects(afflictions.impairments ?? {}).weaponSf,
  };
}

/** A Time Count choice slowed by afflictions (the weapon's share only when a weapon's speed is used). */
export function slowedChoice<C extends { action: string; steps?: number; modifier?: number; weaponClass?: string }>(
  choice: C,
  speed: AfflictionSpeed,
): C {
  const weapon = typeof choice.weaponClass === "string" ? speed.weaponModifier : 0;
  if (!speed.steps && !speed.modifier && !weapon) return choice;
  return {
    ...choice,
    steps: num(choice.steps) + speed.steps,
    modifier: num(choice.modifier) + speed.modifier + weapon,
  };
}

/** What rest works on: Invigoration and the afflictions. */
export interface HodRestState {
  readonly invigoration: number;
  readonly impairments?: Partial<Impairments>;
  readonly attributeDamage?: Partial<AttributeDamage>;
  readonly petrification?: number;
  /** The poison part of each attribute's damage (it recovers only with bed rest). */
  readonly poisonedAttributes?: Partial<AttributeDamage>;
}

/** The state after resting, and what came back. */
export interface HodRestResult {
  readonly invigoration: number;
  readonly impairments: Impairments;
  readonly attributeDamage: AttributeDamage;
  readonly petrification: number;
  readonly poisonedAttributes: AttributeDamage;
  readonly recovered: {
    /** Invigoration lost with the night's sleep. */
    readonly invigoration: number;
    readonly impairments: readonly ImpairmentType[];
    readonly attributes: readonly DamageableAttribute[];
    readonly petrification: number;
  };
}

/**
 * A night's sleep, or a day of bed rest (which includes one): remaining Invigoration is lost; the
 * worst impairment recovers a point (the two worst after bed rest; `tieBreak` picks among ties); each
 * damaged attribute a point (poison's only with bed rest, `recoverAttributes`); petrification a point every 8 hours (8 for a night, 24 for a day).
 */
export function rest(
  state: HodRestState,
  options: { readonly bedRest?: boolean; readonly tieBreak?: number } = {},
): HodRestResult {
  const impairmentsBefore = impairmentsOf(state.impairments);
  const impairments = recoverImpairments(impairmentsBefore, options);
  const attributesBefore = attributeDamageOf(state.attributeDamage);
  const attributes = recoverAttributes(attributesBefore, state.poisonedAttributes ?? {}, options.bedRest === true);
  const attributeDamage = attributes.attributeDamage;
  const petrificationBefore = count(state.petrification);
  const petrification = recoverPetrification(petrificationBefore, options.bedRest ? 24 : 8);
  return {
    invigoration: 0,
    impairments,
    attributeDamage,
    petrification,
    poisonedAttributes: attributes.poisoned,
    recovered: {
      invigoration: count(state.invigoration),
      impairments: IMPAIRMENT_TYPES.filter((t) => impairments[t] < impairmentsBefore[t]),
      attributes: DAMAGEABLE_ATTRIBUTES.filter((a) => attributeDamage[a] < attributesBefore[a]),
      petrification: petrificationBefore - petrification,
    },
  };
}
