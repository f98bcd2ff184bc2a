/**
 * Heroes of Destiny play flows: what the sheet's buttons call (the seam below). Every rule comes from
 * the rule set's `rules/`; the flows ask the user, roll with Foundry's dice, post the cards on the
 * play layer (src/play) and record actions on the Time Count. Applying a card's row is the GM's work
 * (kinds/); a card's buttons start the flows provided here (flow-registry.ts).
 */
import { rollConsciousness, rollFatigueCheck } from "./check";
import { afterHodAct } from "./run";
import { rollDamageFromAttack } from "./damage";
import { hodFlows } from "./flow-registry";
import { releaseGrab, rollFollowUp, rollRowAction } from "./special";
import { escapeStaple } from "./staple";

export { postHodAttack, readWeapon, rollHodAttack } from "./attack";
export { postHodDamage, rollHodDamage } from "./damage";
export { postHodCheck, rollHodCheck, type HodCheckOptions } from "./check";
export { postHodSpecial, rollHodSpecial } from "./special";
export { onTimeCountAdvance, shiftHodStance } from "./stance";
export { restHod } from "./rest";
export { abandonHodSpell, castHodSpell, chargeHodSpell, prepareHodSpell, spellState } from "./spell";
export { defenseFor, meetDefense } from "./target";

/** An actor as the sheet hands it over (any Actor document; the flows read it as a HodActor). */
export type HodActorDoc = object;
/** An item as the sheet hands it over (any Item document; the flows read it as a HodItem). */
export type HodItemDoc = object;

/** Provides the flows the cards' buttons start (the plug-in's init). */
export function registerHodFlows(): void {
  hodFlows.provide({
    rollDamage: rollDamageFromAttack,
    consciousness: rollConsciousness,
    fatigueCheck: rollFatigueCheck,
    followUp: rollFollowUp,
    freeGrab: rollRowAction("freeGrab"),
    dragBreak: rollRowAction("dragBreak"),
    shuntTrip: rollRowAction("shuntTrip"),
    releaseGrab: releaseGrab,
    stapleAthletics: escapeStaple("athletics"),
    stapleAcrobatics: escapeStaple("acrobatics"),
    afterAct: afterHodAct,
  });
}
