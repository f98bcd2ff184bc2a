/**
 * Fading Suns goal rolls: a d20 rolled under (or at) a goal number, Victory Points from the roll, and
 * the rerolls a 20 (and, in combat, a critical) asks for. Decisions in shared/rules/README.md.
 */

function d20(value: unknown, name: string): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1 || value > 20) {
    throw new RangeError(`${name} must be a d20 roll (1-20), not ${String(value)}`);
  }
  return value;
}

/** The Victory Point chart: floor(roll / 2) for 2-19; a 1 (marginal success) and a 20 (failure) give none. */
export function victoryPoints(roll: number): number {
  const r = d20(roll, "roll");
  return r === 1 || r === 20 ? 0 : Math.floor(r / 2);
}

export type GoalOutcome = "success" | "critical" | "failure" | "criticalFailure";

export interface GoalResult {
  readonly outcome: GoalOutcome;
  readonly victoryPoints: number;
  /** A reroll is called for (a 20, or a critical in combat) and `rolls[1]` is still missing. */
  readonly needsReroll: boolean;
}

/** Whether a roll succeeds against a goal, as the first roll of a goal would (1 always, 20 never). */
function succeeds(roll: number, goal: number): boolean {
  return roll === 1 || (roll < 20 && roll <= goal);
}

/**
 * A goal roll: rolls[0] is the d20 and rolls[1] the reroll a 20 (or, in combat, a critical) asks for.
 * - 1: an automatic (marginal) success, 0 VP.
 * - Under the goal: a success with the chart's VP. At the goal: a critical; in combat it is rerolled,
 *   and a successful reroll adds its VP to the first; a failed one leaves the critical with the first
 *   roll's VP.
 * - Over the goal: a failure. 20 fails whatever the goal and is rerolled: a successful reroll leaves a
 *   plain failure, a failed one makes it a critical failure.
 * While a reroll is missing, `needsReroll` is true and the outcome is the provisional one.
 */
export function resolveGoal(input: { goal: number; rolls: number[]; combat?: boolean }): GoalResult {
  const goal = input.goal;
  if (typeof goal !== "number" || !Number.isFinite(goal)) throw new RangeError("goal must be a finite number");
  if (!Array.isArray(input.rolls) || input.rolls.length < 1 || input.rolls.length > 2) {
    throw new RangeError("rolls holds the d20 and at most one reroll");
  }
  const first = d20(input.rolls[0], "rolls[0]");
  const reroll = input.rolls.length > 1 ? d20(input.rolls[1], "rolls[1]") : undefined;
  if (first === 20) {
    if (reroll === undefined) return { outcome: "failure", victoryPoints: 0, needsReroll: true };
    return { outcome: succeeds(reroll, goal) ? "failure" : "criticalFailure", victoryPoints: 0, needsReroll: false };
  }
  if (first === 1) return { outcome: "success", victoryPoints: 0, needsReroll: false };
  if (first > goal) return { outcome: "failure", victoryPoints: 0, needsReroll: false };
  const vp = victoryPoints(first);
  if (first < goal) return { outcome: "success", victoryPoints: vp, needsReroll: false };
  // At the goal: a critical success.
  if (!input.combat) return { outcome: "critical", victoryPoints: vp, needsReroll: false };
  if (reroll === undefined) return { outcome: "critical", victoryPoints: vp, needsReroll: true };
  return {
    outcome: "critical",
    victoryPoints: succeeds(reroll, goal) ? vp + victoryPoints(reroll) : vp,
    needsReroll: false,
  };
}

/** A success of any kind: a plain success or a critical (what hits, or holds on). */
export function succeeded(outcome: GoalOutcome): boolean {
  return outcome === "success" || outcome === "critical";
}

/**
 * An attack's d20 (and the reroll, when one was rolled) judged in combat against `goal`: the reroll
 * counts only where this goal calls for it (a 20, or a roll at the goal).
 */
export function judgeAttackRoll(goal: number, roll: number, reroll: number | null): GoalResult {
  const first = resolveGoal({ goal, rolls: [roll], combat: true });
  if (!first.needsReroll || reroll === null) return first;
  return resolveGoal({ goal, rolls: [roll, reroll], combat: true });
}

/** One side of a contested action. */
export interface ContestSide {
  readonly victoryPoints: number;
  readonly critical?: boolean;
}

function vpOf(side: ContestSide, name: string): number {
  const vp = side?.victoryPoints;
  if (typeof vp !== "number" || !Number.isInteger(vp) || vp < 0) {
    throw new RangeError(`${name}.victoryPoints must be a whole number of at least 0`);
  }
  return vp;
}

/**
 * A contested action: the lower VP come off the higher and the side left with more wins; at 0 it is a
 * push, unless exactly one side rolled a critical success, which wins.
 */
export function contested(a: ContestSide, b: ContestSide): { winner: "a" | "b" | "push"; victoryPoints: number } {
  const va = vpOf(a, "a");
  const vb = vpOf(b, "b");
  if (va !== vb) return { winner: va > vb ? "a" : "b", victoryPoints: Math.abs(va - vb) };
  if (Boolean(a.critical) !== Boolean(b.critical)) return { winner: a.critical ? "a" : "b", victoryPoints: 0 };
  return { winner: "push", victoryPoints: 0 };
}

/** A complementary roll's VP become a bonus to the primary goal (the marsh eel: 3 VP, +3). */
export function complementaryBonus(victoryPoints: number): number {
  if (!Number.isInteger(victoryPoints) || victoryPoints < 0) {
    throw new RangeError(`Victory Points are a whole number of at least 0, not ${String(victoryPoints)}`);
  }
  return victoryPoints;
}

/** Quick complementary skills (optional rule): half the rating, rounded down, at least +1. */
export function quickComplementary(rating: number): number {
  if (!Number.isInteger(rating) || rating < 0)
    throw new RangeError(`A skill rating is a whole number, not ${String(rating)}`);
  return Math.max(1, Math.floor(rating / 2));
}
