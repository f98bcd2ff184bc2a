import { num, type HodSource } from "./derive";
import { withoutCriticals } from "./effects";
import type { SpecialOutcome } from "./special-actions";
import { damageAttribute, damageFormula, stepDamageDice, unarmedDamage, type HodWeapon } from "./weapons";

/**
 * The damage a special action's outcomes deal, ready to roll:
 * - a weapon's damage (`weapon`), perhaps stepped up (`weaponStep`, the highest step reached) or
 *   as a critical (`critical`), multiplied by `factor` after the roll (half for a quick strike, double
 *   for a coup de grâce);
 * - or a flat amount from an attribute (or half of it), plus extra dice.
 */
export interface SpecialDamagePlan {
  /** The formula to roll (the flat parts and dice together). */
  readonly formula: string;
  /** Applied to the rolled total, rounded down (at least 1 on a hit). */
  readonly factor: number;
  /** The weapon dice count at their maximum. */
  readonly critical: boolean;
  /** Unarmed damage (and a weapon flagged so) only tires. */
  readonly nonlethal: boolean;
}

export interface SpecialDamageInput {
  readonly outcomes: readonly SpecialOutcome[];
  readonly source: HodSource;
  /** The weapon used, or null for an unarmed or attribute action. */
  readonly weapon: (Pick<HodWeapon, "category" | "damage" | "composite" | "nonlethal"> & { damage: string }) | null;
  /** Damage modifiers from the dialog. */
  readonly modifier?: number;
}

const unarmed = { category: "unarmed", damage: "", composite: false, nonlethal: true } as const;

/** The damage of the outcomes that happened, or null when none of them deals damage. */
export function specialDamage(input: SpecialDamageInput): SpecialDamagePlan | null {
  const parts = input.outcomes.flatMap((o) => (o.damage ? [o.damage] : []));
  if (parts.length === 0) return null;
  const { source } = input;
  const modifier = Math.trunc(num(input.modifier));
  const weapon = input.weapon ?? unarmed;
  const weaponDice = weapon.category === "unarmed" ? unarmedDamage(num(source.size)) : weapon.damage;
  const critical = parts.find((p) => p.kind === "critical");
  const scaled = parts.find((p) => p.kind === "weapon");
  const steps = Math.max(0, ...parts.map((p) => (p.kind === "weaponStep" ? p.steps : 0)));
  if (critical || scaled || steps > 0) {
    // A critical outcome replaces the plain hit's damage (a quick strike's half becomes half a critical).
    const formula = damageFormula({
      dice: steps > 0 ? stepDamageDice(weaponDice, steps) : weaponDice,
      attribute: damageAttribute(weapon as HodWeapon, source),
      power: num(source.power),
      modifier,
      critical: Boolean(critical),
    });
    const factor = critical?.kind === "critical" ? critical.factor : scaled?.kind === "weapon" ? scaled.factor : 1;
    return {
      formula,
      factor,
      critical: Boolean(critical),
      nonlethal: weapon.category === "unarmed" || weapon.nonlethal === true,
    };
  }
  let flat = modifier;
  const dice: string[] = [];
  for (const part of parts) {
    if (part.kind === "attribute") {
      const value = num(source[part.attribute]);
      flat += part.half ? Math.floor(value / 2) : value;
    } else if (part.kind === "dice") dice.push(part.dice);
  }
  const terms = [...dice];
  if (flat || terms.length === 0) terms.push(String(flat));
  const formula = terms.join(" + ").replace(/\+ -/g, "- ");
  return { formula, factor: 1, critical: false, nonlethal: false };
}

/**
 * The damage plan of the outcomes that happened on one target (null: they deal none), as the card rolls
 * it and the GM's apply checks it: a target immune to critical hits takes a critical outcome's damage
 * as a plain hit's.
 */
export function specialDamageOn(
  input: SpecialDamageInput & { readonly immuneToCriticals?: boolean },
): SpecialDamagePlan | null {
  const { immuneToCriticals, ...rest } = input;
  return specialDamage(immuneToCriticals === true ? { ...rest, outcomes: withoutCriticals(rest.outcomes) } : rest);
}
