import { labelKeys } from "../../common";
import { NotationError } from "../../../dice";
import { ATTACK_KINDS, type FadeAttackKind } from "./attack";
import type { BodyPart } from "./body-parts";
import type { FadeDefenses, FadeDerived } from "./derive";
import { MODIFIERS, type FadeModifierId } from "./modifiers";
import { addPools, formatPool, parsePool, type KeepPool, type PoolBonus } from "./pool";

/** A weapon or spell as the attack needs it. */
export interface FadeWeapon {
  /** Keep notation (`4k2`). */
  readonly baseDamage: string;
  readonly finesse?: boolean;
  readonly spell?: boolean;
  /** Two-handed weapons have the +1k0 of two-handing built into their base damage. */
  readonly twoHanded?: boolean;
  readonly penetration?: number;
  readonly damageType?: string;
  /** The face the weapon's dice explode on; 0 or absent: they do not. */
  readonly explodesOn?: number;
  /** The defense it attacks; Defense when absent. */
  readonly defense?: FadeDefenseId;
}

export type FadeDefenseId = keyof FadeDefenses;

export const DEFENSE_IDS: readonly FadeDefenseId[] = Object.freeze([
  "defense",
  "avoid",
  "mentalDefense",
  "bodilyDefense",
]);

export const DEFENSE_KEYS = labelKeys("ANTHOLOGY.Fade.Defense", DEFENSE_IDS);

/** What the attacker chose in the roll dialog. */
export interface FadeAttackChoices {
  /** Named modifiers (flanking, charge, called shot, two-handing, ...); each applies its part of each roll. */
  readonly modifiers?: readonly FadeModifierId[];
  /** Attack as a spell (Magic to hit and damage, the target's defenses against spells) or not; the weapon's own when absent. */
  readonly spell?: boolean;
  /** The body part a called shot aims at (needs the calledShot modifier). */
  readonly calledShot?: BodyPart;
  /** Extra dice and kept dice for this roll (an ability, a GM's call). */
  readonly extra?: PoolBonus;
  /** The defense attacked, in place of the weapon's. */
  readonly defense?: FadeDefenseId;
  /**
   * Hits default to the Body, no location roll ("If you wish to speed up combat in your turn, you can
   * default to hitting the enemies' Body"): not a called shot, so no effect. A called shot outranks it.
   */
  readonly defaultBody?: boolean;
}

/** A weapon's base damage that is not keep notation. */
export class FadeWeaponError extends Error {
  readonly key = "ANTHOLOGY.Fade.Errors.baseDamage";
  constructor(
    readonly baseDamage: string,
    cause?: unknown,
  ) {
    super(`"${baseDamage}" is not keep notation such as 4k2`, { cause });
    this.name = "FadeWeaponError";
  }
  get data(): Readonly<Record<string, string>> {
    return { value: this.baseDamage };
  }
}

/** The attack kind of a weapon under the attacker's choices. */
export function attackKind(weapon: FadeWeapon, choices: FadeAttackChoices = {}): FadeAttackKind {
  if (choices.spell ?? weapon.spell === true) return "spell";
  return weapon.finesse === true ? "finesse" : "weapon";
}

function explodes(pool: KeepPool, explodesOn: number | undefined): KeepPool {
  return explodesOn && explodesOn > 1 ? { ...pool, explode: explodesOn } : pool;
}

/** The modifiers that apply to a weapon: two-handing does nothing for a weapon already two-handed. */
function modifiersFor(weapon: FadeWeapon, choices: FadeAttackChoices): FadeModifierId[] {
  return (choices.modifiers ?? []).filter((m) => !(m === "twoHanding" && weapon.twoHanded === true));
}

/** The attack roll: the kind's to-hit pool, the situational modifiers, any extra dice, and the weapon's explosion. */
export function toHitPool(
  derived: Pick<FadeDerived, "physicalToHit" | "magicalToHit">,
  weapon: FadeWeapon,
  choices: FadeAttackChoices = {},
): string {
  const base = derived[ATTACK_KINDS[attackKind(weapon, choices)].toHit];
  const bonuses = modifiersFor(weapon, choices).map((m) => MODIFIERS[m].toHit ?? {});
  return formatPool(explodes(addPools(base, ...bonuses, choices.extra ?? {}), weapon.explodesOn));
}

/**
 * The damage roll: base damage plus what the kind's attribute (and misc. bonuses) add, then the
 * modifiers' damage parts (two-handing +1k0, charge +2). Throws FadeWeaponError for base damage that
 * is not keep notation.
 */
export function damagePoolFor(
  derived: Pick<FadeDerived, "damageBonus">,
  weapon: FadeWeapon,
  choices: FadeAttackChoices = {},
): string {
  let base: KeepPool;
  try {
    base = parsePool(weapon.baseDamage);
  } catch (error) {
    if (error instanceof NotationError || error instanceof RangeError)
      throw new FadeWeaponError(weapon.baseDamage, error);
    throw error;
  }
  const attribute = derived.damageBonus[ATTACK_KINDS[attackKind(weapon, choices)].damageAttribute];
  const bonuses = modifiersFor(weapon, choices).map((m) => MODIFIERS[m].damage ?? {});
  return formatPool(explodes(addPools(base, attribute, ...bonuses, choices.extra ?? {}), weapon.explodesOn));
}

/** The defense an attack meets: the chosen or the weapon's, the against-spells variant for a spell. */
export function defenseAgainst(
  target: Pick<FadeDerived, FadeDefenseId | "vsSpells">,
  weapon: FadeWeapon,
  choices: FadeAttackChoices = {},
): { readonly id: FadeDefenseId; readonly vsSpells: boolean; readonly value: number } {
  const id = choices.defense ?? weapon.defense ?? "defense";
  const vsSpells = ATTACK_KINDS[attackKind(weapon, choices)].vsSpells;
  return { id, vsSpells, value: vsSpells ? target.vsSpells[id] : target[id] };
}

/**
 * The body part of a declared called shot: only an attack that took the called-shot modifier (and
 * its -2k0) aims at a part and earns its effect. A part merely chosen for where a hit landed (the
 * damage dialog's location) is not a called shot.
 */
export function declaredCalledShot(choices: FadeAttackChoices): BodyPart | null {
  return choices.calledShot && (choices.modifiers ?? []).includes("calledShot") ? choices.calledShot : null;
}

/**
 * Where the choices put a hit, or null when its location is rolled: a declared called shot's part, else
 * the Body when the attacker defaults to it.
 */
export function chosenPart(choices: FadeAttackChoices): BodyPart | null {
  return declaredCalledShot(choices) ?? (choices.defaultBody ? "body" : null);
}
