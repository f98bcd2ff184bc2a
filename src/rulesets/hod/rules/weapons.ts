import { NotationError, parse, type SumPlan } from "../../../dice";
import { num, type HodSource } from "./derive";

/** Which attribute a weapon category adds to its attack and damage. */
export type HodAttributeRule = "strength" | "dexterity" | "best" | "intelligence";

/**
 * The text's weapon categories and the attribute each adds. Unarmed strikes take the better of
 * Strength and Dexterity; natural weapons (claws, bites, horns) take Strength, as the text's "Gauntlets
 * and Claws" do; spells add Intelligence (and no size modifier).
 */
export const WEAPON_CATEGORIES = Object.freeze({
  axes: "strength",
  gauntlets: "strength",
  hammers: "strength",
  heavySwords: "strength",
  javelins: "strength",
  lightSwords: "strength",
  maces: "strength",
  polearms: "strength",
  tools: "strength",
  disks: "dexterity",
  bows: "dexterity",
  chains: "dexterity",
  crossbows: "dexterity",
  daggers: "dexterity",
  staffs: "dexterity",
  unarmed: "best",
  natural: "strength",
  spell: "intelligence",
} as const satisfies Record<string, HodAttributeRule>);
export type WeaponCategory = keyof typeof WEAPON_CATEGORIES;

export function isWeaponCategory(value: unknown): value is WeaponCategory {
  return typeof value === "string" && Object.hasOwn(WEAPON_CATEGORIES, value);
}

/** A weapon as the rules read it. */
export interface HodWeapon {
  readonly category: WeaponCategory;
  /** Damage dice as written (`1d8`, `2d6+1`). */
  readonly damage: string;
  readonly precise?: boolean;
  /** A composite bow adds a Strength bonus to damage, not only a penalty. */
  readonly composite?: boolean;
  readonly nonlethal?: boolean;
}

/**
 * Whether a weapon counts as a melee weapon in hand (against Passive when there is none): one used in
 * melee (no range increment, or a thrown one), not a fist or a spell.
 */
export function isMeleeWeapon(weapon: {
  readonly category?: unknown;
  readonly range?: unknown;
  readonly thrown?: unknown;
}): boolean {
  if (weapon.category === "unarmed" || weapon.category === "spell") return false;
  return !(Number(weapon.range) > 0) || weapon.thrown === true;
}

/** The attribute a category adds to the attack roll. */
export function attackAttribute(category: WeaponCategory, source: HodSource): number {
  const rule: HodAttributeRule = WEAPON_CATEGORIES[category];
  const str = num(source.strength);
  const dex = num(source.dexterity);
  if (rule === "strength") return str;
  if (rule === "dexterity") return dex;
  if (rule === "intelligence") return num(source.intelligence);
  return Math.max(str, dex);
}

/**
 * The attribute a weapon adds to damage: its category's, except that bows also take a Strength penalty
 * (and a composite bow a Strength bonus too).
 */
export function damageAttribute(weapon: Pick<HodWeapon, "category" | "composite">, source: HodSource): number {
  const base = attackAttribute(weapon.category, source);
  if (weapon.category !== "bows") return base;
  const str = num(source.strength);
  return base + (weapon.composite ? str : Math.min(0, str));
}

/** What an attack roll's bonus may add beyond the attacker's numbers. */
export interface HodAttackBonusOptions {
  /** A spell's charges applied to this attack roll: +2 each (spells only). */
  readonly charges?: number;
}

/**
 * Accuracy + the category's attribute, + size for anything but a spell; a spell adds 2 for each charge
 * applied to the attack roll (whole charges, none below 0).
 */
export function attackBonus(category: WeaponCategory, source: HodSource, options: HodAttackBonusOptions = {}): number {
  if (category === "spell") {
    const charges = Math.max(0, Math.trunc(num(options.charges)));
    return num(source.accuracy) + attackAttribute(category, source) + 2 * charges;
  }
  return num(source.accuracy) + attackAttribute(category, source) + num(source.size);
}

/** A weapon whose damage dice cannot be read. */
export class HodWeaponError extends Error {
  constructor(
    readonly key: string,
    readonly data: Readonly<Record<string, string>>,
  ) {
    super(`${key} ${JSON.stringify(data)}`);
    this.name = "HodWeaponError";
  }
}

