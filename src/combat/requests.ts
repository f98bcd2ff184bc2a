import { RequestRefused, onGmRequest, requestGm } from "../hooks/socket";
import type { AnthologyCombat } from "./anthology-combat";
import type { CombatantLike } from "./foundry-bases";

export const ACT_REQUEST = "timeCount.act";
export const DELAY_REQUEST = "timeCount.delay";
export const CUT_SHORT_REQUEST = "timeCount.cutShort";
export const NEW_ROUND_REQUEST = "combat.newRound";

interface UserLike {
  readonly isGM: boolean;
}

function lookUp(
  payload: Record<string, unknown>,
  userId: string,
): { combat: AnthologyCombat; combatant: CombatantLike } {
  const combats = (game as unknown as { combats: { get(id: string): AnthologyCombat | undefined } }).combats;
  const combat = typeof payload.combatId === "string" ? combats.get(payload.combatId) : undefined;
  const combatant = typeof payload.combatantId === "string" ? combat?.combatants.get(payload.combatantId) : undefined;
  if (!combat || !combatant) throw new RequestRefused({ key: "ANTHOLOGY.TimeCount.gone" });
  const user = (game.users as unknown as { get(id: string): UserLike | undefined }).get(userId);
  // Players act and delay only for combatants they own; the GM for everyone.
  if (!user || !(user.isGM || combatant.actor?.testUserPermission(user, "OWNER"))) {
    throw new RequestRefused({ key: "ANTHOLOGY.TimeCount.notOwner", data: { name: combatant.name } });
  }
  return { combat, combatant };
}

/**
 * What the GM does when a player (or the GM) records an action or a delay. The payload is whatever the
 * asking client sent: the combat checks the choice through the rule set's plug-in (`parse`) and the TC
 * of a delay (a finite number, not in the past, within reach) before it changes anything.
 */
export function registerTimeCountRequests(): void {
  onGmRequest(ACT_REQUEST, async (payload, userId) => {
    const { combat, combatant } = lookUp(payload, userId);
    await combat.actCombatant(combatant.id, payload.choice);
  });
  onGmRequest(DELAY_REQUEST, async (payload, userId) => {
    const { combat, combatant } = lookUp(payload, userId);
    await combat.delayCombatant(combatant.id, payload.toTc);
  });
  onGmRequest(CUT_SHORT_REQUEST, async (payload, userId) => {
    const { combat, combatant } = lookUp(payload, userId);
    await combat.cutShortCombatant(combatant.id, payload.toTc);
  });
  // A player who ends the round's last turn: the GM starts the round, so the rule set prepares it first.
  onGmRequest(NEW_ROUND_REQUEST, async (payload, userId) => {
    const combats = (game as unknown as { combats: { get(id: string): AnthologyCombat | undefined } }).combats;
    const combat = typeof payload.combatId === "string" ? combats.get(payload.combatId) : undefined;
    if (!combat || combat.round !== payload.round) throw new RequestRefused({ key: "ANTHOLOGY.Combat.newRoundGone" });
    const user = (game.users as unknown as { get(id: string): UserLike | undefined }).get(userId);
    const current = combat.turns[combat.turn ?? 0] as CombatantLike | undefined;
    if (!user || !(user.isGM || current?.actor?.testUserPermission(user, "OWNER")))
      throw new RequestRefused({ key: "ANTHOLOGY.Combat.newRoundNotYours" });
    await combat.nextRound();
  });
}

/** Starts the next round of `combat` through the GM (from the round it is in now). */
export function requestNewRound(combat: AnthologyCombat): Promise<boolean> {
  return requestGm(NEW_ROUND_REQUEST, { combatId: combat.id, round: combat.round });
}

/** Records that `combatantId` acted (`choice` is the rule set's): carried out by the GM, from whichever client asks. */
export function requestAct(combat: AnthologyCombat, combatantId: string, choice: unknown): Promise<boolean> {
  return requestGm(ACT_REQUEST, { combatId: combat.id, combatantId, choice });
}

/** Moves `combatantId`'s next action to the later TC `toTc`, through the GM. */
export function requestDelay(combat: AnthologyCombat, combatantId: string, toTc: number): Promise<boolean> {
  return requestGm(DELAY_REQUEST, { combatId: combat.id, combatantId, toTc });
}

/** Brings `combatantId`'s next action forward to the earlier TC `toTc` (an action abandoned), through the GM. */
export function requestCutShort(combat: AnthologyCombat, combatantId: string, toTc: number): Promise<boolean> {
  return requestGm(CUT_SHORT_REQUEST, { combatId: combat.id, combatantId, toTc });
}
