/** A stored {value, max} track: current HP, a weapon's durability. */
export interface Track {
  value: number;
  max: number;
}

/** The value held within 0..max, for prepared data (the stored number is left alone). */
export function clampTrack(track: Track): void {
  track.value = Math.max(0, Math.min(track.value, track.max));
}

/**
 * Keeps an update from storing a track's value above its maximum: a new value is held to the new (or
 * current) maximum, and lowering the maximum below the stored value lowers the value with it.
 */
export function clampTrackChange(changes: unknown, key: string, current: Track): void {
  const system = (changes as { system?: Record<string, unknown> } | null)?.system;
  const change = system?.[key];
  if (!change || typeof change !== "object") return;
  const track = change as { value?: unknown; max?: unknown };
  // Changes arrive before Foundry cleans them, so a macro's "30" is still a string here.
  const read = (raw: unknown, fallback: number) => {
    const n = typeof raw === "string" && raw.trim() !== "" ? Number(raw) : raw;
    return typeof n === "number" && Number.isFinite(n) ? n : fallback;
  };
  const max = read(track.max, current.max);
  const value = read(track.value, current.value);
  if (value > max) track.value = max;
}
