/**
 * FUDGE's tables a GM may change, as text ("1 scratch, 4 light, 7 major, 10 critical, 13 coma"): the
 * wound table, the graze table and the ranged difficulties. Read defensively: an entry that cannot be
 * read is left out, and a table with nothing readable is the text's own.
 */
import { isOneOf } from "../../common";
import { WOUNDS, type Wound } from "./combat";
import { levelOf } from "./ladder";
import { RANGE_BANDS, RANGE_DIFFICULTY, type RangeBand } from "./play";

/** A line of a damage table: from this damage on, this result. */
export interface TableLine<R extends string> {
  readonly from: number;
  readonly result: R;
}

export interface FudgeTables {
  readonly wounds: ReadonlyArray<TableLine<Wound>>;
  readonly grazes: ReadonlyArray<TableLine<Wound>>;
  readonly ranges: Readonly<Record<RangeBand, number>>;
}

export const DEFAULT_TABLES: FudgeTables = Object.freeze({
  wounds: Object.freeze([
    { from: 1, result: "scratch" },
    { from: 4, result: "light" },
    { from: 7, result: "major" },
    { from: 10, result: "critical" },
    { from: 13, result: "coma" },
  ] as const),
  grazes: Object.freeze([
    { from: 0, result: "scratch" },
    { from: 5, result: "light" },
  ] as const),
  ranges: RANGE_DIFFICULTY,
});

const ENTRY = /^\s*(-?\d{1,4})\s+([a-z/]+)\s*$/i;

/** A damage table from text: "from result" pairs split by commas, sorted by damage. */
export function parseDamageTable(
  text: unknown,
  fallback: ReadonlyArray<TableLine<Wound>>,
): ReadonlyArray<TableLine<Wound>> {
  if (typeof text !== "string") return fallback;
  const lines = text
    .split(/[,;\n]/)
    .map((part) => ENTRY.exec(part))
    .flatMap((m) => {
      const word = m?.[2]!.toLowerCase().replace(/\/.*$/, "");
      return m && isOneOf(WOUNDS, word) ? [{ from: Number(m[1]), result: word }] : [];
    })
    .sort((a, b) => a.from - b.from);
  return lines.length ? lines : fallback;
}

/** The ranged difficulties from text: "close mediocre, medium fair, far good, extreme great" (ladder words). */
export function parseRangeTable(text: unknown): Readonly<Record<RangeBand, number>> {
  const out: Record<RangeBand, number> = { ...RANGE_DIFFICULTY };
  if (typeof text !== "string") return out;
  for (const part of text.split(/[,;\n]/)) {
    const m = /^\s*([a-z]+)\s+(.+?)\s*$/i.exec(part);
    const band = m?.[1]!.toLowerCase() as RangeBand | undefined;
    if (!m || !band || !isOneOf(RANGE_BANDS, band)) continue;
    try {
      out[band] = levelOf(m[2]!);
    } catch {
      // A word the ladder does not know leaves the text's difficulty.
    }
  }
  return out;
}

/** A damage table as text, for the settings' defaults. */
export const formatDamageTable = (lines: ReadonlyArray<TableLine<Wound>>): string =>
  lines.map((l) => `${l.from} ${l.result}`).join(", ");

/** The result a damage reads on a table: the last line it reaches; below the first, undamaged. */
export function readDamageTable(damage: number, lines: ReadonlyArray<TableLine<Wound>>): "undamaged" | Wound {
  let result: "undamaged" | Wound = "undamaged";
  for (const line of lines) if (damage >= line.from) result = line.result;
  return result;
}

const MINUS = "\u2212";
const shown = (n: number): string => (n < 0 ? `${MINUS}${-n}` : String(n));

/**
 * The damage each wound level takes on a table, as the sheet's wound track labels it ("1–3", "13+"):
 * each line runs from its damage to the next line's less one, the last one open-ended. A level the
 * table reaches on more than one stretch lists them all ("1–3, 6–7"); a level it never reaches is
 * null. The text's table gives 1–3, 4–6, 7–9, 10–12, 13+.
 */
export function woundRanges(lines: ReadonlyArray<TableLine<Wound>>): Record<Wound, string | null> {
  const sorted = [...lines].sort((a, b) => a.from - b.from);
  const parts = Object.fromEntries(WOUNDS.map((w) => [w, [] as string[]])) as Record<Wound, string[]>;
  for (const [i, line] of sorted.entries()) {
    const next = sorted[i + 1];
    if (!next) parts[line.result].push(`${shown(line.from)}+`);
    else if (next.from - 1 === line.from) parts[line.result].push(shown(line.from));
    else if (next.from > line.from) parts[line.result].push(`${shown(line.from)}\u2013${shown(next.from - 1)}`);
  }
  return Object.fromEntries(WOUNDS.map((w) => [w, parts[w].length ? parts[w].join(", ") : null])) as Record<
    Wound,
    string | null
  >;
}
