import {
  WOUND_CHART,
  WOUND_LEVELS,
  activeDefense,
  bodyPointsAfter,
  damageBonus,
  multiActionPenalty,
  scale,
  woundLevel,
} from "./combat";
import { addCodes, fromPips, normalize, strengthDamage, toPips, weaponDamage } from "./codes";
import { initiativeBonus, initiativeFormula, initiativeTie, initiativeWithExtras } from "./initiative";
import { STUMBLE_DICE, aimsWith, keepsGrip, mayKnockDown, quickDrawLeaves } from "./options";
import { situationModifier } from "./situation";
import { acrobaticsDefenseBonus, defenseWith } from "./defense-modifiers";
import { reflexesBased } from "./traits";
import { UNARMED_ATTACK, unarmedReaches } from "./attack";
import { actionRefusal, knockoutHours } from "./health";
import { listedDamage, struckBy } from "./defense";
import { attackOutcomeOdds } from "./outcome-odds";

/** OpenD6's rules for macros and modules: `api.rules.opend6` (a public contract: keep names and shapes). */
export const opend6Api = Object.freeze({
  toPips,
  fromPips,
  normalize,
  addCodes,
  strengthDamage,
  weaponDamage,
  damageBonus,
  activeDefense,
  scale,
  woundLevels: WOUND_LEVELS,
  woundChart: WOUND_CHART,
  woundLevel,
  bodyPointsAfter,
  multiActionPenalty,
  aimsWith,
  quickDrawLeaves,
  initiativeBonus,
  initiativeFormula,
  situationModifier,
  acrobaticsDefenseBonus,
  defenseWith,
  initiativeTie,
  initiativeWithExtras,
  /** An unarmed blow's damage code from Physique (or lifting): Strength Damage alone. */
  unarmedDamage: (physique: string): string => weaponDamage(physique, UNARMED_ATTACK.damage),
  unarmedReaches,
  actionRefusal,
  knockoutHours,
  struckBy,
  listedDamage,
  mayKnockDown,
  reflexesBased,
  stumbleDice: STUMBLE_DICE,
  keepsGrip,
  /** The exact chances that an attack hits, hurts and drops its target (docs/opend6.md, "Outcome odds"). */
  outcomeOdds: attackOutcomeOdds,
});
