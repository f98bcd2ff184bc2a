/**
 * The GM's receipts for Character and Fate Points: for each card, the points a GM took off its actor
 * for the roll's dialog choices and the rolls of the points spent after it. A player writes their own
 * cards and actor, so neither can say a point was paid; a hidden world setting can, since only a GM may
 * write one. The GM's apply counts a card's points only when they are on its receipt.
 */
import { SYSTEM_ID } from "../../../constants";
import { messageById } from "../../../play/documents";

/** The request a roller's client sends after posting a card whose dialog spent points: the GM takes them. */
export const CHARGE_REQUEST = "opend6.charge";

/** The world setting the receipts are kept in (stored data: never rename). */
export const RECEIPTS_SETTING = "opend6Receipts";

/** What a GM took off the actor for one card. */
export interface Receipt {
  /** The dialog's points on the card's roll, once charged (null: none charged). */
  readonly before: { readonly characterPoints: number; readonly fatePoint: boolean } | null;
  /**
   * The spends after the roll, each paid: which of the card's rolls, what was paid (a Character or a
   * Fate Point) and the formula the GM rolled for it. A message's author may rewrite its rolls, so the
   * apply counts a spend only while its roll is still the one the GM rolled.
   */
  readonly after: readonly PaidSpend[];
}

/** One spend a GM took off the sheet and rolled. */
export interface PaidSpend {
  readonly roll: number;
  readonly kind: string;
  readonly formula: string;
}

const EMPTY: Receipt = Object.freeze({ before: null, after: Object.freeze([]) });

/** Registers the hidden setting (at init, in every world). */
export function registerReceipts(): void {
  game.settings!.register(
    SYSTEM_ID,
    RECEIPTS_SETTING as never,
    {
      scope: "world",
      config: false,
      type: Object,
      default: {},
    } as never,
  );
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function stored(): Record<string, unknown> {
  const raw: unknown = game.settings!.get(SYSTEM_ID as never, RECEIPTS_SETTING as never);
  return isRecord(raw) ? raw : {};
}

/** One receipt as stored, read as untrusted data (what cannot be read counts as nothing paid). */
function readReceipt(raw: unknown): Receipt {
  if (!isRecord(raw)) return EMPTY;
  const b = raw.before;
  const before =
    isRecord(b) && Number.isInteger(b.characterPoints) && typeof b.fatePoint === "boolean"
      ? { characterPoints: b.characterPoints as number, fatePoint: b.fatePoint }
      : null;
  const after = Array.isArray(raw.after)
    ? raw.after.filter(
        (p): p is PaidSpend =>
          isRecord(p) && Number.isInteger(p.roll) && typeof p.kind === "string" && typeof p.formula === "string",
      )
    : [];
  return { before, after };
}

/** The receipt of a card (nothing paid when it has none). */
export function receiptOf(messageId: string): Receipt {
  return readReceipt(stored()[messageId]);
}

/** One write at a time on the GM's client: each reads the receipts the last one left. */
let chain: Promise<unknown> = Promise.resolve();

/**
 * Changes a card's receipt (the active GM only). Receipts of cards whose message is gone are
 * forgotten on the way, so the setting holds only cards still in the chat log.
 */
export function writeReceipt(messageId: string, change: (receipt: Receipt) => Receipt): Promise<void> {
  const run = chain.then(async () => {
    const all = Object.fromEntries(Object.entries(stored()).filter(([id]) => messageById(id)));
    all[messageId] = change(readReceipt(all[messageId]));
    await game.settings!.set(SYSTEM_ID as never, RECEIPTS_SETTING as never, all as never);
  });
  chain = run.catch(() => undefined);
  return run;
}
