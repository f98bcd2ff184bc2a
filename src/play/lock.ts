/** Runs work under a key once every earlier work under that key has settled. */
export type OneAtATime = <T>(key: string, work: () => Promise<T>) => Promise<T>;

/**
 * A queue of work per key on this client (one per card, on the GM's side): work under one key never
 * overlaps and runs in the order asked, a failure does not stop what follows, and a key whose queue is
 * empty is forgotten. Each queue is its own: work in one never waits on another's.
 */
export function oneAtATime(): OneAtATime {
  const chains = new Map<string, Promise<unknown>>();
  return <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const run = (chains.get(key) ?? Promise.resolve()).then(work, work);
    const tail = run.catch(() => undefined);
    chains.set(key, tail);
    void tail.then(() => {
      if (chains.get(key) === tail) chains.delete(key);
    });
    return run;
  };
}
