import { RequestRefused, onGmRequest } from "../hooks/socket";
import type { AnthologyCombat } from "./anthology-combat";
import type { CombatantLike } from "./foundry-bases";
import { ACT_REQUEST, CUT_SHORT_REQUEST, DELAY_REQUEST, NEW_ROUND_REQUEST, ROLL_INITIATIVE_REQUEST } from "./requests";

// What the GM's client does with the combat requests of `requests.ts` (a client sends them; only the
// active GM carries them out). Kept apart from the senders, which the Combat itself calls.

/** At most this many combatants' initiative in one request (a player owns a handful). */
const MAX_ROLLS = 100;

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
