import type { SpecialAction } from "../rules/special-actions";
import { weaponInUse } from "../rules/weapon-use";
import type { HodWeaponSnapshot } from "./documents";

/** A bare hand: what unarmed and attribute actions roll with (no durability, no proficiency). */
export const FIST: HodWeaponSnapshot = Object.freeze({
  category: "unarmed",
  damage: "",
  speedClass: "standard",
  precise: false,
  composite: false,
  nonlethal: true,
  range: 0,
  thrown: false,
  twoHanded: false,
  damageType: "bludgeoning",
  defense: null,
  proficient: false,
  noAffinity: false,
  durability: { value: 0, max: 0 },
});

/**
 * The weapon an action rolls with, or why it has none: an action whose speed or defense is the
 * weapon's needs one; a "melee" action a melee weapon or the bare hand; attribute and skill actions
 * roll without a weapon; weapon and unarmed actions take the weapon given (a trip with a weapon that
 * can trip), else the bare hand. An action at melee or touch range strikes with a thrown weapon in
 * melee (a feint with a dagger); one at the weapon's range uses it as the dialog chose.
 */
export function actionWeapon(
  action: SpecialAction,
  weapon: HodWeaponSnapshot | null,
): HodWeaponSnapshot | "needsWeapon" | "needsMelee" {
  const needsWeapon = action.speed.kind !== "class" || action.defense.mode === "weapon";
  if (needsWeapon && !weapon) return "needsWeapon";
  const kind = action.attack.kind;
  if (kind === "attribute" || kind === "skill") return FIST;
  const used = weapon && action.range !== "weapon" ? weaponInUse(weapon, "melee") : weapon;
  if (kind === "melee" && used && used.range > 0) return "needsMelee";
  return used ?? FIST;
}

/** The weapon special damage reads: none for a bare hand. */
export const damageWeapon = (weapon: HodWeaponSnapshot) => (weapon === FIST ? null : weapon);
