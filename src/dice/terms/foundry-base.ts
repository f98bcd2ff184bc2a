/**
 * The one place dice terms meet fvtt-types: Foundry's v13 DiceTerm, typed by the small surface
 * Anthology's terms use (constructor data, results, fulfillment, random faces).
 */
export interface TermResult {
  result: number;
  active: boolean;
  discarded?: boolean;
  exploded?: boolean;
  /** Anthology: every face of the die in the order rolled (10, 7 for an exploded 17); absent on results Foundry wrote. */
  faces?: number[];
  capped?: boolean;
  wild?: boolean;
  characterPoint?: boolean;
  removed?: boolean;
}

export interface TermData {
  number?: number;
  faces?: number;
  modifiers?: string[];
  results?: TermResult[];
  options?: Record<string, unknown>;
}

export interface DiceTermLike {
  number: number;
  faces: number;
  modifiers: string[];
  results: TermResult[];
  options: Record<string, unknown>;
  readonly total: number | undefined;
  _roll(options?: unknown): Promise<number | void>;
  randomFace(): number;
}

export const DiceTermBase = foundry.dice.terms.DiceTerm as unknown as abstract new (data: TermData) => DiceTermLike;
