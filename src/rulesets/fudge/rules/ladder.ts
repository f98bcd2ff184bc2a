/**
 * The FUDGE trait ladder as words (the public contract speaks English names; the sheets localise
 * through the dice's ladder labels). Fair is 0; Legendary is Superb +1 (+4) and Infamous Terrible −1
 * (−4); beyond them "Superb +2", "Terrible −2" and so on.
 */
const WORDS = Object.freeze(["Terrible", "Poor", "Mediocre", "Fair", "Good", "Great", "Superb"] as const);
const MINUS = "\u2212";

/** The ladder word of a level: 1 "Good", 4 "Legendary", 5 "Superb +2", −4 "Infamous", −5 "Terrible −2". */
export function levelName(level: number): string {
  if (!Number.isInteger(level)) throw new RangeError(`A ladder level is a whole number, not ${String(level)}`);
  if (level >= -3 && level <= 3) return WORDS[level + 3]!;
  if (level === 4) return "Legendary";
  if (level === -4) return "Infamous";
  return level > 4 ? `Superb +${level - 3}` : `Terrible ${MINUS}${-3 - level}`;
}

const BASES: Readonly<Record<string, number>> = Object.freeze({
  ...Object.fromEntries(WORDS.map((w, i) => [w.toLowerCase(), i - 3])),
  legendary: 4,
  infamous: -4,
});

/** "Superb +2", "terrible −1", "GOOD", "Superb+1": a word of the ladder, then an optional signed step. */
const NAME = /^([a-z]+)(?:\s*([+\-\u2212\u2013])\s*(\d{1,4}))?$/;

/**
 * The level of a ladder word, the inverse of levelName: case-insensitive, a Unicode minus or an ASCII
 * hyphen alike ("Superb +1" reads as 4, "Terrible -2" as −5). Anything else is a RangeError.
 */
export function levelOf(name: string): number {
  const text = typeof name === "string" ? name.trim().toLowerCase().replace(/\s+/g, " ") : "";
  const m = NAME.exec(text);
  const base = m ? BASES[m[1]!] : undefined;
  if (!m || base === undefined) throw new RangeError(`Not a level of the FUDGE ladder: "${String(name)}"`);
  const step = m[3] === undefined ? 0 : Number(m[3]) * (m[2] === "+" ? 1 : -1);
  return base + step;
}
