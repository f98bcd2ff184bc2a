/** A combatant as the flows read it. */
export interface CombatantLike {
  readonly id: string;
  readonly name: string;
  readonly actor: { readonly uuid?: string; readonly id?: string } | null;
  readonly initiative: number | null;
  readonly isDefeated: boolean;
  getFlag(scope: string, key: string): unknown;
}

/** A combat as the flows read it: its combatants. */
export interface CombatLike {
  readonly combatants: Iterable<CombatantLike>;
}

/** The active combat (`game.combat`), if any. */
export function activeCombat<T = unknown>(): T | null {
  return ((game as unknown as { combat?: T | null }).combat ?? null) as T | null;
}

/** The combatant of an actor in a combat: the one whose actor is this very actor (a token's, or a linked one). */
export function combatantOf(combat: CombatLike | null, actor: { uuid: string }): CombatantLike | null {
  if (!combat) return null;
  for (const combatant of combat.combatants) if (combatant.actor?.uuid === actor.uuid) return combatant;
  return null;
}
