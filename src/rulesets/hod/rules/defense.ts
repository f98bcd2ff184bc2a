import { defaultDefense, type HodDefense } from "./attack";
import { isStanceId, stanceDefense, type StanceId, type StanceState } from "./stances";

/** Core statuses that leave a creature unable to react: it meets attacks with its Passive defense. */
export const HELPLESS_STATUSES = Object.freeze(["unconscious", "sleep", "paralysis", "restrain"]);

/** Whether any of a creature's statuses leaves it helpless (HELPLESS_STATUSES). */
export function isHelpless(statuses: Iterable<string> = []): boolean {
  for (const status of statuses) if (HELPLESS_STATUSES.includes(status)) return true;
  return false;
}

/** What decides a target's usual defense: read from its combatant, statuses and weapons. */
export interface HodTargetState {
  /** Surprised, until it first acts. */
  readonly surprised: boolean;
  /** Unsteady after a fumble, until it acts again. */
  readonly unsteady: boolean;
  /** Under a status that stops it reacting (isHelpless). */
  readonly helpless: boolean;
  /** An equipped melee weapon in hand (isMeleeWeapon). */
  readonly meleeWeapon: boolean;
  /** Immobile (isImmobile: grabbed, stapled, paralysed at three times Vigor, fully petrified, preparing a coup de grâce). */
  readonly immobile?: boolean;
}

/**
 * The defense an attack meets unless the attacker picks another: the weapon's own when it names one
 * other than Primary (a spell's Spirit, a net's Celerity), else Passive for a target that cannot react
 * (surprised, unsteady, helpless, immobile, or meeting a melee attack without a melee weapon), else Primary.
 */
export function usualDefense(
  weapon: { readonly defense: HodDefense | null; readonly range: number },
  target: HodTargetState,
): HodDefense {
  if (weapon.defense && weapon.defense !== "primary") return weapon.defense;
  return defaultDefense({
    surprised: target.surprised,
    unsteady: target.unsteady,
    immobile: target.helpless || target.immobile === true,
    unarmedInMelee: weapon.range === 0 && !target.meleeWeapon,
  });
}

/** A defender as an attack meets it: its five defenses, its stance, and what Parrying reads. */
export interface HodDefender {
  readonly defenses: Readonly<Record<HodDefense, number>>;
  readonly stance: StanceState;
  /** Its best weapon attack bonus (bestAttackBonus): Parrying adds half of it. */
  readonly attackBonus: number;
  /** Its shield bonus: Parrying counts it twice. */
  readonly shield: number;
  /** Immobile (isImmobile): it cannot react, so Primary becomes Passive whatever the attacker picks. */
  readonly immobile?: boolean;
}

/** A defense as an attack meets it: the one chosen, the one the defender's stance turns it into, and its value. */
export interface MetDefense {
  readonly id: HodDefense;
  readonly met: HodDefense;
  readonly value: number;
  /** The defender's stance, when it changed the defense. */
  readonly stance: StanceId | null;
  readonly stanceModifier: number;
}

/**
 * The defense `chosen` as the defender meets this attack: its stance may turn Primary into Passive
 * (Poised, Spellcasting) or change its value (Cautious, Crouch, Prone, Parrying; benefits only once
 * the shift is done, drawbacks at once). An immobile defender meets Primary with Passive.
 */
export function metDefense(defender: HodDefender, chosen: HodDefense, melee: boolean): MetDefense {
  if (defender.immobile === true && chosen === "primary") {
    return { ...metDefense({ ...defender, immobile: false }, "passive", melee), id: chosen };
  }
  const stance = defender.stance.stance;
  if (!isStanceId(stance)) {
    return { id: chosen, met: chosen, value: defender.defenses[chosen], stance: null, stanceModifier: 0 };
  }
  const change = stanceDefense(defender.stance, {
    defense: chosen,
    melee,
    attackBonus: defender.attackBonus,
    shield: defender.shield,
  });
  const changed = change.defense !== chosen || change.modifier !== 0;
  return {
    id: chosen,
    met: change.defense,
    value: defender.defenses[change.defense] + change.modifier,
    stance: changed ? stance : null,
    stanceModifier: change.modifier,
  };
}
