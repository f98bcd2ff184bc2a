import { resolveGoal } from "./goals";

/** The exact chances of a goal roll, every d20 (and reroll) counted. */
export interface GoalOdds {
  /** A success of any kind (criticals included). */
  readonly success: number;
  readonly critical: number;
  readonly criticalFailure: number;
  /** Victory Points on average (failures count 0). */
  readonly expectedVictoryPoints: number;
}

/**
 * The odds of a goal roll against `goal`: the d20 and, where a 20 (or in combat a critical) asks for
 * it, the reroll, all 20 × 20 cases weighed alike and judged by `resolveGoal`.
 */
export function goalOdds(goal: number, combat = false): GoalOdds {
  let success = 0;
  let critical = 0;
  let criticalFailure = 0;
  let vp = 0;
  const add = (rolls: number[], weight: number) => {
    const r = resolveGoal({ goal, rolls, combat });
    if (r.outcome === "success" || r.outcome === "critical") success += weight;
    if (r.outcome === "critical") critical += weight;
    if (r.outcome === "criticalFailure") criticalFailure += weight;
    vp += r.victoryPoints * weight;
  };
  for (let first = 1; first <= 20; first++) {
    if (!resolveGoal({ goal, rolls: [first], combat }).needsReroll) {
      add([first], 1 / 20);
      continue;
    }
    for (let reroll = 1; reroll <= 20; reroll++) add([first, reroll], 1 / 400);
  }
  return { success, critical, criticalFailure, expectedVictoryPoints: vp };
}
