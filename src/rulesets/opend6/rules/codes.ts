/**
 * OpenD6 die codes as numbers: a code is dice and pips (`3D+2`), three pips make a die, and a weapon
 * that adds to Strength Damage writes its code with a leading plus (`+1D+1`). Everything here counts
 * in pips, so sums and normalising are exact.
 */

/** `3D+2`, `+1D+1`, `0D+2`, `4D-1`: dice, then optional pips (spaces and case don't matter). */
const CODE = /^\s*\+?\s*(\d{1,4})\s*D\s*(?:([+-])\s*(\d{1,4}))?\s*$/i;

/** The largest code read or written: 9,999 dice (anything larger is a typing slip). */
export const MAX_PIPS = 3 * 9999 + 2;

/** The pips a die code is worth: "3D+2" is 11; "+1D+1" (a weapon's bonus) is 4. */
export function toPips(code: string): number {
  const m = typeof code === "string" ? CODE.exec(code) : null;
  if (!m) throw new RangeError(`Not an OpenD6 die code: "${String(code)}"`);
  const pips = 3 * Number(m[1]) + (m[2] === "-" ? -1 : 1) * Number(m[3] ?? 0);
  if (pips < 0) throw new RangeError(`A die code cannot come to less than nothing: "${code}"`);
  return pips;
}

/** The die code of a number of pips, normalised: 11 is "3D+2", 15 is "5D", 2 is "0D+2". */
export function fromPips(pips: number): string {
  if (!Number.isInteger(pips) || pips < 0 || pips > MAX_PIPS) {
    throw new RangeError(`Not a number of pips: ${String(pips)}`);
  }
  const dice = Math.floor(pips / 3);
  const rest = pips % 3;
  return rest ? `${dice}D+${rest}` : `${dice}D`;
}

/**
 * A code with `pips` more (or fewer, when negative) added: what an effect's bonus in pips does to it
 * ("3D+1" and 3 make "4D+1"; "1D" and -6 make "0D", never less than nothing).
 */
export function plusPips(code: string, pips: number): string {
  const sum = toPips(code) + (Number.isFinite(pips) ? Math.trunc(pips) : 0);
  return fromPips(Math.min(MAX_PIPS, Math.max(0, sum)));
}

/** Three pips make a die: "3D+3" is "4D", "2D+4" is "3D+1". A leading "+" is dropped. */
export function normalize(code: string): string {
  return fromPips(toPips(code));
}

/** Codes added as pips, normalised: "2D" and "1D+1" make "3D+1". No codes make "0D". */
export function addCodes(...codes: string[]): string {
  return fromPips(codes.reduce((sum, code) => sum + toPips(code), 0));
}

/**
 * Strength Damage from Physique (or lifting): the pips dropped, the dice halved and rounded up.
 * "3D" gives "2D"; "6D+2" gives "3D".
 */
export function strengthDamage(physique: string): string {
  const dice = Math.floor(toPips(physique) / 3);
  return `${Math.ceil(dice / 2)}D`;
}

/**
 * A weapon's damage code: a "+" code adds to the wielder's Strength Damage ("+1D+1" with Physique
 * 3D is "3D+1"); a plain code stands alone (normalised).
 */
export function weaponDamage(physique: string, weapon: string): string {
  if (typeof weapon === "string" && weapon.trim().startsWith("+")) {
    return addCodes(strengthDamage(physique), weapon);
  }
  return normalize(weapon);
}
