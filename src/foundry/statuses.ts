/**
 * Foundry's status effects (token HUD, `toggleStatusEffect`): `CONFIG.statusEffects` is an array of
 * entries on v13 and an object keyed by id on v14 (NOTES-v14.md §5). Both shapes are read and
 * written here, whichever a world (or a module that replaced it) holds.
 */

/** A status effect as Foundry lists it. */
export interface StatusConfig {
  readonly id: string;
  readonly name: string;
  readonly img: string;
}

type Registry = StatusConfig[] | Record<string, StatusConfig>;

const registry = (): Registry => ((CONFIG as unknown as { statusEffects?: Registry }).statusEffects ??= []);

/** Every status effect the world offers. */
export function statusEntries(): StatusConfig[] {
  const all = registry();
  return Array.isArray(all) ? [...all] : Object.entries(all).map(([id, entry]) => ({ ...entry, id: entry.id ?? id }));
}

/** The status effect with this id, if the world offers it. */
export function statusEntry(id: string): StatusConfig | undefined {
  const all = registry();
  return Array.isArray(all) ? all.find((s) => s.id === id) : Object.hasOwn(all, id) ? all[id] : undefined;
}

/** Adds a status effect (once: an id already there is left as it is). */
export function registerStatus(status: StatusConfig): void {
  if (statusEntry(status.id)) return;
  const all = registry();
  if (Array.isArray(all)) all.push({ ...status });
  else all[status.id] = { ...status };
}
