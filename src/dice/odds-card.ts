import { splitVersus } from "./foundry-notation";
import type { Odds } from "./odds";

/** One bar of the odds chart. */
export interface OddsRow {
  readonly total: number;
  readonly percent: string;
  /** Bar length relative to the most likely total, 0-100. */
  readonly width: number;
}

/** What the /odds chat card shows, as plain data. */
export interface OddsCard {
  readonly formula: string;
  readonly impossible: boolean;
  readonly mean: string;
  readonly target?: number;
  readonly atLeast?: string;
  readonly critical?: string;
  readonly complication?: string;
  readonly rows: readonly OddsRow[];
  /** Probability of the totals too unlikely to draw (below 0.05% each), as a percentage. */
  readonly hidden?: string;
  /** How far any chance shown may be from the truth (chains left out, rounding), in scientific notation. */
  readonly truncated?: string;
}

const SHOWN = 0.0005;

export function percent(p: number): string {
  if (p <= 0) return "0%";
  if (p >= 1) return "100%";
  if (p < 0.001) return "<0.1%";
  if (p > 0.999) return ">99.9%";
  return `${(p * 100).toFixed(1)}%`;
}

export function oddsCard(odds: Odds, target?: number): OddsCard {
  const table = odds.table();
  const shown = table.filter(([, p]) => p >= SHOWN);
  const peak = Math.max(0, ...shown.map(([, p]) => p));
  const hiddenMass = table.filter(([, p]) => p < SHOWN).reduce((s, [, p]) => s + p, 0);
  return {
    formula: odds.formula,
    impossible: odds.impossible,
    mean: odds.impossible ? "\u2014" : odds.mean.toFixed(2),
    ...(target !== undefined ? { target, atLeast: percent(odds.atLeast(target)) } : {}),
    ...(odds.critical !== undefined ? { critical: percent(odds.critical) } : {}),
    ...(odds.complication !== undefined ? { complication: percent(odds.complication) } : {}),
    rows: shown.map(([total, p]) => ({
      total,
      percent: percent(p),
      width: peak > 0 ? Math.round((p / peak) * 100) : 0,
    })),
    ...(hiddenMass > 0 ? { hidden: percent(hiddenMass) } : {}),
    ...(odds.truncated > 0 ? { truncated: odds.truncated.toExponential(1) } : {}),
  };
}

/** `/odds <formula> [vs <number>]` from a chat line, or null when the line is not that command. */
export function parseOddsCommand(line: string): { formula: string; target?: number } | null {
  const match = /^\s*\/odds(?:\s+(.*))?$/i.exec(line);
  if (!match) return null;
  const rest = (match[1] ?? "").trim();
  const { formula, against } = splitVersus(rest);
  return against === undefined ? { formula } : { formula, target: against };
}