/** The damage dice as a plain sum (`2d6+1`), or a HodWeaponError naming the weapon's dice. */
export function damagePlan(dice: string): SumPlan {
  let plan;
  try {
    plan = parse(dice);
  } catch (error) {
    if (error instanceof NotationError) throw new HodWeaponError("ANTHOLOGY.HoD.Errors.damageDice", { dice });
    throw error;
  }
  if (plan.kind !== "sum") throw new HodWeaponError("ANTHOLOGY.HoD.Errors.damageDice", { dice });
  return plan;
}

/** The highest the damage dice can roll (a critical hit's weapon damage). */
export function maxDamage(dice: string): number {
  const plan = damagePlan(dice);
  return plan.groups.reduce((sum, g) => sum + g.sign * (g.sign > 0 ? g.count * g.sides : g.count), plan.modifier);
}

/** Unarmed damage by size: 1d3, 1d2 for Small and smaller, 1d4 for Large and larger. */
export function unarmedDamage(size: number): string {
  if (size > 0) return "1d2";
  if (size < 0) return "1d4";
  return "1d3";
}

/** The dice a weapon's hit rolls: an unarmed strike's by the striker's size, any other weapon's own. */
export function weaponDice(weapon: Pick<HodWeapon, "category" | "damage">, size: number): string {
  return weapon.category === "unarmed" ? unarmedDamage(num(size)) : weapon.damage.trim();
}

/**
 * A weapon as its wielder holds it, for the best attack bonus: its category, whether it is worn
 * (equipped), and its proficiency or lack of affinity.
 */
export interface HodHeldWeapon {
  readonly category?: unknown;
  readonly equipped?: unknown;
  readonly proficient?: unknown;
  readonly noAffinity?: unknown;
}

/**
 * The best attack bonus among the equipped weapons (what Parrying adds half of), each with its
 * proficiency (+1) or lack of affinity (−2); spells do not parry. With none, the unarmed bonus.
 */
export function bestAttackBonus(weapons: Iterable<HodHeldWeapon>, source: HodSource): number {
  const bonuses: number[] = [];
  for (const w of weapons) {
    if (w.equipped === false || !isWeaponCategory(w.category) || w.category === "spell") continue;
    bonuses.push(attackBonus(w.category, source) + (w.proficient === true ? 1 : 0) - (w.noAffinity === true ? 2 : 0));
  }
  return bonuses.length ? Math.max(...bonuses) : attackBonus("unarmed", source);
}

/**
 * What a critical fumble leaves of a weapon's Durability: one point less (never below 0), or null
 * for a weapon that has none to lose (a maximum of 0, such as a fist).
 */
export function durabilityAfterFumble(durability: { readonly value?: unknown; readonly max?: unknown }): number | null {
  if (!(num(durability.max) > 0)) return null;
  return Math.max(0, num(durability.value) - 1);
}

/** Damage dice one step at a time, for "improved by one die step". Beyond 1d12 each step adds a d8 pair. */
export const DIE_STEPS = Object.freeze(["1d2", "1d3", "1d4", "1d6", "1d8", "1d10", "1d12", "2d8", "3d8", "4d8"]);

/** `dice` improved by `steps` die steps; dice off the ladder gain +1d6 a step. */
export function stepDamageDice(dice: string, steps: number): string {
  const at = DIE_STEPS.indexOf(dice.replace(/\s+/g, "").toLowerCase());
  if (steps <= 0) return dice;
  if (at >= 0) {
    const to = at + steps;
    if (to < DIE_STEPS.length) return DIE_STEPS[to]!;
    return `${4 + to - (DIE_STEPS.length - 1)}d8`;
  }
  return `${dice} + ${steps}d6`;
}

export interface HodDamageParts {
  /** The weapon's dice, rolled (or their maximum on a critical). */
  readonly dice: string;
  readonly attribute: number;
  readonly power: number;
  /** Skills and situational damage modifiers. */
  readonly modifier?: number;
  /** Extra damage dice (magic weapons and the like): rolled even on a critical. */
  readonly extraDice?: string;
  readonly critical?: boolean;
  /**
   * Multiplied damage (a backstab's ×2, say): the weapon's dice and modifiers rolled this many times
   * and totalled, the extra dice once. 1 (or absent) is a plain hit.
   */
  readonly times?: number;
}

/** The largest damage multiplier the attack dialog offers (×2 to ×5). */
export const MAX_DAMAGE_MULTIPLIER = 5;

/** A damage multiplier as a whole number from 1 to MAX_DAMAGE_MULTIPLIER (anything else: 1). */
export function damageMultiplier(value: unknown): number {
  const n = typeof value === "number" && Number.isFinite(value) ? Math.trunc(value) : 1;
  return n >= 1 && n <= MAX_DAMAGE_MULTIPLIER ? n : 1;
}

