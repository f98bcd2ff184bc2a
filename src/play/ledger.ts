import { CardError, undoRecord, type UndoRecord } from "./card";

/**
 * The record that a card's row was applied, kept on the target itself (`flags.anthology.applied`),
 * where only those who may change the target can write: a card's author can rewrite the card, so the
 * card's own mark decides nothing. Written in the same update as the change, so a row is applied once;
 * it also keeps what undo needs.
 */
export const LEDGER_FLAG = "applied";

/** How many applied rows a target keeps what undo needs for (older ones stay applied, and can no longer be undone). */
export const LEDGER_SIZE = 100;

/** The key of one row of one card. */
export function ledgerKey(messageId: string, index: number): string {
  return `${messageId}-${index}`;
}

/** A ledger entry: when it was applied, what to take back, and the kind's once-per-apply row actions done since. */
export interface LedgerEntry {
  readonly at: number;
  readonly undo: UndoRecord;
  /** Ids of row actions done once for this apply (an undo forgets them with the entry). */
  readonly done: readonly string[];
  /** Still applied, no longer undoable: what undo needed was let go to keep the ledger short. */
  readonly spent: boolean;
  /** A part a row did to an actor other than its target (a grabber let go): not a row applied to this actor. */
  readonly other: boolean;
}

const NOTHING_TO_UNDO: UndoRecord = { updates: [], effects: [], statuses: [] };

/** Most row actions one entry remembers, and the longest id it keeps. */
const MAX_DONE = 16;
const MAX_DONE_ID = 64;

function doneOf(raw: unknown): string[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((d): d is string => typeof d === "string")
    .slice(0, MAX_DONE)
    .map((d) => d.slice(0, MAX_DONE_ID));
}

/** The target's ledger as stored, read as untrusted data; entries that cannot be read are dropped. */
export function readLedger(raw: unknown): Map<string, LedgerEntry> {
  const out = new Map<string, LedgerEntry>();
  if (!raw || typeof raw !== "object") return out;
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    if (!value || typeof value !== "object") continue;
    const { at: rawAt, spent, other } = value as { at?: unknown; spent?: unknown; other?: unknown };
    const at = typeof rawAt === "number" && Number.isFinite(rawAt) ? rawAt : 0;
    try {
      out.set(
        key,
        spent === true
          ? { at, undo: NOTHING_TO_UNDO, done: [], spent: true, other: other === true }
          : {
              at,
              undo: undoRecord((value as { undo?: unknown }).undo),
              done: doneOf((value as { done?: unknown }).done),
              spent: false,
              other: other === true,
            },
      );
    } catch (error) {
      if (!(error instanceof CardError)) throw error;
    }
  }
  return out;
}

/** The data path of an entry's row actions done (`flags.anthology.applied.<key>.done` under the system's scope). */
export function donePath(scope: string, key: string): string {
  return `flags.${scope}.${LEDGER_FLAG}.${key}.done`;
}

/**
 * The key of what a row did to an actor other than its target (a grabber let go): apart from the
 * key of a row applied to that actor, so neither entry can be written over the other.
 */
export function otherKey(key: string): string {
  return `${key}o`;
}

/** The message a ledger key belongs to (keys are `<message id>-<row>`, `o` after a part for another actor). */
export function messageOfKey(key: string): string {
  const dash = key.lastIndexOf("-");
  return dash < 0 ? key : key.slice(0, dash);
}

/**
 * The entry that says a card's row is applied to this target: the row's own key, or else any row of
 * the same card applied to the same actor. A card hits each target once (its rows name each target
 * once), so a row repeated, moved or added by the card's author finds the apply already made. Parts
 * a row did to an actor other than its target do not count.
 */
export function appliedEntry(
  ledger: ReadonlyMap<string, LedgerEntry>,
  messageId: string,
  index: number,
): { readonly key: string; readonly entry: LedgerEntry } | undefined {
  const own = ledgerKey(messageId, index);
  const exact = ledger.get(own);
  if (exact && !exact.other) return { key: own, entry: exact };
  for (const [key, entry] of ledger) {
    if (!entry.other && messageOfKey(key) === messageId) return { key, entry };
  }
  return undefined;
}

/**
 * What to do to the ledger before it takes one more entry. The oldest undoable entries beyond
 * LEDGER_SIZE are `spend`: they stay as marks that the row was applied (a row applies once for the
 * life of the world) but no longer keep what undo needs. A mark is dropped only when its card's
 * message is gone from the world (`messageExists`), when nothing can ask for that row again.
 */
export function ledgerTrim(
  ledger: ReadonlyMap<string, LedgerEntry>,
  messageExists: (id: string) => boolean,
): { readonly spend: string[]; readonly drop: string[] } {
  const drop = [...ledger.entries()]
    .filter(([key, entry]) => entry.spent && !messageExists(messageOfKey(key)))
    .map(([key]) => key);
  const undoable = [...ledger.entries()].filter(([, entry]) => !entry.spent);
  const over = undoable.length + 1 - LEDGER_SIZE;
  const spend =
    over <= 0
      ? []
      : undoable
          .sort((a, b) => a[1].at - b[1].at)
          .slice(0, over)
          .map(([key]) => key);
  return { spend, drop };
}
