import type { HodSource } from "./derive";
import { num } from "./derive";
import { chosenModifiers } from "./modifiers";
import { attackBonus, rangePenalty, type WeaponCategory } from "./weapons";

/** The circumstances of one attack, as the attack dialog gathers them. */
export interface HodSituation {
  /** Ids of ATTACK_MODIFIERS that apply (those read from the weapon are ignored here). */
  readonly modifiers?: readonly string[];
  /** Distance to the target in feet (0: not given, or adjacent). */
  readonly distance?: number;
  /** Anything else, signed. */
  readonly modifier?: number;
  /** A spell's charges put into its attack roll: +2 each (spells only). */
  readonly charges?: number;
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

/**
 * One line of an attack's modifiers: an ATTACK_MODIFIERS id, or `range`, `stance`, `special` or
 * `extra`, and its value.
 */
export interface HodModifier {
  readonly id: string;
  readonly value: number;
}

export interface HodAttackPlan {
  /** Accuracy + attribute (+ size) of the weapon's category. */
  readonly base: number;
  /** Every modifier that applies, non-zero ones only. */
  readonly modifiers: readonly HodModifier[];
  /** The whole bonus added to the die. */
  readonly bonus: number;
  /** A weapon with a range increment: the attack is a ranged one. */
  readonly ranged: boolean;
  /** Within the weapon's maximum range (always true for melee). */
  readonly inRange: boolean;
}

/**
 * The lines of ATTACK_MODIFIERS an attack takes: proficiency and lack of affinity from the weapon, the
 * chosen ones from the situation (unknown ids ignored, only the worst cover, flanking for melee only),
 * in the table's order. Their sum is `attackModifierTotal`'s.
 */
export function tableModifiers(
  weapon: Pick<HodAttackWeapon, "proficient" | "noAffinity">,
  chosen: Iterable<string>,
  options: { readonly melee: boolean },
): HodModifier[] {
  const ids = new Set([...chosen].filter((id) => id !== "proficient" && id !== "noAffinity"));
  if (weapon.proficient) ids.add("proficient");
  if (weapon.noAffinity) ids.add("noAffinity");
  return chosenModifiers(ids, options).map((m) => ({ id: m.id, value: m.value }));
}

/**
 * The attack bonus of one attack: the category's bonus, the text's table of modifiers (with the
 * weapon's proficiency or lack of affinity), the range penalty, then `extra` lines from the caller (a
 * stance's drawback, a special action's own modifier) and any other modifier. `base` replaces the
 * category's bonus for rolls that are not weapon attacks (a special action's attribute or skill).
 */
export function attackPlan(
  source: HodSource,
  weapon: HodAttackWeapon,
  situation: HodSituation = {},
  extra: readonly HodModifier[] = [],
  options: { readonly base?: number } = {},
): HodAttackPlan {
  const base = options.base ?? attackBonus(weapon.category, source, { charges: situation.charges });
  const ranged = num(weapon.range) > 0;
  const range = rangePenalty(num(situation.distance), num(weapon.range), {
    thrown: weapon.thrown,
    strength: num(source.strength),
  });
  const lines: HodModifier[] = [
    ...tableModifiers(weapon, situation.modifiers ?? [], { melee: !ranged }),
    { id: "range", value: range.penalty },
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
