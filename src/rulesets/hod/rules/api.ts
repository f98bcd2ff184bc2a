import {
  CELERITY_FLOOR,
  DAMAGEABLE_ATTRIBUTES,
  FULL_PETRIFICATION,
  IMPAIRMENT_TABLE,
  IMPAIRMENT_TYPES,
  healMagic,
  impairmentCheckPenalty,
  impairmentEffects,
  impairmentFor,
  paralysisEffects,
  petrificationEffects,
  recoverAttributeDamage,
  recoverImpairments,
  recoverPetrification,
  rest,
  afflictionSpeed,
  slowedChoice,
} from "./afflictions";
import { actionSpeedFactor, actionSpeedPlan, settleActionSpeed } from "./action-speed";
import { ACTION_EXTRAS, COMBAT_ACTIONS, combatAction } from "./actions";
import { HOD_DEFENSES, defaultDefense, isFumble, judgeAttack } from "./attack";
import { HELPLESS_STATUSES, isHelpless, metDefense, usualDefense } from "./defense";
import { combinedArmor, derive } from "./derive";
import { HOD_BODY_RULES } from "./body";
import {
  WAKE_RECHECK,
  applyDamage,
  applySimultaneous,
  consciousnessDc,
  fatigueSpent,
  healthOf,
  hitInCount,
  hitOnTrack,
  reducedDamage,
  trackState,
  unconsciousFor,
  wakeDc,
} from "./health";
import { HOD_EFFECTS_API } from "./effects";
import { HOD_IMMOBILE_API } from "./immobile";
import { HOD_REQUIREMENTS_API } from "./requirements";
import { HOD_COUNT_START_API } from "./count-start";
import { halvesMovement } from "./stances";
import { initiativeBonusOf, initiativeFormula } from "./initiative";
import { attackOdds } from "./odds";
import { OUTCOME_DICE_BOUND, hodOutcomeOdds, outcomeFormulaAllowed } from "./outcome-odds";
import { hodSpecialOutcomeOdds } from "./special-outcome-odds";
import { HOD_RUNNING_API } from "./running";
import { HOD_SPACES_API } from "./spaces";
import { ATTACK_MODIFIERS, attackModifierTotal } from "./modifiers";
import {
  SPECIAL_ACTIONS,
  specialAction,
  specialDefenses,
  specialOutcomes,
  specialRollGroups,
  strikeFollows,
  targetsChoice,
} from "./special-actions";
import {
  CAST_SF,
  CHARGE_TC,
  SPELL_LOST_AT,
  SPELL_MISS_FACTOR,
  abandonSpellAt,
  attackDamageFactor,
  baseCastingDc,
  castSpell,
  castingDc,
  castingFatigue,
  chargeSpell,
  prepareSpell,
  releaseCharge,
  spellLostAt,
  spellPrepared,
  takenWhilePreparing,
  walkedWhilePreparing,
} from "./spells";
import {
  STANCES,
  isLongbow,
  revertSpeed,
  stanceAfterAction,
  stanceAttack,
  stanceAttackLine,
  stanceDefense,
} from "./stances";
import { attackToHit, judgeToHit, specialToHit, toHitOdds, withBonus } from "./to-hit";
import {
  WEAPON_CATEGORIES,
  attackAttribute,
  attackBonus,
  bestAttackBonus,
  damageAttribute,
  damageFormula,
  MAX_DAMAGE_MULTIPLIER,
  damageMultiplier,
  durabilityAfterFumble,
  hitDamage,
  isDiceSum,
  maxDamage,
  rangePenalty,
  stepDamageDice,
  unarmedDamage,
  weaponDamageFormula,
  weaponDice,
} from "./weapons";
import { WEAPON_USES, canThrow, defaultUse, meleeOrThrown, weaponInUse, weaponUseRefused } from "./weapon-use";
import {
  SPEED_CLASSES,
  SPEED_TABLE,
  clampSpeedFactor,
  isSpeedClass,
  speedFactor,
  speedFactorFormula,
  stepSpeedClass,
} from "./speed";

