/**
 * Hard bounds that keep every roll finite and fast. The odds engine uses the same numbers so that a
 * roll and its odds always describe the same thing.
 */
export const LIMITS = Object.freeze({
  /** Dice rolled by one formula, counting each pool's dice (not explosions). */
  maxDice: 100,
  /** Extra rolls one die may add by exploding; a die that reaches it stops and is flagged. */
  maxExplosions: 100,
  /** Characters in a formula. */
  maxFormulaLength: 200,
  /** Any number written in a formula (counts, sides, modifiers). */
  maxNumber: 10_000,
  /** Sides of an ordinary die. */
  maxSides: 1_000,
  /** Steps the exact odds engine may take for one formula (about a second on a slow machine). */
  maxOddsWork: 300_000_000,
  /** Formulas whose odds are remembered. */
  oddsCacheSize: 256,
});
