import type { SpecialAction } from "../rules/special-actions";
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
 * can trip), else the bare hand.
 */
export function actionWeapon(
  action: SpecialAction,
  weapon: HodWeaponSnapshot | null,
): HodWeaponSnapshot | "needsWeapon" | "needsMelee" {
  const needsWeapon = action.speed.kind !== "class" || action.defense.mode === "weapon";
  if (needsWeapon && !weapon) return "needsWeapon";
  const kind = action.attack.kind;
  if (kind === "melee" && weapon && weapon.range > 0) return "needsMelee";
  if (kind === "attribute" || kind === "skill") return FIST;
  return weapon ?? FIST;
}

/** The weapon special damage reads: none for a bare hand. */
export const damageWeapon = (weapon: HodWeaponSnapshot) => (weapon === FIST ? null : weapon);
