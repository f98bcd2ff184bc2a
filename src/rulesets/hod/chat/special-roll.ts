/**
 * A special action's roll to hit, its judgment on each target and the damage of its outcomes: worked
 * out when the card is rolled, and again when the GM applies its row.
 */
import { isFumble, type HodAttackResult, type HodDefense } from "../rules/attack";
import type { CountAt } from "../rules/count-start";
import { specialDefenses, specialOutcomes, targetsChoice, type SpecialAction } from "../rules/special-actions";
import { specialDamageOn, type SpecialDamagePlan } from "../rules/special-damage";
import { isLongbow } from "../rules/stances";
import { specialToHit, type HodToHit } from "../rules/to-hit";
import type { HodDefenseResult } from "./card-data";
import type { HodAttackChoices } from "./dialog-form";
import { sourceOf, type HodActor, type HodWeaponSnapshot } from "./documents";
import { judgeOn } from "./judge";
import { damageWeapon } from "./special-weapon";
import { defenseFor, stanceAt } from "./target";

/**
 * The special action's roll to hit with these choices (for an action on count `at`, in the stance the
 * actor had as it began); `itemName` is the weapon item's (a longbow's, say).
 */
export function specialRoll(
  actor: HodActor,
  action: SpecialAction,
  weapon: HodWeaponSnapshot,
  choices: HodAttackChoices,
  at: CountAt | null = null,
  itemName = "",
): HodToHit {
  return specialToHit({
    action,
    source: sourceOf(actor),
    weapon,
    situation: choices,
    stance: stanceAt(actor, at),
    skillRank: choices.skillRank,
    longbow: isLongbow({ category: weapon.category, name: itemName }),
  });
}

/**
 * The special action's result on one target: each defense met (for an action on count `at`, as the
 * target stood when that count began), the target's pick, the outcomes.
 */
export function judgeSpecial(
  action: SpecialAction,
  toHit: HodToHit,
  rolled: { natural: number; total: number },
  target: HodActor,
  weapon: HodWeaponSnapshot,
  choice: HodAttackChoices["defense"],
  attacker?: string,
  at: CountAt | null = null,
): { results: HodDefenseResult[]; chosen: HodDefense | null; outcomes: ReturnType<typeof specialOutcomes> } {
  const weaponDefense = choice === "usual" ? defenseFor(weapon, target, at) : choice;
  const results = specialDefenses(action, weaponDefense).map((d) => judgeOn(toHit, rolled, target, d, attacker, at));
  const fumble = isFumble(rolled.natural, { spell: toHit.spell, die: toHit.die });
  const byDefense: Partial<Record<HodDefense, HodAttackResult>> = Object.fromEntries(
    results.map((r) => [r.id, { ...r, fumble }]),
  );
  return { results, chosen: targetsChoice(action, byDefense), outcomes: specialOutcomes(action, byDefense) };
}

/**
 * The damage plan of the outcomes that happened, with the dialog's modifier (null: they deal none). A
 * target immune to critical hits takes a critical outcome's damage as a plain hit's.
 */
export function specialDamagePlan(
  actor: HodActor,
  outcomes: ReturnType<typeof specialOutcomes>,
  weapon: HodWeaponSnapshot,
  choices: HodAttackChoices,
  target?: HodActor,
): SpecialDamagePlan | null {
  return specialDamageOn({
    outcomes,
    immuneToCriticals: target?.system.immuneToCriticals === true,
    source: sourceOf(actor),
    weapon: damageWeapon(weapon),
    modifier: choices.damageModifier,
  });
}
