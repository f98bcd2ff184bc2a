/**
 * How one attack uses its weapon: in melee or thrown. A thrown weapon (a dagger, a javelin) is a melee
 * weapon too (isMeleeWeapon), and struck in melee it is a melee attack for every rule that asks:
 * flanking, the prone and crouching stances, a target with no melee weapon in hand, feint and distract.
 */

/** The uses an attack dialog offers for a weapon that can be both. */
export const WEAPON_USES = ["melee", "thrown"] as const;
export type WeaponUse = (typeof WEAPON_USES)[number];

/** What of a weapon its use reads. */
export interface UsableWeapon {
  readonly category?: unknown;
  /** Range increment in feet; 0 is a melee weapon. */
  readonly range?: unknown;
  readonly thrown?: unknown;
}

const ranged = (weapon: UsableWeapon) => Number(weapon.range) > 0;

/** Whether a weapon can be thrown: marked thrown, with a range increment, and neither a fist nor a spell. */
export function canThrow(weapon: UsableWeapon): boolean {
  return weapon.thrown === true && ranged(weapon) && weapon.category !== "unarmed" && weapon.category !== "spell";
}

/** Whether a weapon is used either way (a thrown weapon): the attack dialog asks which. */
export function meleeOrThrown(weapon: UsableWeapon): boolean {
  return canThrow(weapon);
}

/** The use an attack starts on: in melee for a weapon that can be both, else what the weapon is. */
export function defaultUse(weapon: UsableWeapon): WeaponUse | null {
  return meleeOrThrown(weapon) ? "melee" : null;
}

/**
 * Whether a requested use is refused for this weapon: the i18n key of why, else null. Nothing
 * requested (a roll from before the choice) leaves the weapon as it is. A weapon that cannot be thrown
 * cannot be "thrown"; one with a range increment that is not thrown (a bow, a ranged spell) cannot be
 * used in melee.
 */
export function weaponUseRefused(weapon: UsableWeapon, use: unknown): string | null {
  if (use === undefined) return null;
  if (use === "thrown") return canThrow(weapon) ? null : "ANTHOLOGY.HoD.Errors.cannotThrow";
  if (use === "melee") return !ranged(weapon) || canThrow(weapon) ? null : "ANTHOLOGY.HoD.Errors.notMelee";
  return "ANTHOLOGY.HoD.Errors.cannotThrow";
}

/**
 * The weapon as this attack reads it: struck in melee, a thrown weapon has no range increment (a melee
 * attack: no range penalty, flanking counts, prone attacks at −4 and meets −4); thrown, or any other
 * weapon, it is unchanged. Check `weaponUseRefused` first.
 */
export function weaponInUse<W extends UsableWeapon>(weapon: W, use: unknown): W {
  return use === "melee" && ranged(weapon) && canThrow(weapon) ? { ...weapon, range: 0 } : weapon;
}