/** Heroes of Destiny's rules for macros and modules: `api.rules.hod`. */
export const hodApi = Object.freeze({
  /** Running and sprinting's endurance checks, and occupied spaces. */
  ...HOD_RUNNING_API,
  ...HOD_SPACES_API,
  speedClasses: SPEED_CLASSES,
  speedTable: SPEED_TABLE,
  isSpeedClass,
  /** The SF of an action of a speed class: rolled, or `{ static: true }`; class steps, then the modifier. */
  speedFactor,
  speedFactorFormula,
  stepSpeedClass,
  clampSpeedFactor,
  actions: COMBAT_ACTIONS,
  actionExtras: ACTION_EXTRAS,
  action: combatAction,
  actionSpeedFactor,
  actionSpeedPlan,
  settleActionSpeed,
  /** The initiative roll (1d6 + 4, + 1d6 surprised) less `initiativeBonusOf`: a bonus acts sooner on the lowest-first count. */
  initiativeFormula,
  /** Wisdom (less damage to it) plus the actor's initiative bonus: what comes off its initiative roll. */
  initiativeBonusOf,
  /** Primary, Passive, Vigor, Celerity, Spirit, Threshold of Pain and attack bonuses from stored numbers. */
  derive,
  combinedArmor,
  /** One hit: `{ hp, fatigue, thresholdOfPain, bonusHp, invigoration }` in, the same plus wounded, unconsciousCheck, dying, dead out. */
  applyDamage,
  applySimultaneous,
  /** A hit's damage after the defender's damage reduction (`applyDamage`'s `reduction`), never below 0. */
  reducedDamage,
  /** One hit on a stored track (`{ hp, fatigue, bonusHp, invigoration, fullTop, topLost }`): the state met, the result, the hits taken after. */
  hitOnTrack,
  /** A hit on a count where the target already took hits: its share of the count's simultaneous result. */
  hitInCount,
  trackState,
  consciousnessDc,
  /** Fatigue spent by one's own act (a spell's casting): the fatigue after and the check to stay conscious it calls for. */
  fatigueSpent,
  /** A failed check to stay conscious: out for at least 10 TC per point failed (null when it passed). */
  unconsciousFor,
  /** The check to regain consciousness: its DC now, and how long until the next try after a failure. */
  wakeDc,
  wakeRecheck: WAKE_RECHECK,
  healthOf,
  defenses: HOD_DEFENSES,
  defaultDefense,
  /** The defense an attack meets unless the attacker picks another, from the weapon and the target's state. */
  usualDefense,
  /** A defense as the defender meets an attack: its stance may turn it into another or change its value. */
  metDefense,
  helplessStatuses: HELPLESS_STATUSES,
  isHelpless,
  /** Hit, fumble, critical and margin of an attack roll against a defense. */
  judgeAttack,
  isFumble,
  /** One roll to hit worked out once (bonus, modifiers, formula, how it is judged): a weapon attack, a special action. */
  attackToHit,
  specialToHit,
  judgeToHit,
  toHitOdds,
  withBonus,
  /** Exact chance to hit, crit and fumble with a bonus against a defense (natural 1s and 20s counted). */
  attackOdds,
  /**
   * Exact chances that an attack hits, hurts (changes the target's track at all) and drops the target
   * (dead, dying, or a failed check to stay conscious), with critical, fumble, wound, check, dying, dead,
   * missHurt and missDrop: `{ bonus, defense, precise?, spell?, die?, damage, criticalDamage?, nonlethal?,
   * halfOnMiss?, target: { hp, fatigue, fullTop, topLost?, bonusHp?, invigoration?, reduction?,
   * constitution? } }`. A spell with `halfOnMiss` hurts on a miss too: its hurt may exceed its hit.
   */
  outcomeOdds: hodOutcomeOdds,
  /**
   * The same chances for a special action, where a hit is any of its outcomes happening and only its
   * damage (or a follow-up's kill) hurts: `{ action, bonus, defenses: { vigor: 12, ... }, weaponDefense?,
   * precise?, spell?, die?, damage?: { source: { strength, dexterity, ..., power, size }, weapon:
   * { category, damage, composite?, nonlethal? } | null, modifier?, extraDice? } | null, nonlethal?,
   * immuneToCriticals?, target }` (the target as `outcomeOdds` takes it).
   */
  specialOutcomeOdds: hodSpecialOutcomeOdds,
  /** The largest damage roll `outcomeOdds` works out (dice, sides, dice × sides), and whether a formula is within it. */
  outcomeDiceBound: OUTCOME_DICE_BOUND,
  outcomeFormulaAllowed,
  weaponCategories: WEAPON_CATEGORIES,
  attackAttribute,
  attackBonus,
  bestAttackBonus,
  damageAttribute,
  /** The damage formula; `times` rolls the weapon's dice and modifiers that many times (a backstab), extra dice once. */
  damageFormula,
  /** A damage multiplier read as a whole number from 1 to `maxDamageMultiplier` (else 1). */
  damageMultiplier,
  maxDamageMultiplier: MAX_DAMAGE_MULTIPLIER,
  weaponDamageFormula,
  weaponDice,
  isDiceSum,
  hitDamage,
  maxDamage,
  unarmedDamage,
  stepDamageDice,
  durabilityAfterFumble,
  rangePenalty,
  /** A thrown weapon struck in melee is a melee attack: its use ("melee" or "thrown"), checked against the weapon. */
  weaponUses: WEAPON_USES,
  canThrow,
  meleeOrThrown,
  defaultUse,
  weaponUseRefused,
  weaponInUse,
  attackModifiers: ATTACK_MODIFIERS,
  attackModifierTotal,
  /** The wrestling and miscellaneous special actions: attack, defenses, speed, fatigue, outcomes. */
  specialActions: SPECIAL_ACTIONS,
  specialAction,
  specialDefenses,
  specialOutcomes,
  /** The targets each roll of a special action is against (one roll per target for Approach). */
  specialRollGroups,
  /** Whether a special action's strike follows its preparation now (its preparation the actor's last act). */
  strikeFollows,
  targetsChoice,
  /** The special actions' effects: grab, prone, feint, distract, what ends them (`expiresWhenActing`). */
  ...HOD_EFFECTS_API,
  /** What leaves a creature immobile (Passive defense) and what it may then not do. */
  ...HOD_IMMOBILE_API,
  /** The special actions' requirements: a helpless target, size limits, a tackle's move, free hands, a piercing weapon. */
  ...HOD_REQUIREMENTS_API,
  /** A target as it stood at the start of a Time Count: its stance and effects before that count's changes. */
  ...HOD_COUNT_START_API,
  /** Combat stances: shift speed, and what each does to attacks and defenses. */
  stances: STANCES,
  stanceAttack,
  stanceAttackLine,
  /** A bow whose name says it is long (Longbow, Composite Longbow): a crouch forbids it. */
  isLongbow,
  stanceDefense,
  revertSpeed,
  /** Whether a stance moves at half speed (Spellcasting, Parrying). */
  halvesMovement,
  /** The stance after the table's "Drop to the floor" (prone) or "Stand up from prone" (basic), or null. */
  stanceAfterAction,
  /** Impairments (optional rule), attribute damage, paralysis, petrification, and what rest and healing magic restore. */
  impairmentTypes: IMPAIRMENT_TYPES,
  impairmentTable: IMPAIRMENT_TABLE,
  impairmentFor,
  impairmentEffects,
  impairmentCheckPenalty,
  recoverImpairments,
  damageableAttributes: DAMAGEABLE_ATTRIBUTES,
  recoverAttributeDamage,
  paralysisEffects,
  petrificationEffects,
  /** What afflictions add to every act's speed on the Time Count, and an act (sheet or Act dialog) so slowed. */
  afflictionSpeed,
  slowedChoice,
  fullPetrification: FULL_PETRIFICATION,
  recoverPetrification,
  celerityFloor: CELERITY_FLOOR,
  healMagic,
  /** A night's sleep or a day of bed rest: Invigoration lost, impairments, attributes and petrification recover. */
  rest,
  ...HOD_BODY_RULES,
  /** Spells: preparing (casting time), the casting DC, charges, the Arcana check to cast, fatigue spent. */
  spells: Object.freeze({
    castSf: CAST_SF,
    chargeTc: CHARGE_TC,
    baseCastingDc,
    prepareSpell,
    castingDc,
    castingFatigue,
    takenWhilePreparing,
    walkedWhilePreparing,
    spellPrepared,
    chargeSpell,
    releaseCharge,
    castSpell,
    abandonSpellAt,
    /** What loses a spell in hand: the encounter's end (about a minute) and a night's sleep. */
    lostAt: SPELL_LOST_AT,
    spellLostAt,
    /** Half: what a spell that says so deals on a miss. */
    missFactor: SPELL_MISS_FACTOR,
    /** The factor on an attack's damage for a target: 1 on a hit, ½ on a spell's miss that says so, else null. */
    attackDamageFactor,
  }),
});