/**
 * The damage formula: weapon dice + attribute + Power + modifiers (+ extra dice). A critical hit counts
 * the weapon dice at their maximum and the attribute at least +1; extra dice are still rolled. The
 * rolled total is at least 1 on a hit (`hitDamage`).
 */
export function damageFormula(parts: HodDamageParts): string {
  const flat = (parts.critical ? Math.max(1, parts.attribute) : parts.attribute) + parts.power + (parts.modifier ?? 0);
  // Read the dice on every hit, not only a critical one, so a typing slip is named before any roll.
  damagePlan(parts.dice);
  const dice = parts.critical ? String(maxDamage(parts.dice)) : parts.dice;
  const flatText = flat ? ` ${flat < 0 ? "-" : "+"} ${Math.abs(flat)}` : "";
  const times = damageMultiplier(parts.times ?? 1);
  if (times > 1) {
    // "Roll the damage with all modifiers multiple times and total the results"; extra dice once.
    const once = `${dice}${flatText}`;
    const terms = Array.from({ length: times }, () => once);
    if (parts.extraDice?.trim()) terms.push(parts.extraDice.trim());
    return terms.join(" + ");
  }
  const terms = [dice];
  if (parts.extraDice?.trim()) terms.push(parts.extraDice.trim());
  return terms.join(" + ") + flatText;
}

/** Whether extra damage typed in a dialog is dice to add (`1d6`, `2d4+1`): a plain sum the engine reads. */
export function isDiceSum(dice: string): boolean {
  try {
    return parse(dice).kind === "sum";
  } catch (error) {
    if (error instanceof NotationError) return false;
    throw error;
  }
}

/**
 * The damage formula of a weapon's hit (damageFormula over the weapon's dice, its attribute and the
 * wielder's Power), or null for a weapon without damage dice (a spell that deals none). Dice that
 * cannot be read, and extra damage that is not dice, are a HodWeaponError naming them.
 */
export function weaponDamageFormula(input: {
  readonly weapon: Pick<HodWeapon, "category" | "damage" | "composite">;
  readonly source: HodSource;
  readonly modifier?: number;
  readonly extraDice?: string;
  readonly critical: boolean;
  /** Multiplied damage (`damageMultiplier`): a spell's damage is never multiplied. */
  readonly times?: number;
}): string | null {
  const extraDice = input.extraDice?.trim() ?? "";
  if (extraDice && !isDiceSum(extraDice)) {
    throw new HodWeaponError("ANTHOLOGY.HoD.Errors.extraDice", { dice: extraDice });
  }
  const dice = weaponDice(input.weapon, num(input.source.size));
  if (!dice) return null;
  return damageFormula({
    dice,
    attribute: damageAttribute(input.weapon, input.source),
    power: num(input.source.power),
    modifier: Math.trunc(num(input.modifier)),
    extraDice,
    critical: input.critical,
    times: input.weapon.category === "spell" ? 1 : input.times,
  });
}

/** Any hit deals at least 1 damage, whatever the penalties. */
export function hitDamage(total: number): number {
  return Math.max(1, Math.floor(total));
}

/**
 * What a row's damage deals, as the card shows it and the GM's apply deals it: the main roll times the
 * factor (a quick strike's or a spell's miss's half, a coup de grâce's double), rounded down, plus the
 * extra dice rolled apart (never scaled), at least 1 (`hitDamage`).
 */
export function dealtDamage(main: number, extra: number, factor: number): number {
  return hitDamage(scaledMain(main, factor) + extra);
}

/** The main roll's part of what a row deals: times the factor, rounded down (the extra dice come after). */
export function scaledMain(main: number, factor: number): number {
  return Math.floor(main * factor);
}

/** Range penalty: −1 per full range increment exceeded; out of range beyond 10 increments (+ Strength for thrown). */
export function rangePenalty(
  distance: number,
  increment: number,
  options: { readonly thrown?: boolean; readonly strength?: number } = {},
): { readonly penalty: number; readonly inRange: boolean } {
  if (!(increment > 0) || !(distance > 0)) return { penalty: 0, inRange: true };
  const increments = Math.ceil(distance / increment);
  const maxIncrements = 10 + (options.thrown ? num(options.strength) : 0);
  return { penalty: increments > 1 ? 1 - increments : 0, inRange: increments <= maxIncrements };
}

/** The damage types the optional impairment rules tell apart; a weapon of any other kind stores "". */
export const DAMAGE_TYPES = ["bludgeoning", "piercing", "slashing"] as const;
export type HodDamageType = (typeof DAMAGE_TYPES)[number];
