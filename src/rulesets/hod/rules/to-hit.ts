import { judgeAttack, type HodAttackResult } from "./attack";
import { bonusesOf, num, type HodSource } from "./derive";
import { attackOdds, type HodAttackOdds } from "./odds";
import {
  attackPlan,
  type HodAttackPlan,
  type HodAttackWeapon,
  type HodModifier,
  type HodSituation,
} from "./situational";
import type { SpecialAction } from "./special-actions";
import { stanceAttackLine, type StanceState } from "./stances";

/** The die an attack rolls: the d20, or 3d6 for skill and discipline rolls. */
export type HodDie = "d20" | "3d6";

/** `1d20 + 5`, `3d6 - 1`, `1d20`. */
export function withBonus(dice: string, bonus: number): string {
  return bonus ? `${dice} ${bonus < 0 ? "-" : "+"} ${Math.abs(bonus)}` : dice;
}

/** A weapon as a roll to hit reads it. */
export interface HodToHitWeapon extends HodAttackWeapon {
  readonly precise?: boolean;
}

/**
 * One roll to hit, worked out once: the bonus and its lines, the formula rolled, and how the die is
 * judged. The dialog's line, the card and the GM's check of an apply all read it from here.
 */
export interface HodToHit {
  readonly plan: HodAttackPlan;
  readonly formula: string;
  readonly die: HodDie;
  /** Precise widens the critical range (19-20). */
  readonly precise: boolean;
  /** A spell: a 1 misses and a 20 hits, but neither fumbles nor crits. */
  readonly spell: boolean;
  /** A melee attack (no range increment): flanking and the crouching and prone stances read it. */
  readonly melee: boolean;
  /** The attacker's stance forbids the attack: the i18n key of why; else null. */
  readonly refused: string | null;
}

function toHit(
  input: {
    readonly source: HodSource;
    readonly weapon: HodToHitWeapon;
    readonly situation?: HodSituation;
    readonly stance?: StanceState;
    /** The weapon is a longbow (`isLongbow`, from its name): a crouch forbids it. */
    readonly longbow?: boolean;
  },
  options: { readonly extra?: readonly HodModifier[]; readonly base?: number; readonly die?: HodDie; precise: boolean },
): HodToHit {
  const stance = stanceAttackLine(input.stance ?? { stance: "" }, {
    range: num(input.weapon.range),
    category: input.weapon.category,
    longbow: input.longbow === true,
  });
  const extra = [...(stance.line ? [stance.line] : []), ...(options.extra ?? [])];
  const plan = attackPlan(input.source, input.weapon, input.situation ?? {}, extra, { base: options.base });
  const die = options.die ?? "d20";
  return {
    plan,
    formula: withBonus(die === "3d6" ? "3d6" : "1d20", plan.bonus),
    die,
    precise: options.precise,
    spell: input.weapon.category === "spell",
    melee: !plan.ranged,
    refused: stance.refused,
  };
}

/**
 * A weapon attack: 1d20 + the category's bonus, the text's modifiers (with the weapon's proficiency or
 * lack of affinity), the range penalty, the attacker's stance and any other modifier.
 */
export function attackToHit(input: {
  readonly source: HodSource;
  readonly weapon: HodToHitWeapon;
  readonly situation?: HodSituation;
  readonly stance?: StanceState;
  readonly longbow?: boolean;
}): HodToHit {
  return toHit(input, { precise: input.weapon.precise === true });
}

/**
 * A special action's roll: a skill action rolls 3d6 + the attribute + the skill's rank; an attribute
 * action 1d20 + Accuracy + the attribute; the others the weapon's attack. The action's own modifier
 * joins the situation's; Precise widens only a roll made with the weapon.
 */
export function specialToHit(input: {
  readonly action: SpecialAction;
  readonly source: HodSource;
  readonly weapon: HodToHitWeapon;
  readonly situation?: HodSituation;
  readonly stance?: StanceState;
  readonly longbow?: boolean;
  /** A skill action: the rank typed in the dialog. */
  readonly skillRank?: number;
}): HodToHit {
  const attack = input.action.attack;
  const base =
    attack.kind === "attribute"
      ? num(input.source.accuracy) + num(input.source[attack.attribute])
      : attack.kind === "skill"
        ? num(input.source[attack.attribute]) + Math.trunc(num(input.skillRank)) + bonusesOf(input.source.bonuses).skill
        : undefined;
  return toHit(input, {
    extra: attack.modifier ? [{ id: "special", value: attack.modifier }] : [],
    base,
    die: attack.kind === "skill" ? "3d6" : "d20",
    precise: (attack.kind === "weapon" || attack.kind === "melee") && input.weapon.precise === true,
  });
}

/** A rolled attack judged against a defense's value, as the roll to hit says to judge it. */
export function judgeToHit(
  toHitRoll: HodToHit,
  rolled: { readonly natural: number; readonly total: number },
  defense: number,
): HodAttackResult {
  return judgeAttack({
    natural: rolled.natural,
    total: rolled.total,
    defense,
    precise: toHitRoll.precise,
    spell: toHitRoll.spell,
    die: toHitRoll.die,
  });
}

/** The exact chances of the roll to hit against a defense's value. */
export function toHitOdds(toHitRoll: HodToHit, defense: number): HodAttackOdds {
  return attackOdds(toHitRoll.plan.bonus, defense, {
    die: toHitRoll.die,
    precise: toHitRoll.precise,
    spell: toHitRoll.spell,
  });
}
