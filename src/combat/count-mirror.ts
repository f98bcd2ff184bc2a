import { TimeCount } from "../time-count/time-count";
import { TimeCountError } from "../time-count/time-count-error";

/** What the count needs to know of one combatant, read from its document. */
export interface CombatantFacts {
  readonly id: string;
  readonly name: string;
  /** The TC of its next action; null until initiative is rolled. */
  readonly initiative: number | null;
  readonly defeated: boolean;
  /** The combatant flags only the GM writes (the rule set's `gmFlags`), as last seen. */
  readonly flags: Readonly<Record<string, unknown>>;
}

/** The read-only face of a Time Count, for code outside the Combat. */
export type TimeCountReader = Pick<TimeCount, "current" | "queue" | "lowest" | "tcOf" | "has" | "due" | "at" | "state">;

/** Where a combatant stands in the count: nowhere when defeated or unrolled; someone overdue is due now. */
export function placement(facts: CombatantFacts, current: number): number | undefined {
  const initiative = facts.initiative;
  if (facts.defeated || typeof initiative !== "number" || !Number.isFinite(initiative)) return undefined;
  return Math.max(initiative, current);
}

/**
 * A combat's Time Count, kept alive between steps and in step with its documents one change at a
 * time (each costs O(log T) for T distinct pending TCs), instead of being built again for every act.
 * It also remembers each combatant's facts as last seen, which is what the GM puts back when a player
 * writes something the count cannot take. A change it cannot apply (one that would pass someone, or
 * a count going back: an undo) makes it stop trusting itself, and the Combat builds it again.
 */
export class CountMirror {
  readonly count: TimeCount;
  readonly #known = new Map<string, CombatantFacts>();
  #trusted = true;

  /** Built from every combatant: ties at one TC in name order, then id. */
  constructor(current: number, combatants: Iterable<CombatantFacts>) {
    const entries: Array<{ id: string; tc: number; name: string }> = [];
    for (const facts of combatants) {
      this.#known.set(facts.id, facts);
      const tc = placement(facts, current);
      if (tc !== undefined) entries.push({ id: facts.id, tc, name: facts.name });
    }
    entries.sort((a, b) => a.tc - b.tc || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
    this.count = new TimeCount({ current, entries }, { historyLimit: 0 });
  }

  /** How many combatants it knows (in the count or not). */
  get size(): number {
    return this.#known.size;
  }

  get trusted(): boolean {
    return this.#trusted;
  }

  /** A combatant's facts as last seen. */
  known(id: string): CombatantFacts | undefined {
    return this.#known.get(id);
  }

  /** Whether the count holds `facts` where they belong. */
  agrees(facts: CombatantFacts): boolean {
    return placement(facts, this.count.current) === this.count.tcOf(facts.id);
  }

  /** A combatant was created or changed. */
  upsert(facts: CombatantFacts): void {
    this.#known.set(facts.id, facts);
    const tc = placement(facts, this.count.current);
    this.#apply(() => (tc === undefined ? this.count.leave(facts.id) : this.count.schedule(facts.id, tc)));
  }

  /** A combatant was deleted. */
  remove(id: string): void {
    this.#known.delete(id);
    this.count.leave(id);
  }

  /** The stored count is now `tc`: moved forward in step, or (back, past someone) no longer trusted. */
  moveTo(tc: number): void {
    this.#apply(() => this.count.moveTo(tc));
  }

  distrust(): void {
    this.#trusted = false;
  }

  #apply(change: () => unknown): void {
    try {
      change();
    } catch (error) {
      if (!(error instanceof TimeCountError)) throw error;
      this.#trusted = false;
    }
  }
}
