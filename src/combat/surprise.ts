import { AnthologyCombat } from "./anthology-combat";

/**
 * `combatStart` (fired on the initiating client before the start is saved): a combat that opens with
 * a surprise round starts on the first ambusher's turn instead of the first combatant's.
 */
export function onCombatStart(combat: unknown, updateData: { round: number; turn: number | null }): void {
  if (!(combat instanceof AnthologyCombat)) return;
  const turn = combat.firstTurnOnStart();
  if (turn !== null) updateData.turn = turn;
}
