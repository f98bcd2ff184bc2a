/** The trait ladder, from Terrible (-3) to Superb (+3). */
export const LADDER = Object.freeze(["terrible", "poor", "mediocre", "fair", "good", "great", "superb"] as const);

export type LadderWord = (typeof LADDER)[number];

/** An i18n key and its data: how a level reads (Great; Legendary; Superb +3; Terrible -2). */
export interface LadderLabel {
  readonly key: string;
  readonly data: Readonly<Record<string, string>>;
}

const KEYS: Readonly<Record<LadderWord | "legendary" | "infamous" | "aboveSuperb" | "belowTerrible", string>> = {
  terrible: "ANTHOLOGY.Dice.Ladder.terrible",
  poor: "ANTHOLOGY.Dice.Ladder.poor",
  mediocre: "ANTHOLOGY.Dice.Ladder.mediocre",
  fair: "ANTHOLOGY.Dice.Ladder.fair",
  good: "ANTHOLOGY.Dice.Ladder.good",
  great: "ANTHOLOGY.Dice.Ladder.great",
  superb: "ANTHOLOGY.Dice.Ladder.superb",
  legendary: "ANTHOLOGY.Dice.Ladder.legendary",
  infamous: "ANTHOLOGY.Dice.Ladder.infamous",
  aboveSuperb: "ANTHOLOGY.Dice.Ladder.aboveSuperb",
  belowTerrible: "ANTHOLOGY.Dice.Ladder.belowTerrible",
};

/**
 * How a rolled degree reads on the ladder. Fair is 0; Legendary is Superb +1 (+4) and Infamous is
 * Terrible -1 (-4); beyond them "Superb +2", "Terrible -2" and so on.
 */
export function ladderLabel(level: number): LadderLabel {
  if (!Number.isInteger(level)) throw new RangeError(`ladder levels are whole numbers, not ${level}`);
  if (level >= -3 && level <= 3) return { key: KEYS[LADDER[level + 3]!], data: {} };
  if (level === 4) return { key: KEYS.legendary, data: {} };
  if (level === -4) return { key: KEYS.infamous, data: {} };
  if (level > 4) return { key: KEYS.aboveSuperb, data: { steps: String(level - 3) } };
  return { key: KEYS.belowTerrible, data: { steps: String(-3 - level) } };
}

/** Relative degree of an opposed or unopposed action: how many levels the roll beat the other by. */
export function relativeDegree(rolled: number, against: number): number {
  return rolled - against;
}
