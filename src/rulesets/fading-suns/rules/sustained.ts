import type { GoalOutcome } from "./goals";

/** The sustained action chart: the Victory Points a task needs (Arcane: 25 or more, 25 here). */
export const SUSTAINED_TASKS = Object.freeze([
  { id: "simple", vp: 5 },
  { id: "complex", vp: 10 },
  { id: "involved", vp: 15 },
  { id: "obscure", vp: 20 },
  { id: "arcane", vp: 25 },
] as const);

export type SustainedTask = (typeof SUSTAINED_TASKS)[number]["id"];

/**
 * The Victory Points a sustained task has gathered from its rolls in order: each roll adds its VP, a
 * failure adds none, a critical failure spoils everything gathered so far (our decision).
 */
export function sustainedTotal(rolls: ReadonlyArray<{ outcome: GoalOutcome; victoryPoints: number }>): number {
  return rolls.reduce((total, r) => (r.outcome === "criticalFailure" ? 0 : total + r.victoryPoints), 0);
}
