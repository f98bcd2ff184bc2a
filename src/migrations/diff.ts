/**
 * The difference between a document's source before and after its migration steps, as an update
 * (API `Document#update`, shared/foundry/NOTES.md 11.6): nested objects merge, arrays are replaced
 * whole, a key set to `DELETE` is deleted, and `system: replaceWith(...)` replaces `system` whole,
 * which is how a document changes its `type`. The runner writes the markers in the generation's
 * language (src/foundry: `-=`/`==` on v13, operators on v14). Foundry-free, so the runner's writes
 * can be checked without Foundry.
 */
import { DELETE, replaceWith } from "../foundry/operations";
import type { DocumentSource } from "./migration";

type Plain = Record<string, unknown>;

/** Embedded collections stored inside an actor's source, each an array of sources with an `_id`. */
export const EMBEDDED_COLLECTIONS = ["items", "effects"] as const;

/**
 * How embedded changes are written. "byId": only the changed embedded documents, each as its own
 * partial update with its `_id` (a world or compendium actor). "whole": every item and effect, whole,
 * as a token's synthetic actor needs, since partial embedded updates through an ActorDelta misbehave
 * (NOTES.md 11.3).
 */
export type EmbeddedWrites = "byId" | "whole";

/** A migration step added or removed an embedded document, which one update cannot do safely. */
export class EmbeddedChangeError extends Error {
  constructor(collection: string) {
    super(`a migration step added or removed ${collection}; steps may only change the ones there are`);
    this.name = "EmbeddedChangeError";
  }
}

export function isPlainObject(value: unknown): value is Plain {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Deep equality of JSON values; a key holding `undefined` counts as absent. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => jsonEqual(v, b[i]));
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keys = (o: Plain) => Object.keys(o).filter((k) => o[k] !== undefined);
  const ka = keys(a);
  return ka.length === keys(b).length && ka.every((k) => k in b && jsonEqual(a[k], b[k]));
}

/** The nested update that turns `before` into `after`, or null when they are equal. */
export function diffSource(before: Plain, after: Plain): Plain | null {
  const diff: Plain = {};
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined) continue;
    const old = before[key];
    if (isPlainObject(value) && isPlainObject(old)) {
      const inner = diffSource(old, value);
      if (inner) diff[key] = inner;
    } else if (old === undefined || !jsonEqual(old, value)) {
      diff[key] = structuredClone(value);
    }
  }
  for (const [key, value] of Object.entries(before)) {
    if (value !== undefined && after[key] === undefined) diff[key] = DELETE;
  }
  return Object.keys(diff).length > 0 ? diff : null;
}

/**
 * The one update that writes a migrated document: its own fields, a type change (with `system`
 * replaced whole), and its embedded items and effects as `embedded` says. Null when nothing changed.
 */
export function documentDiff(before: DocumentSource, after: DocumentSource, embedded: EmbeddedWrites): Plain | null {
  const own = (source: DocumentSource) =>
    Object.fromEntries(
      Object.entries(source).filter(([k]) => !(EMBEDDED_COLLECTIONS as readonly string[]).includes(k)),
    );
  const diff = diffSource(own(before), own(after)) ?? {};
  if (after.type !== before.type && after.type !== undefined) {
    diff.type = after.type;
    diff.system = replaceWith(structuredClone(after.system ?? {}));
  }
  const changes = EMBEDDED_COLLECTIONS.map((name) => [name, embeddedChanges(name, before[name], after[name])] as const);
  if (changes.some(([, list]) => list.length > 0)) {
    for (const [name, list] of changes) {
      if (embedded === "byId") {
        if (list.length > 0) diff[name] = list;
      } else if (Array.isArray(after[name])) {
        diff[name] = structuredClone(after[name]);
      }
    }
  }
  return Object.keys(diff).length > 0 ? diff : null;
}

/** Partial updates (`{_id, ...diff}`) for the embedded documents that changed. */
function embeddedChanges(name: string, before: unknown, after: unknown): Plain[] {
  const list = (value: unknown) => (Array.isArray(value) ? value.filter(isPlainObject) : []);
  const old = new Map(list(before).map((s) => [String(s._id), s]));
  const now = list(after);
  if (now.length !== old.size || now.some((s) => !old.has(String(s._id)))) throw new EmbeddedChangeError(name);
  const out: Plain[] = [];
  for (const source of now) {
    const diff = documentDiff(old.get(String(source._id))!, source, "byId");
    if (diff) out.push({ _id: source._id, ...diff });
  }
  return out;
}
