import type { ComplicationRule, RollOutcome } from "./outcome";
import { parse } from "./parse";
import { roll } from "./roll";

/** The dice of a roll as a chat message stores them: its formula and every face, in the order they fell. */
export interface StoredDice {
  readonly formula: string;
  readonly faces: readonly number[];
}

/** Stored faces that do not fit their formula: a corrupt or forged roll. */
export class StoredDiceError extends Error {
  readonly key = "ANTHOLOGY.Dice.Errors.storedFaces";
  constructor(readonly formula: string) {
    super(`The stored dice do not fit "${formula}"`);
    this.name = "StoredDiceError";
  }
}

/**
 * The outcome a stored roll stands for, worked out again from its formula and faces alone: totals,
 * kept dice, criticals and explosions come from the rules, never from what a client wrote beside the
 * faces. Refuses a formula the engine does not read (NotationError), or faces that do not fit it
 * (StoredDiceError: too few, too many, or off the die).
 */
export function replay(stored: StoredDice, options: { complication?: ComplicationRule } = {}): RollOutcome {
  const plan = parse(stored.formula);
  let next = 0;
  const outcome = roll(plan, {
    ...options,
    die: (sides) => {
      const face = stored.faces[next++];
      if (face === undefined || !Number.isInteger(face) || face < 1 || face > sides) {
        throw new StoredDiceError(stored.formula);
      }
      return face;
    },
  });
  if (next !== stored.faces.length) {
    throw new StoredDiceError(stored.formula);
  }
  return outcome;
}
