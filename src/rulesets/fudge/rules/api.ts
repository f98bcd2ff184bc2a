import { NPC_DICE, judge, opposed, rolled, tacticsWinner, unitScale, UNIT_SCALE } from "./actions";
import {
  MINIMUM_CHOICES,
  MINIMUM_TO_HIT,
  STANCE_IDS,
  WOUNDS,
  WOUND_BOXES,
  damage,
  defenderMinimum,
  markWound,
  meleeRound,
  stance,
  woundFor,
  woundPenalty,
} from "./combat";
import { levelName, levelOf } from "./ladder";
import { unarmedSize } from "./play";
import { scaleDieWound, stoppedOnlyByScale } from "./exchange";
import { AIM_DEGREE, ATTACK_TYPE_TABLE, aimDegree, attackTypeLocation } from "./locations";
import { outcomeOdds } from "./outcome";

/** FUDGE's rules for macros and modules: `api.rules.fudge` (a public contract: keep names and shapes). */
export const fudgeApi = Object.freeze({
  levelName,
  levelOf,
  rolled,
  judge,
  opposed,
  npcDice: NPC_DICE,
  tacticsWinner,
  stances: STANCE_IDS,
  stance,
  unitScaleTable: UNIT_SCALE,
  unitScale,
  minimumToHit: MINIMUM_TO_HIT,
  minimumChoices: MINIMUM_CHOICES,
  defenderMinimum,
  meleeRound,
  damage,
  wounds: WOUNDS,
  woundBoxes: WOUND_BOXES,
  woundFor,
  markWound,
  woundPenalty,
  unarmedSize,
  stoppedOnlyByScale,
  scaleDieWound,
  aimTable: AIM_DEGREE,
  aimDegree,
  attackTypeTable: ATTACK_TYPE_TABLE,
  attackTypeLocation,
  outcomeOdds,
});
