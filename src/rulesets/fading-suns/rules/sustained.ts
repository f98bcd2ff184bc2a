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

/** The chart as a GM writes it: "simple 5, complex 10, involved 15, obscure 20, arcane 25". */
export function formatSustainedTable(table: Readonly<Record<SustainedTask, number>>): string {
  return SUSTAINED_TASKS.map((t) => `${t.id} ${table[t.id]}`).join(", ");
}

/**
 * A GM's sustained action chart: each "task VP" entry it can read (a whole number from 1 to 200) takes
 * the place of the text's; every task it does not name, or names unreadably, keeps the text's.
 */
export function parseSustainedTable(raw: unknown): Readonly<Record<SustainedTask, number>> {
  const table = Object.fromEntries(SUSTAINED_TASKS.map((t) => [t.id, t.vp])) as Record<SustainedTask, number>;
  if (typeof raw !== "string") return table;
  for (const entry of raw.split(/[,;]/)) {
    const [id, vp, ...rest] = entry.trim().split(/\s+/);
    const task = SUSTAINED_TASKS.find((t) => t.id.toLowerCase() === id?.toLowerCase());
    const n = Number(vp);
    if (task && rest.length === 0 && Number.isInteger(n) && n >= 1 && n <= 200) table[task.id] = n;
  }
  return table;
}
