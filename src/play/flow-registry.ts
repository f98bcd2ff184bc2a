/**
 * The flows a rule set's card buttons start (roll the damage, reroll with Luck, answer a contest),
 * found by name when a button is pressed. The flows are provided at the plug-in's init, so a card kind
 * reaches them without importing them: flows import card kinds, never the other way round.
 */
export interface FlowRegistry<F extends object> {
  /** Provides flows by name (some or all; a name given again takes the newer flow). */
  provide(flows: Partial<F>): void;
  /** The flow of that name; throws when none was provided (the plug-in's init has not run). */
  flow<K extends keyof F>(name: K): F[K];
}

/** An empty registry for one rule set's flows (`owner` names it in the error of a missing flow). */
export function flowRegistry<F extends object>(owner: string): FlowRegistry<F> {
  const flows = new Map<keyof F, unknown>();
  return {
    provide(given) {
      for (const name of Object.keys(given) as Array<keyof F>) flows.set(name, given[name]);
    },
    flow(name) {
      if (!flows.has(name)) throw new Error(`Anthology: no flow "${String(name)}" of ${owner} was provided`);
      return flows.get(name) as F[typeof name];
    },
  };
}
