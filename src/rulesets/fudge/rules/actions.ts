/** FUDGE's actions: a 4dF roll on a trait, judged on the ladder. */

const FACES = new Set([-1, 0, 1]);

/** A trait plus the four Fudge dice (each −1, 0 or +1). */
export function rolled(trait: number, faces: readonly number[]): number {
  if (!Number.isInteger(trait)) throw new RangeError(`A trait is a whole ladder level, not ${String(trait)}`);
  if (!Array.isArray(faces) || faces.length !== 4 || !faces.every((f) => FACES.has(f))) {
    throw new RangeError("4dF is four dice of −1, 0 or +1");
  }
  return trait + faces.reduce((sum, f) => sum + f, 0);
}

/** A rolled degree against a difficulty: success when it reaches it, and by how many levels it beat it. */
export function judge(rolledDegree: number, difficulty: number): { success: boolean; relativeDegree: number } {
  if (!Number.isFinite(rolledDegree) || !Number.isFinite(difficulty)) {
    throw new RangeError("A rolled degree and a difficulty are ladder levels");
  }
  const relativeDegree = rolledDegree - difficulty;
  return { success: relativeDegree >= 0, relativeDegree };
}

/**
 * An opposed action judged: the active side's rolled degree against the other's. It succeeds when it
 * beats the other (relative degree above 0) and, when the action has one, reaches its minimum level
 * ("If the telepath only gets a Mediocre result, it doesn't matter if the intended victim rolls a
 * Poor resistance: the attempt fails"); a relative degree of 0 keeps the status quo.
 */
export function opposed(
  rolledDegree: number,
  against: number,
  minimum: number | null = null,
): { success: boolean; relativeDegree: number; belowMinimum: boolean; tie: boolean } {
  if (!Number.isFinite(rolledDegree) || !Number.isFinite(against)) {
    throw new RangeError("Both rolled degrees are ladder levels");
  }
  if (minimum !== null && !Number.isInteger(minimum)) {
    throw new RangeError(`A minimum is a ladder level or none, not ${String(minimum)}`);
  }
  const relativeDegree = rolledDegree - against;
  const belowMinimum = minimum !== null && rolledDegree < minimum;
  return { success: relativeDegree > 0 && !belowMinimum, relativeDegree, belowMinimum, tie: relativeDegree === 0 };
}

/**
 * How many Fudge dice an NPC's side of an opposed action rolls: the usual four, or, as the
 * Storyteller likes, two or one ("rolls 1dF or 2dF when rolling for an NPC"), or none, the NPC's
 * trait standing as the difficulty ("This method assumes the NPC will always roll a 0").
 */
export const NPC_DICE = Object.freeze([4, 2, 1, 0] as const);
export type NpcDice = (typeof NPC_DICE)[number];

/** The skills a unit leader's Tactics roll is made with: "an opposed Tactics (or Leadership) roll". */
export const TACTICS_SKILLS = Object.freeze(["Tactics", "Leadership"] as const);

/**
 * A leader's Tactics roll against the opposing leader: "The winner gets a +1 level bonus to all rolls
 * during the combat at hand". Returns who gets the bonus ("roller", "opponent", or null on a tie) and
 * the bonus itself.
 */
export function tacticsWinner(
  rolledDegree: number,
  against: number,
): { winner: "roller" | "opponent" | null; bonus: 1 } {
  const { relativeDegree } = opposed(rolledDegree, against);
  return { winner: relativeDegree > 0 ? "roller" : relativeDegree < 0 ? "opponent" : null, bonus: 1 };
}

/** The unit-size Scale bonus table (mass battles): the smallest unit size for each bonus. */
export const UNIT_SCALE: ReadonlyArray<readonly [size: number, bonus: number]> = Object.freeze([
  [1, 0],
  [2, 1],
  [3, 2],
  [5, 3],
  [7, 4],
  [10, 5],
  [15, 6],
  [25, 7],
  [40, 8],
  [60, 9],
  [90, 10],
] as const);

/**
 * A unit's Scale bonus from its size: the table's, then +1 for each further 50% beyond 90 (135 for
 * +11, 202.5 for +12, ...).
 */
export function unitScale(count: number): number {
  if (!Number.isInteger(count) || count < 1)
    throw new RangeError(`A unit has a whole number of members, not ${String(count)}`);
  let bonus = 0;
  for (const [size, b] of UNIT_SCALE) if (count >= size) bonus = b;
  if (count < 90) return bonus;
  let threshold = 90 * 1.5;
  while (count >= threshold && bonus < 1000) {
    bonus += 1;
    threshold *= 1.5;
  }
  return bonus;
}
