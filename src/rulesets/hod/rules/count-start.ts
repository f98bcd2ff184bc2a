/**
 * A target as it stood at the start of a Time Count: every die of a count is rolled before any effect
 * applies, so a hit of that count is judged against the defenses the target had when it began, whatever
 * order the GM applies the count's rows in (shared/rules/README.md, "Hits on the same Time Count").
 */
import type { HodEffectLink } from "./effects";

/** A count of one combat: the combat's id and its TC. */
export interface CountAt {
  readonly combat: string;
  readonly tc: number;
}

/** A stance and whether its shift is still under way. */
export interface StanceNow {
  readonly stance: string;
  readonly shifting: boolean;
}

/** A stance change made by an apply on a count: the count, and the stance the actor had just before it. */
export interface StanceChange extends CountAt {
  readonly before: StanceNow;
}

/** Most stance changes an actor remembers (the oldest go first). */
export const MAX_STANCE_CHANGES = 8;

/** The stance changes as stored (a JSON string, read as untrusted: anything malformed is dropped). */
export function readStanceChanges(raw: unknown): StanceChange[] {
  if (typeof raw !== "string" || raw.length > 4_000) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const out: StanceChange[] = [];
  for (const c of data.slice(-MAX_STANCE_CHANGES) as Array<Record<string, unknown> | null>) {
    const before = c?.before as Record<string, unknown> | undefined;
    if (typeof c?.combat !== "string" || typeof c.tc !== "number" || !Number.isFinite(c.tc)) continue;
    if (typeof before?.stance !== "string" || before.stance.length > 40) continue;
    out.push({
      combat: c.combat.slice(0, 100),
      tc: c.tc,
      before: { stance: before.stance, shifting: before.shifting === true },
    });
  }
  return out;
}

/** The changes with one more: a stance change made on count `at` from the stance `before`. */
export function withStanceChange(changes: readonly StanceChange[], at: CountAt, before: StanceNow): StanceChange[] {
  return [...changes, { ...at, before }].slice(-MAX_STANCE_CHANGES);
}

/**
 * The stance an actor had at the start of count `at`: the stance before the first change (in the order
 * they were applied) made on that count or a later one of the same combat; with none, the stance now.
 */
export function stanceAtCount(now: StanceNow, changes: readonly StanceChange[], at: CountAt | null): StanceNow {
  if (!at) return now;
  return changes.find((c) => c.combat === at.combat && c.tc >= at.tc)?.before ?? now;
}

/**
 * The effect links an actor had at the start of count `at`: without those made on that count or later
 * (a link's `since` is the TC of the action that made it).
 */
export function linksAtCount<L extends Pick<HodEffectLink, "since">>(links: readonly L[], at: CountAt | null): L[] {
  if (!at) return [...links];
  return links.filter((l) => l.since === null || l.since < at.tc);
}

/** The count-start rules, spread into `api.rules.hod`. */
export const HOD_COUNT_START_API = Object.freeze({ readStanceChanges, withStanceChange, stanceAtCount, linksAtCount });
