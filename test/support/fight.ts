/**
 * A combat of the configured class (Anthology's) with ready-made combatants, as the world's viewed
 * combat (`game.combat`, and in `game.combats`, where GM requests look it up), set up by the GM.
 */
import type { AnthologyCombat } from "../../src/combat/anthology-combat";

export type Fight = AnthologyCombat & {
  id: string;
  round: number;
  turn: number | null;
  combatant: { id: string } | undefined;
  addCombatant(c: unknown): unknown;
};

type User = { id: string; isGM: boolean; isSelf: boolean };

/**
 * Runs `fn` as the world's GM when this client is a player's: an encounter is set up by a GM (the
 * server refuses a player creating combatants they do not own), whoever plays it afterwards.
 */
export function asWorldGm<T>(fn: () => T): T {
  const me = game.user as unknown as User;
  const gm = [...(game.users as unknown as Map<string, User>).values()].find((u) => u.isGM);
  if (me.isGM || !gm) return fn();
  Object.assign(me, { isSelf: false });
  Object.assign(gm, { isSelf: true });
  (game as unknown as { user: User }).user = gm;
  try {
    return fn();
  } finally {
    Object.assign(me, { isSelf: true });
    Object.assign(gm, { isSelf: false });
    (game as unknown as { user: User }).user = me;
  }
}

export function fightOf(
  id: string,
  combatants: ReadonlyArray<{ id: string; name: string; initiative: number | null; actor: unknown }>,
): Fight {
  const config = CONFIG as unknown as { Combat: { documentClass: unknown }; Combatant: { documentClass: unknown } };
  const Combat = config.Combat.documentClass as new (d: object) => Fight;
  const Combatant = config.Combatant.documentClass as new (d: object) => object;
  const combat = new Combat({ id });
  asWorldGm(() => {
    for (const c of combatants) combat.addCombatant(new Combatant(c));
  });
  (game as unknown as { combat: unknown }).combat = combat;
  (game as unknown as { combats: Map<string, unknown> }).combats.set(combat.id, combat);
  return combat;
}
