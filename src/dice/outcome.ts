import type { RollPlan } from "./plan";

/** One die as rolled: every face in the order rolled, what it counts for, and how it was used. */
export interface DieResult {
  readonly sides: number;
  readonly faces: readonly number[];
  /** What the die adds to the total: its faces summed (FUDGE: -1, 0 or +1; a subtracted die: negative). */
  readonly value: number;
  readonly kept: boolean;
  readonly exploded?: boolean;
  /** Stopped at the explosion bound while its last face would still explode. */
  readonly capped?: boolean;
  readonly wild?: boolean;
  readonly characterPoint?: boolean;
  readonly fudge?: boolean;
  /** Not counted because a Wild Die complication removed it. */
  readonly removed?: boolean;
}

export type ComplicationRule = "note" | "remove" | "gm";

export interface RollOutcome {
  /** The canonical formula (`7k3 + 1k0` reads `8k3`). */
  readonly formula: string;
  readonly plan: RollPlan;
  readonly total: number;
  /** Keep dice: every kept die's first face is a 10. */
  readonly critical: boolean;
  /** Keep dice with no kept dice: the check cannot be made; automatic failure, no dice rolled. */
  readonly impossible: boolean;
  /** OpenD6: the Wild Die's first face was a 1. */
  readonly complication: boolean;
  /** How the complication was handled, when there was one. */
  readonly complicationRule?: ComplicationRule;
  readonly modifier: number;
  readonly dice: readonly DieResult[];
}
