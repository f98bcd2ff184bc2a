import { requestGm } from "../hooks/socket";

export const ACT_REQUEST = "timeCount.act";
export const DELAY_REQUEST = "timeCount.delay";
export const CUT_SHORT_REQUEST = "timeCount.cutShort";
export const NEW_ROUND_REQUEST = "combat.newRound";
export const ROLL_INITIATIVE_REQUEST = "timeCount.rollInitiative";

/** The combat a request names: its id (and, for a new round, the round it is in now). */
interface CombatRef {
  readonly id: string;
  readonly round?: number | null;
}

/** Rolls the initiative of `combatantIds` (not rolled yet) through the GM, who writes it. */
export function requestRollInitiative(combat: CombatRef, combatantIds: readonly string[]): Promise<boolean> {
  return requestGm(ROLL_INITIATIVE_REQUEST, { combatId: combat.id, combatantIds: [...combatantIds] });
}

/** Starts the next round of `combat` through the GM (from the round it is in now). */
export function requestNewRound(combat: CombatRef): Promise<boolean> {
  return requestGm(NEW_ROUND_REQUEST, { combatId: combat.id, round: combat.round });
}

/** Records that `combatantId` acted (`choice` is the rule set's): carried out by the GM, from whichever client asks. */
export function requestAct(combat: CombatRef, combatantId: string, choice: unknown): Promise<boolean> {
  return requestGm(ACT_REQUEST, { combatId: combat.id, combatantId, choice });
}

/** Moves `combatantId`'s next action to the later TC `toTc`, through the GM. */
export function requestDelay(combat: CombatRef, combatantId: string, toTc: number): Promise<boolean> {
  return requestGm(DELAY_REQUEST, { combatId: combat.id, combatantId, toTc });
}

/** Brings `combatantId`'s next action forward to the earlier TC `toTc` (an action abandoned), through the GM. */
export function requestCutShort(combat: CombatRef, combatantId: string, toTc: number): Promise<boolean> {
  return requestGm(CUT_SHORT_REQUEST, { combatId: combat.id, combatantId, toTc });
}
