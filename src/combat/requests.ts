import { RequestRefused, onGmRequest, requestGm } from "../hooks/socket";
import type { AnthologyCombat } from "./anthology-combat";
import type { CombatantLike } from "./foundry-bases";

export const ACT_REQUEST = "timeCount.act";
export const DELAY_REQUEST = "timeCount.delay";
export const CUT_SHORT_REQUEST = "timeCount.cutShort";
export const NEW_ROUND_REQUEST = "combat.newRound";
export const ROLL_INITIATIVE_REQUEST = "timeCount.rollInitiative";

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
    await combat.actCombatant(combatant.id, payload.choice, userId);
  });
  onGmRequest(DELAY_REQUEST, async (payload, userId) => {
    const { combat, combatant } = lookUp(payload, userId);
    await combat.delayCombatant(combatant.id, payload.toTc);
  });
  onGmRequest(CUT_SHORT_REQUEST, async (payload, userId) => {
    const { combat, combatant } = lookUp(payload, userId);
    await combat.cutShortCombatant(combatant.id, payload.toTc, userId);
  });
  // A player rolls the first initiative of their own combatants; only a GM rolls one again.
  onGmRequest(ROLL_INITIATIVE_REQUEST, async (payload, userId) => {
    const ids = Array.isArray(payload.combatantIds) ? payload.combatantIds.slice(0, MAX_ROLLS) : [];
    const user = (game.users as unknown as { get(id: string): UserLike | undefined }).get(userId);
    const rolling: string[] = [];
    let combat: AnthologyCombat | undefined;
    for (const combatantId of ids) {
      const found = lookUp({ combatId: payload.combatId, combatantId }, userId);
      combat = found.combat;
      if (found.combatant.initiative !== null && !user?.isGM) {
        throw new RequestRefused({ key: "ANTHOLOGY.TimeCount.rolledAlready", data: { name: found.combatant.name } });
      }
      rolling.push(found.combatant.id);
    }
    if (combat && rolling.length) await combat.rollInitiative(rolling);
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

/** At most this many combatants' initiative in one request (a player owns a handful). */
const MAX_ROLLS = 100;

/** Rolls the initiative of `combatantIds` (not rolled yet) through the GM, who writes it. */
export function requestRollInitiative(combat: AnthologyCombat, combatantIds: readonly string[]): Promise<boolean> {
  return requestGm(ROLL_INITIATIVE_REQUEST, { combatId: combat.id, combatantIds: [...combatantIds] });
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
