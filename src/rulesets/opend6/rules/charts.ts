/**
 * The Wound-level chart as a GM types it in a world setting: "1 Stunned, 4 Wounded, 9 Severely
 * Wounded, 13 Incapacitated, 16 Mortally Wounded" (where each level starts). Read and written here, so
 * the setting, the sheet and the GM's apply agree on one chart. Plain text in, plain data out.
 */
import { WOUND_CHART, WOUND_LEVELS, type WoundChartLine, type WoundLevel } from "./combat";

/** A level's words as a chart names it: "Severely Wounded" for severelyWounded. */
export const WOUND_WORDS: Readonly<Record<Exclude<WoundLevel, "none">, string>> = Object.freeze({
  stunned: "Stunned",
  wounded: "Wounded",
  severelyWounded: "Severely Wounded",
  incapacitated: "Incapacitated",
  mortallyWounded: "Mortally Wounded",
});

const squash = (text: string) => text.toLowerCase().replace(/[\s_-]+/g, "");

/** A level named in any case and spacing ("severely wounded", "SeverelyWounded"); null for none. */
function levelNamed(name: string): Exclude<WoundLevel, "none"> | null {
  const wanted = squash(name);
  for (const level of WOUND_LEVELS) {
    if (level !== "none" && squash(level) === wanted) return level;
  }
  return null;
}

/** A chart as setting text: "1 Stunned, 4 Wounded, ...". */
export function formatWoundChart(chart: readonly WoundChartLine[] = WOUND_CHART): string {
  return chart
    .filter((line) => line.level !== "none")
    .map((line) => `${line.from} ${WOUND_WORDS[line.level as Exclude<WoundLevel, "none">]}`)
    .join(", ");
}

/** What a typed chart reads as: its lines, and the entries that could not be read (as typed). */
export interface ReadChart {
  readonly chart: readonly WoundChartLine[];
  readonly unread: readonly string[];
}

/**
 * Reads a typed chart: entries separated by commas, semicolons or new lines, each a whole number of
 * at least 1 (where the level starts) and a level. An entry that is not one is reported and left out;
 * a chart with no readable entry, or naming one level twice, falls back to the default chart.
 */
export function parseWoundChart(text: unknown): ReadChart {
  if (typeof text !== "string" || text.trim() === "") return { chart: WOUND_CHART, unread: [] };
  const chart: WoundChartLine[] = [];
  const unread: string[] = [];
  const seen = new Set<WoundLevel>();
  for (const raw of text.split(/[,;\n]/)) {
    const entry = raw.trim();
    if (!entry) continue;
    const m = /^(\d{1,4})\s*[+:]?\s*(.+)$/.exec(entry);
    const level = m ? levelNamed(m[2]!) : null;
    const from = m ? Number(m[1]) : 0;
    if (!level || from < 1 || seen.has(level)) {
      unread.push(entry);
      continue;
    }
    seen.add(level);
    chart.push({ from, level });
  }
  if (chart.length === 0) return { chart: WOUND_CHART, unread };
  chart.sort((a, b) => a.from - b.from);
  return { chart: Object.freeze(chart), unread };
}
