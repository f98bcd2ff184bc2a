/**
 * Heroes of Destiny play flows: what the sheet's buttons call (the seam below) and what the chat cards'
 * buttons call. Every rule comes from src/rules/hod; the flows ask the user, roll with Foundry's dice,
 * post the cards, change documents and record actions on the Time Count.
 */
import { registerApplyDamageRequest } from "./damage";

export { HOD_CARD_TEMPLATES, hodCardFlags } from "./common";
export { defenseFor, defensesOf, meetDefense, postHodAttack, rollHodAttack } from "./attack";
export {
  HOD_APPLY_DAMAGE_REQUEST,
  appliedCardOf,
  applyHodHit,
  postHodDamage,
  rollDamageFromAttack,
  rollHodDamage,
  requestApplyHodDamage,
} from "./damage";
export { consciousnessCheckOf, postHodCheck, rollConsciousness, rollHodCheck, type HodCheckOptions } from "./check";
export { postHodSpecial, rollHodSpecial, rollSpecialDamage } from "./special";
export { onTimeCountAdvance, shiftHodStance } from "./stance";

/** An actor as the sheet hands it over (any Actor document; the flows read it as a HodActor). */
export type HodActorDoc = object;
/** An item as the sheet hands it over (any Item document; the flows read it as a HodItem). */
export type HodItemDoc = object;

/** What the GM carries out for players: applying damage to actors they do not own. */
export function registerHodRequests(): void {
  registerApplyDamageRequest();
}
