import { CardError, undoRecord, type UndoRecord } from "./card";

/**
 * The record that a card's row was applied, kept on the target itself (`flags.anthology.applied`),
 * where only those who may change the target can write: a card's author can rewrite the card, so the
 * card's own mark decides nothing. Written in the same update as the change, so a row is applied once;
 * it also keeps what undo needs.
 */
export const LEDGER_FLAG = "applied";

/** How many applied rows a target remembers (the oldest are forgotten, and can no longer be undone). */
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
}

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
    const at = (value as { at?: unknown }).at;
    try {
      out.set(key, {
        at: typeof at === "number" && Number.isFinite(at) ? at : 0,
        undo: undoRecord((value as { undo?: unknown }).undo),
        done: doneOf((value as { done?: unknown }).done),
      });
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

/** The keys to forget so that, with one more entry, the ledger keeps at most LEDGER_SIZE (oldest first). */
export function keysToForget(ledger: ReadonlyMap<string, LedgerEntry>): string[] {
  const over = ledger.size + 1 - LEDGER_SIZE;
  if (over <= 0) return [];
  return [...ledger.entries()]
    .sort((a, b) => a[1].at - b[1].at)
    .slice(0, over)
    .map(([key]) => key);
}
