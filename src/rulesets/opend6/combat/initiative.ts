import { SYSTEM_ID } from "../../../constants";
import { initiativeTie, rollsEveryRound, type InitiativeCodes, type OpenD6Derived } from "../rules";
import { initiativeMethodSetting } from "../settings";
import { endDefenses, type DefenseCombat } from "../chat/defense";
import { endFullAuto } from "../chat/full-auto";
import { isOpenD6Actor, type OpenD6ActorLike } from "../chat/target";

/** The combat flag (system scope) naming the latest round whose initiative was rolled again. */
export const ROLLED_FOR = "opend6RolledFor";

/** A combat as the round hook reads and changes it. */
export interface RoundCombat {
  readonly round: number;
  readonly combatants: Iterable<{
    readonly id: string;
    readonly actor: OpenD6ActorLike | null;
    readonly isDefeated?: boolean;
  }>;
  getFlag?(scope: string, key: string): unknown;
  rollInitiative(ids: string[], options?: { updateTurn?: boolean }): Promise<unknown>;
  update(data: object): Promise<unknown>;
}

/**
 * With the every-round method, every OpenD6 combatant rolls Perception again for `round`, once (a GM
 * stepping back, and forward again, keeps the order rolled). Combatants of other rule sets are left alone.
 */
async function rollRound(combat: RoundCombat, round: number, options: { updateTurn: boolean }): Promise<boolean> {
  const rolled = combat.getFlag?.(SYSTEM_ID, ROLLED_FOR);
  if (!rollsEveryRound(initiativeMethodSetting()) || (typeof rolled === "number" && round <= rolled)) return false;
  const ids = [...combat.combatants].filter((c) => !c.isDefeated && isOpenD6Actor(c.actor as never)).map((c) => c.id);
  if (!ids.length) return false;
  await combat.rollInitiative(ids, options);
  await combat.update({ [`flags.${SYSTEM_ID}.${ROLLED_FOR}`]: round });
  return true;
}

/**
 * The rounds tracker's `beforeRound`: a GM starting a new round rolls its initiative first, so the
 * round starts with the highest roll and each active defense ends at its bearer's turn in the new order.
 */
export async function rollBeforeRound(combat: RoundCombat): Promise<void> {
  if (!game.user?.isGM || combat.round < 1) return;
  // The turn stays with whoever has it until the round moves (its end is that combatant's).
  await rollRound(combat, combat.round + 1, { updateTurn: true });
}

/**
 * `updateCombat`: a round a player's client started (ending the last turn) is rolled again by the
 * active GM once it has begun, and starts with the highest roll. Not when the GM steps back.
 */
export async function rerollEachRound(
  combat: RoundCombat,
  changed: { round?: unknown },
  options: { direction?: unknown } = {},
): Promise<void> {
  if (!game.users?.activeGM?.isSelf) return;
  if (!("round" in changed) || options.direction === -1 || combat.round < 2) return;
  if (await rollRound(combat, combat.round, { updateTurn: false })) await combat.update({ turn: 0 });
}

/**
 * OpenD6's `updateCombat`: a round begun without its roll is rolled first, then the active defenses
 * whose bearer's turn has come (in the order as it now stands) end. So a defense never ends by the old
 * order: "before his turn in the next round" is that turn in the new one.
 */
export async function onUpdateCombat(
  combat: RoundCombat,
  changed: { round?: unknown; turn?: unknown },
  options: { direction?: unknown } = {},
): Promise<void> {
  await rerollEachRound(combat, changed, options);
  await endDefenses(combat as unknown as DefenseCombat, changed);
  await endFullAuto(combat as unknown as DefenseCombat, changed);
}

/** The codes an OpenD6 combatant's actor breaks initiative ties with, or null for another rule set's. */
function tieCodes(combatant: unknown): InitiativeCodes | null {
  const actor = (combatant as { actor?: OpenD6ActorLike | null } | null)?.actor;
  if (!actor || !isOpenD6Actor(actor as never)) return null;
  const derived = (actor as unknown as { system: { derived: OpenD6Derived } }).system.derived;
  return {
    perception: derived.attributes.perception,
    search: derived.skills.search?.code ?? derived.attributes.perception,
    reflexes: derived.attributes.reflexes,
    dodge: derived.skills.dodge?.code ?? derived.attributes.reflexes,
  };
}

/** The rounds tracker's `tieBreak`: tied OpenD6 combatants in the text's order of codes. */
export function initiativeTieBreak(a: unknown, b: unknown): number {
  const ca = tieCodes(a);
  const cb = tieCodes(b);
  return ca && cb ? initiativeTie(ca, cb) : 0;
}
