import { actionSpeedFactor, actionSpeedPlan, settleActionSpeed } from "./action-speed";
import { ACTION_EXTRAS, COMBAT_ACTIONS, combatAction } from "./actions";
import { initiativeFormula } from "./initiative";
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
  initiativeFormula,
});
