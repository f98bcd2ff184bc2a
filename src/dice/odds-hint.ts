import { NotationError } from "./errors";
import { odds } from "./odds";
import { percent } from "./odds-card";
import type { ComplicationRule } from "./outcome";

/** The i18n key and data of a button's odds hint, or null when the formula has no odds to show. */
export interface OddsHint {
  readonly key: string;
  readonly data: Readonly<Record<string, string>>;
}

/**
 * The chance a button gives: against a target, of reaching it (and of a critical where the dice have
 * criticals); without one, the average. A formula the odds engine refuses shows nothing, never freezes.
 */
export function oddsHint(formula: string, target?: number, complication: ComplicationRule = "note"): OddsHint | null {
  let result;
  try {
    result = odds(formula, { complication });
  } catch (error) {
    if (error instanceof NotationError) return null;
    throw error;
  }
  const critical = result.critical;
  if (target === undefined) {
    return critical === undefined
      ? { key: "ANTHOLOGY.Dice.Hint.average", data: { mean: result.mean.toFixed(1) } }
      : {
          key: "ANTHOLOGY.Dice.Hint.averageCritical",
          data: { mean: result.mean.toFixed(1), critical: percent(critical) },
        };
  }
  const chance = percent(result.atLeast(target));
  return critical === undefined
    ? { key: "ANTHOLOGY.Dice.Hint.chance", data: { chance, target: String(target) } }
    : {
        key: "ANTHOLOGY.Dice.Hint.chanceCritical",
        data: { chance, target: String(target), critical: percent(critical) },
      };
}
