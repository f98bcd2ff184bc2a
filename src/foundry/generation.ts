/**
 * The Foundry generation this client runs: the only read of `game.release.generation` in Anthology.
 * Everything that differs between v13 and v14 lives beside this file (src/foundry/) and asks here;
 * rule sets and the play layer call those helpers and never branch on the version themselves.
 */

/** The Foundry generations Anthology supports, oldest first. */
export const GENERATIONS = Object.freeze([13, 14] as const);
export type Generation = (typeof GENERATIONS)[number];

/** This client's Foundry generation (13 when `game.release` is missing, as in a bare test). */
export function generation(): Generation {
  const found = (globalThis as { game?: { release?: { generation?: unknown } } }).game?.release?.generation;
  return typeof found === "number" && found >= 14 ? 14 : 13;
}

/** Whether core has v14's APIs here: message modes, operators, effect expiry, scene levels, rich chat input. */
export const isV14 = (): boolean => generation() >= 14;
