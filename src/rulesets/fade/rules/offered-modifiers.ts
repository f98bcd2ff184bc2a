import type { FadeWeapon } from "./attack-plan";
import type { FadeModifierId } from "./modifiers";

/** Which roll a dialog is for: an attack, a damage roll, a dodge or parry, or a skill check. */
export type FadeRollKind = "attack" | "damage" | "check" | "skill";

/** Modifiers each kind of roll takes: those that have a part in it. */
const OFFERED: Readonly<Record<FadeRollKind, readonly FadeModifierId[]>> = Object.freeze({
  attack: ["flanking", "calledShot", "charge", "twoHanding", "criticalFailure", "armHit", "armSevered"],
  damage: ["twoHanding", "charge"],
  check: ["criticalFailure"],
  skill: ["criticalFailure"],
});

/**
 * The situational modifiers a roll may take. Two-handing only for a one-handed weapon that may be
 * held in two hands (a two-handed weapon has it built into its damage).
 */
export function offeredModifiers(
  kind: FadeRollKind,
  weapon?: Pick<FadeWeapon, "twoHanded"> & { readonly canTwoHand?: boolean },
): FadeModifierId[] {
  return OFFERED[kind].filter((m) => m !== "twoHanding" || (weapon?.canTwoHand === true && weapon.twoHanded !== true));
}
