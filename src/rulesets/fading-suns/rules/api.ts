import { RANGE_BANDS, STANCE_IDS, initiative, rangeModifier, stance, strengthDamageBonus } from "./combat";
import { complementaryBonus, contested, quickComplementary, resolveGoal, victoryPoints } from "./goals";

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
});
