/** A source of die faces: given the number of sides, a face from 1 to sides. */
export type DieSource = (sides: number) => number;

/** Uniform faces from a [0, 1) generator. */
export function uniformDie(random: () => number): DieSource {
  return (sides) => Math.floor(random() * sides) + 1;
}

/** Mulberry32: small, fast and good enough for dice; the same seed gives the same faces everywhere. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function seededDie(seed: number): DieSource {
  return uniformDie(seededRandom(seed));
}

/** Faces from a script, in order; throws when the script runs out so a test never rolls at random. */
export function scriptedDie(faces: readonly number[]): DieSource {
  let i = 0;
  return (sides) => {
    if (i >= faces.length) throw new Error(`scripted die ran out after ${faces.length} faces (asked for a d${sides})`);
    return faces[i++]!;
  };
}

let defaultSource: DieSource = uniformDie(Math.random);

/** The source used when a roll names none: Math.random in Node; Foundry's generator once the system initialises. */
export function defaultDie(): DieSource {
  return defaultSource;
}

export function setDefaultDie(source: DieSource): void {
  defaultSource = source;
}
