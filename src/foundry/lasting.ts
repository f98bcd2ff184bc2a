/**
 * How long an effect lasts in combat, as the rule texts say it: so many rounds from the round it
 * began, ending as its bearer's turn starts or ends. Foundry-free: the pure rule that v13 runs
 * itself (effects.ts) and that v14's core runs from the same data.
 */

/** When, in the bearer's turn of the last round, the effect ends. */
export const EFFECT_ENDS = Object.freeze(["turnStart", "turnEnd"] as const);
export type EffectEnd = (typeof EFFECT_ENDS)[number];

export function isEffectEnd(value: unknown): value is EffectEnd {
  return typeof value === "string" && (EFFECT_ENDS as readonly string[]).includes(value);
}

/** An effect's length: `rounds` rounds after the one it began in, ending at its bearer's turn `until`. */
export interface Lasting {
  readonly rounds: number;
  readonly until: EffectEnd;
}

/** Where the bearer's turn stands in the current round: still to come, under way, or over. */
export type BearerTurn = "before" | "current" | "after";

/**
 * Whether an effect begun in round `startRound` has ended now: before its last round it runs; in its
 * last round it ends as the bearer's turn starts (or once it is over); any later round has ended it.
 */
export function lastingOver(
  lasting: Lasting & { readonly startRound: number },
  now: { readonly round: number; readonly bearerTurn: BearerTurn },
): boolean {
  const last = lasting.startRound + lasting.rounds;
  if (now.round !== last) return now.round > last;
  return lasting.until === "turnStart" ? now.bearerTurn !== "before" : now.bearerTurn === "after";
}

/**
 * The rounds a stored effect's duration counts, in either generation's stored shape (v13's
 * `{rounds}`, v14's `{value, units: "rounds"}`), or null: for migration steps, which read raw sources.
 */
export function storedRounds(duration: unknown): number | null {
  if (typeof duration !== "object" || duration === null) return null;
  const { rounds, value, units } = duration as { rounds?: unknown; value?: unknown; units?: unknown };
  if (typeof rounds === "number") return rounds;
  return units === "rounds" && typeof value === "number" ? value : null;
}
