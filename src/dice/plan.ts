/** What a formula asks for, after arithmetic: one plan per notation family. */
export type RollPlan = KeepPlan | FudgePlan | CodePlan | SumPlan;

/**
 * Roll-and-keep on d10s (`8k4x9`). `rolled` is the pool as written after arithmetic and may be zero
 * or negative (Negative Dice: 1 - rolled dice are rolled and the lowest kept).
 */
export interface KeepPlan {
  readonly kind: "keep";
  readonly rolled: number;
  readonly kept: number;
  /** Explode on this face or higher; undefined when the pool does not explode. */
  readonly explode: number | undefined;
  readonly modifier: number;
}

/** FUDGE dice (`4dF+2`); the modifier is the trait level. */
export interface FudgePlan {
  readonly kind: "fudge";
  readonly dice: number;
  readonly modifier: number;
}

/** An OpenD6 die code (`3D+2`), pips normalised, plus Character Point dice. */
export interface CodePlan {
  readonly kind: "code";
  readonly dice: number;
  readonly pips: number;
  readonly characterPoints: number;
}

/** Ordinary dice sums and constants (`1d20+5`, `2d6-1d4`). */
export interface SumPlan {
  readonly kind: "sum";
  readonly groups: readonly DiceGroup[];
  readonly modifier: number;
}

export interface DiceGroup {
  readonly count: number;
  readonly sides: number;
  readonly sign: 1 | -1;
}
