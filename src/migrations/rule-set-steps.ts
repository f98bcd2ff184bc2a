/**
 * The migration scaffold a rule set fills in with only what is its own (pure: plain stored data in,
 * changed in place). Two changes came to several rule sets alike: their actors leaving the shared
 * character model's health track for their own data, and their chat cards moving from their own flag
 * into the play layer's card. A rule set's `migrations.ts` names its types, fields and card shapes;
 * the walk over the stored data is here, once.
 */
import type { DocumentSource } from "./migration";

/** A stored object (not null, not an array): what a step may read fields from. */
export const isRecord = (v: unknown): v is DocumentSource => typeof v === "object" && v !== null && !Array.isArray(v);

/** A stored reference to a document (`{ uuid, name }`), or null when there is none. */
export const refOf = (v: unknown): { uuid: string; name: string } | null =>
  isRecord(v) && typeof v.uuid === "string" ? { uuid: v.uuid, name: String(v.name ?? "") } : null;

/** Where a rule set keeps what a health track held: given the actor's system data (the track gone) and the track. */
export type KeepHealth = (system: DocumentSource, health: DocumentSource) => void;

/**
 * The actor step of a rule set whose actors (`types`) leave the shared character model (a health track
 * and notes) for its own: the track goes, the notes stay, and `keep` puts what the track held where
 * the rule set's model has room for it. Other actors, and actors without a track, are left alone.
 */
export function leaveSharedHealth(types: readonly string[], keep: KeepHealth): { actor(source: DocumentSource): void } {
  const own = new Set(types);
  return {
    actor(source) {
      if (!own.has(String(source.type)) || !isRecord(source.system)) return;
      const system = source.system;
      const health = system.health;
      if (!isRecord(health)) return;
      delete system.health;
      keep(system, health);
    },
  };
}

/**
 * A `keep` for a rule set with a track of its own (`system[field]`, `{ value, max }`): a filled-in
 * health track becomes it, in whole numbers; an untouched one (0 of 0) leaves the new model's defaults,
 * and a track already there stays as it is.
 */
export function healthBecomes(field: string): KeepHealth {
  const whole = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? Math.trunc(v) : 0);
  return (system, health) => {
    const value = whole(health.value);
    const max = whole(health.max);
    if (max <= 0 && value === 0) return;
    if (isRecord(system[field])) return;
    system[field] = { value, max: Math.max(0, max) };
  };
}

/** A change to an old card's HTML: what to find, and what it becomes. */
export type HtmlRewrite = readonly [RegExp, string];

/**
 * The message step of a rule set whose chat cards lived under `flags.anthology.<key>`: each becomes
 * the play layer's card (`flags.anthology.card`; `cardOf` gives null for one that becomes plain
 * text), and its HTML changes as `rewrites` says (its buttons renamed), so cards posted before keep
 * working. `cardOf` also sees the whole message (its rolls).
 */
export function cardFlagsMove(
  key: string,
  cardOf: (old: DocumentSource, message: DocumentSource) => DocumentSource | null,
  rewrites: (old: DocumentSource) => readonly HtmlRewrite[],
): { message(source: DocumentSource): void } {
  return {
    message(source) {
      const ours = isRecord(source.flags) && isRecord(source.flags.anthology) ? source.flags.anthology : null;
      const old = ours?.[key];
      if (!ours || !isRecord(old)) return;
      const card = cardOf(old, source);
      delete ours[key];
      if (card) ours.card = card;
      if (typeof source.content === "string") {
        source.content = rewrites(old).reduce((html, [from, to]) => html.replace(from, to), source.content);
      }
    },
  };
}
