import { RANGE_BANDS, STANCE_IDS, initiative, rangeModifier, stance, strengthDamageBonus } from "./combat";
import { chargeDistance, movementRate } from "./traits";
import { rollsInitiative } from "./turn";
import { attackOutcomeOdds } from "./outcome";
import { contestGoal, grappleResult, knockdownGoal, knockdownResult, resistFails, resistGoal } from "./follow-ups";
import { complementaryBonus, contested, quickComplementary, resolveGoal, victoryPoints } from "./goals";
import {
  attackDamage,
  fightActionRoll,
  moveDefense,
  moveFor,
  movedBy,
  multiAttackCheck,
  multiAttackPenalty,
  stanceAsRolled,
  vitalityAsRolled,
} from "./play";

/** Fading Suns' rules for macros and modules: `api.rules["fading-suns"]` (a public contract). */
export const fadingSunsApi = Object.freeze({
  victoryPoints,
  resolveGoal,
  contested,
  complementaryBonus,
  quickComplementary,
  stances: STANCE_IDS,
  stance,
  strengthDamageBonus,
  rangeBands: RANGE_BANDS,
  rangeModifier,
  initiative,
  /** Whether a fighter rolls initiative and acts in a round: a surprised one not in the first. */
  rollsInitiative,
  /** What a melee attack rolls: "weapon" (Dexterity + its skill) or "fight" (grapple, knockdown: Dexterity + Fight). */
  fightActionRoll,
  /** A hit's damage, part by part (knockdown's DMG 0 takes no Strength bonus or stance). */
  attackDamage,
  /** The move as it counts on a roll of a kind: a charge's +2 on melee attacks only. */
  moveFor,
  /** The mover's own Defense change of a move: run and charge −2 (until Defense resets at the turn's end). */
  moveDefense,
  /** What a roll's move leaves on the mover until the turn ends: "run", "charge" (melee only) or "none". */
  movedBy,
  /** The movement chart: Human 5, Ur-Obun and Ur-Okar 6, Vorox 5 (6 on four limbs, 7 on six). */
  movementRate,
  /** How far a run or a charge goes: twice the movement rate (a charge's effect dice, one a meter, at most this). */
  chargeDistance,
  /** The goal penalty of attacks made in one action: 1 → 0, twice → −2, three targets → −4. */
  multiAttackPenalty,
  /** Whether the attacks chosen cover the targets: "ok", "tooFew" (fewer than targets) or "tooMany" (over three). */
  multiAttackCheck,
  /** Knock-out's and disarm's roll against the damage done: characteristic + Vigor + wounds − the damage. */
  resistGoal,
  /** Whether that roll fails: the target is knocked out, or drops the weapon in hand. */
  resistFails,
  /** One side of knockdown's contest: "attacker" Strength + Fight, "defender" Dexterity + Vigor, with wounds. */
  knockdownGoal,
  /** Knockdown's contest judged: knocked down, and back 1 m per net VP up to the attacker's Strength. */
  knockdownResult,
  /** One side of a fight action's contest: knockdown as above; grapple, Strength + Vigor on both sides. */
  contestGoal,
  /** Grapple's contest judged: the attacker's win holds the target (grappled). */
  grappleResult,
  /** A fighter's Vitality when a roll was made: now, plus what hits applied at or after it took. */
  vitalityAsRolled,
  /** The stance a roll was made in: the one the fighter's turn ended since (neutral now), else now's. */
  stanceAsRolled,
  /**
   * The exact chances of an attack against one target: `{ hit, hurt, drop }` (and the goal, the Vitality a
   * hit takes, a knock-out's chance) from `{ goal, kind, choices?, damage, target: { defense, armor,
   * vitality, endurance?, vigor?, woundPenalties? } }` (docs/fading-suns.md, "Outcome odds").
   */
  outcomeOdds: attackOutcomeOdds,
});
