/** Bonus HP's duration, poison, movement per count and the Simultaneous Actions rule, for `api.rules.hod`. */
import { BONUS_HP_DURATIONS, bonusHpExpires, grantBonusHp } from "./bonus-hp";
import { countImpairments, simultaneousTop } from "./health";
import { movementOnCount, movementRow, paceSpeed, runningSpeed, sprintingSpeed } from "./movement";
import { recoverAttributes } from "./afflictions";
import { poisonDamage, poisonDue, poisonedParts, schedulePoison } from "./poison";

export const HOD_BODY_RULES = Object.freeze({
  bonusHpDurations: BONUS_HP_DURATIONS,
  /** Bonus HP granted with a duration: the larger pool stays (`{ bonusHp, until }`). */
  grantBonusHp,
  bonusHpExpires,
  /** Poison: damage to HP, fatigue or an attribute, marked so magical healing cannot heal it. */
  poisonDamage,
  poisonedParts,
  recoverAttributes,
  schedulePoison,
  poisonDue,
  /** The Movement Rates table: squares on a movement's nth consecutive count; running and sprinting. */
  movementOnCount,
  movementRow,
  runningSpeed,
  sprintingSpeed,
  paceSpeed,
  /** Simultaneous Actions (optional rule): the count's Threshold of Pain for impairments, and each hit's impairment. */
  simultaneousTop,
  countImpairments,
});
