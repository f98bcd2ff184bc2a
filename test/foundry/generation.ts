/**
 * Which Foundry generation the stand-in plays (13 or 14), what it logs where Foundry v14 would log a
 * deprecation warning, and v14's update operators (shared/foundry/NOTES-v14.md). The generation comes
 * from `ANTHOLOGY_FOUNDRY` (the test projects "adapters v14" and "browser v14" set it to 14), or from
 * `installFoundry({ generation })`.
 */

export type StandInGeneration = 13 | 14;

const fromEnv = (): StandInGeneration => (process.env.ANTHOLOGY_FOUNDRY === "14" ? 14 : 13);

let current: StandInGeneration = fromEnv();

/** The generation the stand-in installed last (the test project's, unless a test asked for another). */
export function standInGeneration(): StandInGeneration {
  return current;
}

/** The generation a test project runs under, whatever a single test installs. */
export const projectGeneration = fromEnv;

export function setStandInGeneration(generation: StandInGeneration): void {
  current = generation;
}

/** `game.release` as the builds the stand-in models: the oldest v13 Anthology supports (13.347) and the newest v14 seen (14.369). */
export const RELEASE: Readonly<Record<StandInGeneration, { generation: number; build: number; version: string }>> = {
  13: { generation: 13, build: 347, version: "13.347" },
  14: { generation: 14, build: 369, version: "14.369" },
};

/**
 * The compatibility warnings logged since the last check, as Foundry v14 logs them ("… is deprecated
 * …, since Version 14, until Version 16"). Under v14 the test setup fails any test that leaves one.
 */
export const deprecations: string[] = [];

export function deprecated(message: string): void {
  deprecations.push(message);
}

/** v14's foundry.data.operators.ForcedDeletion: written as a key's value, deletes the key. */
export class ForcedDeletion {}
/** v14's foundry.data.operators.ForcedReplacement: written as a key's value, replaces it whole. */
export class ForcedReplacement {
  constructor(readonly value: unknown) {}
  static create(value: unknown): ForcedReplacement {
    return new ForcedReplacement(value);
  }
}

export const isOperator = (value: unknown): value is ForcedDeletion | ForcedReplacement =>
  value instanceof ForcedDeletion || value instanceof ForcedReplacement;

/** The legacy key syntax v14 warns about (NOTES-v14.md §4). */
export function legacyKey(key: string): void {
  if (current === 14)
    deprecated(
      `You are specifying a forced deletion or replacement key "${key}" using legacy syntax which should be ` +
        "migrated to foundry.data.operators (since Version 14, until Version 16)",
    );
}
