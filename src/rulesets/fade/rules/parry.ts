import { attackKind, toHitPool, type FadeAttackChoices, type FadeWeapon } from "./attack-plan";
import type { FadeDerived } from "./derive";
import { formatPool, parsePool } from "./pool";

/** Whether a weapon can parry: a melee weapon (no range), not a spell. */
export function canParry(weapon: { readonly spell?: unknown; readonly range?: unknown }): boolean {
  return weapon.spell !== true && !(Number(weapon.range) > 0);
}

/**
 * A parry's pool: the dice of the attack with the wielded weapon (its to-hit pool for the choices,
 * with the weapon's explosion), kept as the dodge table keeps them for the character's level. The
 * text: a parry uses the dodge's table, rolled with the weapon's attack. At level 3 with a 6k3
 * sword, 6k1.
 */
export function parryPool(
  derived: Pick<FadeDerived, "physicalToHit" | "magicalToHit" | "dodge">,
  weapon: FadeWeapon,
  choices: FadeAttackChoices = {},
): string {
  const attack = parsePool(toHitPool(derived, weapon, choices));
  return formatPool({ ...attack, kept: parsePool(derived.dodge).kept });
}

/**
 * Whether a declared dodge or parry meets an attack: a dodge meets any attack; a parry only a melee
 * attack (the text: a wielded melee weapon against a melee attack).
 */
export function reactionMeets(reaction: { readonly parry: boolean }, attack: { readonly melee: boolean }): boolean {
  return !reaction.parry || attack.melee;
}

/** A melee attack: a weapon with no range, not attacking as a spell. */
export function isMeleeAttack(weapon: FadeWeapon & { readonly range?: number }, choices: FadeAttackChoices = {}) {
  return !((weapon.range ?? 0) > 0) && attackKind(weapon, choices) !== "spell";
}
