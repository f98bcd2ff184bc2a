import { applyDamage, DAMAGE_STEP_KEYS, DAMAGE_STEPS, NEGATION_KEYS } from "./apply-damage";
import { DEFENSE_IDS, attackKind, chosenPart, damagePoolFor, defenseAgainst, toHitPool } from "./attack-plan";
import { ATTACK_KINDS, ATTACK_RESULT_KEYS, CRITICAL_FAILURE_PENALTY, judgeAttack } from "./attack";
import { BODY_PART_KEYS, BODY_PARTS, isBodyPart } from "./body-parts";
import { AREA_OF_PART, CALLED_SHOT_EFFECTS, calledShotEffect } from "./called-shots";
import { carryingLimits, ENCUMBRANCE_KEYS, ENCUMBRANCE_STATES, encumbrance, encumbrancePenalty } from "./carrying";
import { attributeDamage, damagePool } from "./damage-pool";
import { deflectionByPart, derive } from "./derive";
import { dodgeKept, dodgePool } from "./dodge";
import { canParry, parryPool } from "./parry";
import { FADE_SKILLS, FADE_SKILL_ACTIONS, fadeSkill, judgeSkill, skillPool } from "./skills";
import { energyResponse, resistanceHealingBonus } from "./energy";
import { parseEnergyText } from "./energy-text";
import { bleedTick, deathAt, healthState, healUpTo, HEALTH_STATE_KEYS, hpMax } from "./health";
import { DEFAULT_HIT_LOCATIONS, hitLocation, rollHitLocation } from "./hit-location";
import { initiativeBonus, initiativeFormula } from "./initiative";
import { applyModifiers, MODIFIER_IDS, MODIFIERS } from "./modifiers";
import { expandPath, flanks, isStep, moveAllowance, moveCost, provokes, threatenedBy } from "./movement";
import { addPools, formatPool, keepPool, parsePool } from "./pool";
import { addBonuses, applyTraits, featTotals, mergeEnergy } from "./traits";
import * as turn from "./turn";
import { healingFor } from "./healing";
import { criticalReaching, outcomeInput, outcomeOdds } from "./outcome-odds";
import { SEVERED_STATUSES, locationFromFaces, missingParts, partIsGone } from "./wounds";

/** The Fade's rules for macros and adapters: `api.rules.fade`. Pure functions and frozen data only. */
export const fadeRules = Object.freeze({
  derive,
  deflectionByPart,
  /** Species, class and feats applied to a source before `derive`: `applyTraits(source, { species, class, feats })`. */
  applyTraits,
  featTotals,
  addBonuses,
  mergeEnergy,
  hpMax,
  deathAt,
  healthState,
  /** A bleeding wound's tick on its bearer's turn: HP before and after, and the health state it leaves. */
  bleedTick,
  /** Healing (absorbed damage, a heal): `healUpTo(hp, amount, hpMax)` gives HP before and after and what was regained, never past the maximum. */
  healUpTo,
  /** A heal on a creature: `healingFor({ amount, hp, hpMax, deathAt, energy, undead })`, with the Holy (living) or Unholy (undead) Resistance bonus, up to the maximum. */
  healingFor,
  damagePool,
  attributeDamage,
  applyDamage,
  judgeAttack,
  /**
   * The exact chances of one attack against one target (docs/the-fade.md, "Outcome odds"):
   * `outcomeOdds({ toHit, damage, defense, dodge?, part?, calledShot?, coupDeGrace?, penetration?,
   * damageType?, target: { derived: { deflection, soak, deathAt, hpMax }, energy?, hp, missing? } })`
   * gives `{ hit, hurt, drop, criticalHit }`, each 0..1.
   */
  outcomeOdds,
  /** A sheet's attack as `outcomeOdds` reads it: `outcomeInput({ attacker: derived, weapon, choices, target })`. */
  outcomeInput,
  /** A keep roll's chance of a critical whose kept dice reach a sum: `criticalReaching(plan, reach)`. */
  criticalReaching,
  attackKind,
  toHitPool,
  /** Skills: the text's list by action type, the attribute each rolls, the check's pool and judgement. */
  skills: FADE_SKILLS,
  skillActions: FADE_SKILL_ACTIONS,
  skill: fadeSkill,
  skillPool,
  judgeSkill,
  damagePoolFor,
  defenseAgainst,
  hitLocation,
  rollHitLocation,
  /** Severed limbs: the parts a creature's severed-limb records name, a location read from d10 faces rolled again while they land on a missing part, and whether a part is gone. */
  missingParts,
  locationFromFaces,
  partIsGone,
  /** Where an attack's choices put a hit (a called shot's part, the Body by default), or null when it is rolled. */
  chosenPart,
  calledShotEffect,
  applyModifiers,
  carryingLimits,
  encumbrance,
  encumbrancePenalty,
  dodgeKept,
  dodgePool,
  parryPool,
  canParry,
  initiativeBonus,
  initiativeFormula,
  energyResponse,
  resistanceHealingBonus,
  parseEnergyText,
  /** The grid: 1-2-1 diagonals, threatened squares, attacks of opportunity a move provokes, flanking. */
  moveCost,
  expandPath,
  isStep,
  moveAllowance,
  threatenedBy,
  provokes,
  flanks,
  /** The action economy: spend an action from a combatant's budget (or the refusal's i18n key), the squares each movement allows. */
  spend: turn.spend,
  turn: Object.freeze({
    fresh: turn.freshTurn,
    read: turn.readTurn,
    at: turn.turnAt,
    canSpend: turn.canSpend,
    left: turn.turnLeft,
    movementSquares: turn.movementSquares,
    actions: turn.FADE_TURN_ACTIONS,
  }),
  pool: Object.freeze({ keep: keepPool, parse: parsePool, format: formatPool, add: addPools }),
  data: Object.freeze({
    bodyParts: BODY_PARTS,
    isBodyPart,
    hitLocations: DEFAULT_HIT_LOCATIONS,
    severedStatuses: SEVERED_STATUSES,
    calledShots: CALLED_SHOT_EFFECTS,
    areaOfPart: AREA_OF_PART,
    modifierIds: MODIFIER_IDS,
    modifiers: MODIFIERS,
    attackKinds: ATTACK_KINDS,
    defenses: DEFENSE_IDS,
    criticalFailurePenalty: CRITICAL_FAILURE_PENALTY,
    damageSteps: DAMAGE_STEPS,
    encumbranceStates: ENCUMBRANCE_STATES,
  }),
  labels: Object.freeze({
    bodyParts: BODY_PART_KEYS,
    damageSteps: DAMAGE_STEP_KEYS,
    negation: NEGATION_KEYS,
    attackResults: ATTACK_RESULT_KEYS,
    encumbrance: ENCUMBRANCE_KEYS,
    healthStates: HEALTH_STATE_KEYS,
  }),
});

export type FadeRulesApi = typeof fadeRules;
