import type { TrackerMarker, TrackerStatus } from "../../../combat/time-count-actions";
import type { HodActorDerived } from "../data/actor";
import { STANCE_KEYS } from "../rules/labels";
import { statusEntry } from "../../../foundry";

/** The tracker's short labels for a Heroes of Destiny combatant's numbers. */
export const HOD_TRACK_KEYS = Object.freeze({
  hp: "ANTHOLOGY.HoD.Tracker.hp",
  fatigue: "ANTHOLOGY.HoD.Tracker.fatigue",
  top: "ANTHOLOGY.HoD.Tracker.top",
});

interface TrackedActor {
  readonly system?: Partial<HodActorDerived> & {
    readonly hp?: { readonly value?: number; readonly max?: number };
    readonly stance?: string;
  };
  readonly statuses?: Iterable<string>;
}

const n = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);

/** The name key of a status effect as the world lists it, or null. */
function statusNameKey(id: string): string | null {
  return statusEntry(id)?.name ?? null;
}

/**
 * What the Time Count tracker shows under a Heroes of Destiny combatant: HP, fatigue against the
 * point where consciousness is at risk, and the Threshold of Pain left (for its owners and the GM);
 * wounded, at risk, dying or dead, and its status effects (for everyone).
 */
export function hodTrackerStatus(actor: object | null): TrackerStatus {
  const a = actor as TrackedActor | null;
  const system = a?.system;
  if (!system?.condition || !system.top || !system.fatigueTrack) return { tracks: [], markers: [] };
  const { condition, top, fatigueTrack } = system;
  const hp = { value: n(system.hp?.value), max: n(system.hp?.max) };
  const tracks = [
    { key: HOD_TRACK_KEYS.hp, value: hp.value, max: hp.max, tone: condition.dead ? "bad" : undefined },
    {
      key: HOD_TRACK_KEYS.fatigue,
      value: n(fatigueTrack.value),
      max: n(fatigueTrack.max),
      tone: condition.unconsciousRisk ? "bad" : undefined,
    },
    { key: HOD_TRACK_KEYS.top, value: n(top.value), max: n(top.max), tone: condition.wounded ? "bad" : undefined },
  ] as const;
  const markers: TrackerMarker[] = [];
  if (condition.dead) markers.push({ key: "ANTHOLOGY.HoD.Sheet.State.dead", tone: "bad" });
  else if (condition.dying) markers.push({ key: "ANTHOLOGY.HoD.Sheet.State.dying", tone: "bad" });
  if (condition.wounded && !condition.dead) markers.push({ key: "ANTHOLOGY.HoD.Sheet.State.wounded", tone: "bad" });
  // Knocked prone (or lying down) is the prone stance: shown like a status.
  if (system.stance === "prone") markers.push({ key: STANCE_KEYS.prone.name, tone: "note" });
  for (const id of a?.statuses ?? []) {
    if (id === "dead") continue;
    const key = statusNameKey(id);
    if (key) markers.push({ key, tone: "note" });
  }
  return { tracks: tracks.map((t) => (t.tone ? t : { key: t.key, value: t.value, max: t.max })), markers };
}
