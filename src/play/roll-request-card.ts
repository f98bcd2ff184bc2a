/**
 * A GM's roll request as card data: what is asked (a check, skill or attribute of the rule set, and a
 * difficulty), one row per actor, and on each row, once answered, what the GM's client made of the
 * answer. Pure: read as untrusted data, and the view the card's template shows.
 */
import { CardError, finite, flag, text, whole, type Card, type CardSchema } from "./card";

/** The card kind's id (a play-layer kind, shared by every rule set). */
export const REQUEST_KIND = "roll-request";

/** What the GM asked. */
export interface RequestData {
  /** The rule set's choice id ("skill:Climbing"). */
  readonly choice: string;
  /** Its name when asked (in the GM's language). */
  readonly label: string;
  readonly difficulty: number;
  /** The difficulty in words when asked ("Great", "15"). */
  readonly difficultyText: string;
  /** Whether the results are for the GM only. */
  readonly hidden: boolean;
  /** For a hidden request: this is the GM-only copy the results gather on (no buttons). */
  readonly results: boolean;
  /** The GM-only copy's request message id ("" on the request itself). */
  readonly of: string;
}

/** A row's own data: nothing (the answer is the row's mark). */
export type RequestRow = Readonly<Record<string, never>>;

/** An answer as the GM wrote it on a row (the mark's summary). */
export interface RowResult {
  readonly total: number;
  readonly success: boolean | null;
  readonly key: string;
  readonly data: Readonly<Record<string, string | number>>;
}

export const requestSchema: CardSchema<RequestData, RequestRow> = {
  data: (raw) => ({
    choice: text(raw.choice, "choice"),
    label: text(raw.label, "label"),
    difficulty: whole(raw.difficulty, "difficulty", -1000, 1000),
    difficultyText: text(raw.difficultyText ?? "", "difficultyText"),
    hidden: flag(raw.hidden),
    results: flag(raw.results),
    of: text(raw.of ?? "", "of"),
  }),
  target: () => ({}),
};

/** A row's result as stored (untrusted), or null for a row not answered or answered in secret. */
export function rowResult(summary: Readonly<Record<string, unknown>> | undefined): RowResult | null {
  if (!summary || summary.total === undefined) return null;
  try {
    const key = text(summary.key, "result key");
    if (!key.startsWith("ANTHOLOGY.")) throw new CardError("result key is not Anthology's");
    const raw = typeof summary.data === "object" && summary.data !== null ? summary.data : {};
    const data = Object.fromEntries(
      Object.entries(raw)
        .slice(0, 8)
        .map(([k, v]) => [k, typeof v === "number" ? finite(v, k) : text(v, k)]),
    );
    const success = summary.success === true ? true : summary.success === false ? false : null;
    return { total: finite(summary.total, "total"), success, key, data };
  } catch (error) {
    if (error instanceof CardError) return null;
    throw error;
  }
}

/** The summary a row's mark keeps: the result, or nothing where the players may not see it. */
export function rowSummary(result: RowResult, shown: boolean): Readonly<Record<string, unknown>> {
  return shown ? { ...result } : {};
}

/** The view the card's template renders (`localize` gives a result's words in the reader's language). */
export function requestView(card: Card<RequestData, RequestRow>, localize: (key: string, data: object) => string) {
  return {
    label: card.data.label,
    difficulty: card.data.difficultyText || String(card.data.difficulty),
    hidden: card.data.hidden,
    results: card.data.results,
    rows: card.targets.map((row, index) => {
      const result = row.applied ? rowResult(row.applied.summary) : null;
      return {
        index,
        name: row.name,
        answered: Boolean(row.applied),
        answerable: !card.data.results && !row.applied,
        result: result ? { total: result.total, text: localize(result.key, result.data) } : null,
        success: result?.success === true,
        failure: result?.success === false,
      };
    }),
  };
}
