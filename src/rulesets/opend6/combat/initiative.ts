import { rollsEveryRound } from "../rules";
import { initiativeMethodSetting } from "../settings";
import { expireDefenses } from "../chat/defense";
import { isOpenD6Actor, type OpenD6ActorLike } from "../chat/target";

/** A combat as the round hook reads and changes it. */
export interface RoundCombat {
  readonly round: number;
  readonly combatants: Iterable<{
    readonly id: string;
    readonly actor: OpenD6ActorLike | null;
    readonly isDefeated?: boolean;
  }>;
  rollInitiative(ids: string[], options?: { updateTurn?: boolean }): Promise<unknown>;
  update(data: object): Promise<unknown>;
}

/**
 * `updateCombat`: with the every-round method, when a new round starts (not when the GM steps back),
 * the active GM rolls every OpenD6 combatant's Perception again and the round starts with the highest.
 * Combatants of other rule sets are left alone.
 */
export async function rerollEachRound(
  combat: RoundCombat,
  changed: { round?: unknown },
  options: { direction?: unknown } = {},
): Promise<void> {
  if (!game.users?.activeGM?.isSelf) return;
  if (!("round" in changed) || options.direction === -1 || combat.round < 2) return;
  if (!rollsEveryRound(initiativeMethodSetting())) return;
  const ids = [...combat.combatants].filter((c) => !c.isDefeated && isOpenD6Actor(c.actor as never)).map((c) => c.id);
  if (!ids.length) return;
  await combat.rollInitiative(ids, { updateTurn: false });
  await combat.update({ turn: 0 });
}

/** `updateCombat` for OpenD6: active defenses end with their bearer's next turn; every-round initiative. */
export async function onCombatUpdate(
  combat: RoundCombat & Parameters<typeof expireDefenses>[0],
  changed: { round?: unknown; turn?: unknown },
  options: { direction?: unknown } = {},
): Promise<void> {
  await expireDefenses(combat, changed);
  await rerollEachRound(combat, changed, options);
}
