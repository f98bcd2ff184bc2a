/**
 * Deleting and replacing keys in a document update: v13's `"-=key": null` and `"==key": value`
 * became v14's `key: _del` and `key: _replace(value)` (foundry.data.operators, NOTES-v14.md §4); the
 * old keys warn on v14 and stop working in v16.
 */
import { isV14 } from "./generation";
import { Deletion, Replacement } from "./operations";
import type { OperatorGlobalsV14 } from "./v14-shapes";

const operators = () => globalThis as unknown as OperatorGlobalsV14;

/** An update entry that deletes the key at a dotted path ("flags.anthology.ledger.abc"). */
export function deleteKey(path: string): Record<string, unknown> {
  if (isV14()) return { [path]: operators()._del };
  const dot = path.lastIndexOf(".");
  return { [dot < 0 ? `-=${path}` : `${path.slice(0, dot)}.-=${path.slice(dot + 1)}`]: null };
}

const isPlain = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" &&
  value !== null &&
  !Array.isArray(value) &&
  Object.getPrototypeOf(value) === Object.prototype;

/**
 * An update written by Foundry-free code, with `DELETE` and `replaceWith(...)` markers (operations.ts),
 * in this generation's language: v13's `"-=key": null` and `"==key": value`, or v14's `key: _del` and
 * `key: _replace(value)`; through nested objects, dotted keys and embedded documents' partial updates.
 */
export function forThisGeneration<T>(update: T): T {
  const v14 = isV14();
  const at = (key: string, prefix: string) => {
    const dot = key.lastIndexOf(".");
    return `${key.slice(0, dot + 1)}${prefix}${key.slice(dot + 1)}`;
  };
  const convert = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(convert);
    if (!isPlain(value)) return value;
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (inner instanceof Deletion) {
        if (v14) out[key] = operators()._del;
        else out[at(key, "-=")] = null;
      } else if (inner instanceof Replacement) {
        if (v14) out[key] = operators()._replace(structuredClone(inner.value));
        else out[at(key, "==")] = structuredClone(inner.value);
      } else out[key] = convert(inner);
    }
    return out;
  };
  return convert(update) as T;
}

/**
 * The keys an update's change names under one object (as it reaches `_onUpdate`), each key a deletion
 * removes named plainly: v13 writes `"-=key": null`, v14 `key: _del`.
 */
export function changedKeys(value: unknown): string[] {
  if (!value || typeof value !== "object") return [];
  return Object.keys(value).map((key) => (key.startsWith("-=") ? key.slice(2) : key));
}
