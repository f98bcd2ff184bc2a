/**
 * Test data in the shape the stand-in's Foundry generation stores it (v13 or v14): what a world that
 * ran Anthology holds, for fixtures and expectations that differ between the two.
 */
import { standInGeneration } from "../foundry/generation";

/** The ids of the world's status effects (CONFIG.statusEffects: an array on v13, keyed by id on v14). */
export function statusIds(): string[] {
  const registry = (CONFIG as unknown as { statusEffects: Array<{ id: string }> | Record<string, { id: string }> })
    .statusEffects;
  return Array.isArray(registry) ? registry.map((s) => s.id) : Object.keys(registry);
}

/**
 * A stored effect that lasts `rounds` rounds from `startRound` of `combat` (its bearer's combatant,
 * when known, and when in the bearer's turn it ends), as Anthology writes one in this generation.
 */
export function lastingEffectData(
  data: { name: string; statuses: string[]; flags?: Record<string, Record<string, unknown>> },
  lasting: { rounds: number; combat: string; startRound: number; startTurn: number; combatant: string; until: string },
): Record<string, unknown> {
  const flags = { ...data.flags, anthology: { ...data.flags?.anthology, expiry: lasting.until } };
  if (standInGeneration() === 14)
    return {
      ...data,
      flags,
      duration: { value: lasting.rounds, units: "rounds", expiry: lasting.until },
      start: {
        combat: lasting.combat,
        combatant: lasting.combatant,
        round: lasting.startRound,
        turn: lasting.startTurn,
      },
    };
  const { rounds, combat, startRound, startTurn } = lasting;
  return { ...data, flags, duration: { rounds, combat, startRound, startTurn } };
}

/** How an update deletes `key` in this generation: `"-=key": null` (v13), or `key: _del` (v14). */
export function deletion(key: string): Record<string, unknown> {
  return standInGeneration() === 14 ? { [key]: (globalThis as { _del?: unknown })._del } : { [`-=${key}`]: null };
}
