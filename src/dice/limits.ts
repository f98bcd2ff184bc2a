/**
 * Hard bounds that keep every roll finite and fast. The odds engine uses the same numbers so that a
 * roll and its odds always describe the same thing.
 */
export const LIMITS = Object.freeze({
  /** Dice rolled by one formula, counting each pool's dice (not explosions). */
  maxDice: 100,
  /** Extra rolls one die may add by exploding; a die that reaches it stops and is flagged. */
  maxExplosions: 100,
  /** Characters in a formula of Anthology's notation. */
  maxFormulaLength: 200,
  /** Characters in any formula a roll accepts, Foundry's own (with @data, [flavor], parentheses) included. */
  maxFoundryFormulaLength: 2_000,
  /** Any number written in a formula (counts, sides, modifiers). */
  maxNumber: 10_000,
  /** Sides of an ordinary die. */
  maxSides: 1_000,
  /** Values (numbers, strings, entries, fields) in a roll rebuilt from stored data, such as a chat message. */
  maxStoredValues: 50_000,
  /** Characters of text in a roll rebuilt from stored data, its formula included. */
  maxStoredText: 20_000,
  /** How deep the data of a stored roll may nest (pools of rolls of terms). */
  maxStoredDepth: 32,
  /** Steps the exact odds engine may take for one formula (about a second on a slow machine). */
  maxOddsWork: 300_000_000,
  /** Formulas whose odds are remembered. */
  oddsCacheSize: 256,
});

/**
 * A limit as messages write it, digits grouped by threes (300000000 → "300,000,000"), the same as
 * toLocaleString("en") without starting Intl, which costs tens of milliseconds the first time.
 */
export function formatLimit(limit: number): string {
  const digits = String(limit);
  let out = "";
  for (let i = 0; i < digits.length; i += 1) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ",";
    out += digits[i];
  }
  return out;
}
