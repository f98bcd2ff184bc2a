/**
 * What a player chooses in a Heroes of Destiny attack or damage dialog: their own module, read by the
 * dialog, the flows, the card's data and the outcome lines alike (so none of those imports another
 * for a type).
 */
import type { HodDefense } from "../rules/attack";
import type { HodSituation } from "../rules/situational";
import type { WeaponUse } from "../rules/weapon-use";

/** What the attack dialog returns: the situation, the defense to meet, and the damage options of its hits. */
export interface HodAttackChoices extends HodSituation {
  /** The defense to meet; "usual": each target's own usual defense (usualDefense). */
  readonly defense: HodDefense | "usual";
  /** A weapon that can be both: struck in melee or thrown (weaponInUse); absent, the weapon as it is. */
  readonly use?: WeaponUse;
  /** A skill special action: the skill's rank, typed in the dialog. */
  readonly skillRank?: number;
  /** A modifier to each hit's damage. */
  readonly damageModifier?: number;
  /** Extra damage dice of each hit (never maximised), as typed: checked before rolling. */
  readonly extraDice?: string;
  /** Multiplied damage (a backstab's ×2): each hit's weapon damage rolled this many times; absent, once. */
  readonly damageMultiplier?: number;
  /** Each hit only tires. */
  readonly nonlethal?: boolean;
  /** A spell's attack: the card of the cast that let it fly (its charges bound `charges`). */
  readonly cast?: string;
  /** A distraction: the ally (uuid) it is against, and whether it lowers the target's attack or defense. */
  readonly ally?: string;
  readonly distractAgainst?: "attack" | "defense";
}

export interface HodDamageChoices {
  readonly critical: boolean;
  readonly nonlethal: boolean;
  readonly modifier: number;
  /** Extra damage dice (never maximised), as typed: checked when rolled. */
  readonly extraDice: string;
  /** Multiplied damage (a backstab's ×2); absent, once. */
  readonly times?: number;
}
