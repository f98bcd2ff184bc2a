/**
 * A combat of the configured class (Anthology's) with ready-made combatants, as the world's viewed
 * combat (`game.combat`, and in `game.combats`, where GM requests look it up).
 */
import type { AnthologyCombat } from "../../src/combat/anthology-combat";

export type Fight = AnthologyCombat & {
  id: string;
  round: number;
  turn: number | null;
  combatant: { id: string } | undefined;
  addCombatant(c: unknown): unknown;
};

export function fightOf(
  id: string,
  combatants: ReadonlyArray<{ id: string; name: string; initiative: number | null; actor: unknown }>,
): Fight {
  const config = CONFIG as unknown as { Combat: { documentClass: unknown }; Combatant: { documentClass: unknown } };
  const Combat = config.Combat.documentClass as new (d: object) => Fight;
  const Combatant = config.Combatant.documentClass as new (d: object) => object;
  const combat = new Combat({ id });
  for (const c of combatants) combat.addCombatant(new Combatant(c));
  (game as unknown as { combat: unknown }).combat = combat;
  (game as unknown as { combats: Map<string, unknown> }).combats.set(combat.id, combat);
  return combat;
}
