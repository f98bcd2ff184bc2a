import { isBodyPart, type BodyPart } from "./body-parts";
import { DEFAULT_HIT_LOCATIONS, hitLocation, type HitLocationRow } from "./hit-location";

/**
 * The statuses that record a limb cut off. They last until removed: the text heals no severed limb
 * ("permanently" for a leg), so only the GM takes one off (magic, a prosthetic, the table's word).
 */
export const SEVERED_STATUSES = Object.freeze(["fade-arm-severed", "fade-leg-severed"] as const);

/** The parts each severed-limb status can name: an arm's an arm, a leg's a leg (the Body is never lost). */
const SEVERABLE: Readonly<Record<(typeof SEVERED_STATUSES)[number], readonly BodyPart[]>> = Object.freeze({
  "fade-arm-severed": ["rightArm", "leftArm"],
  "fade-leg-severed": ["rightLeg", "leftLeg"],
});

/** An effect as the wounds read it: its statuses and the part it cut off (its `severedPart` flag). */
export interface WoundRecord {
  readonly statuses: Iterable<string>;
  readonly severedPart?: unknown;
}

/** The body parts a creature has lost: the arms and legs its severed-limb records name. */
export function missingParts(records: Iterable<WoundRecord>): BodyPart[] {
  const missing = new Set<BodyPart>();
  for (const record of records) {
    const part = record.severedPart;
    if (!isBodyPart(part)) continue;
    const statuses = [...record.statuses];
    if (SEVERED_STATUSES.some((s) => statuses.includes(s) && SEVERABLE[s].includes(part))) missing.add(part);
  }
  return [...missing];
}

/** Where a hit lands from d10 faces rolled in turn: the first that is not on a missing part. */
export interface LocationFromFaces {
  /** The part, or undefined when every face landed on a missing part (roll again). */
  readonly part: BodyPart | undefined;
  /** How many faces it read (the first, then a reroll for each missing part). */
  readonly used: number;
  /** The missing parts the faces landed on before it, each rerolled. */
  readonly rerolledFrom: readonly BodyPart[];
}

/**
 * Reads a hit's location from d10 faces in the order they were rolled, rolling again (the next face)
 * while it lands on a missing part, as the text says ("reroll on missing body parts"): the same
 * walk as `rollHitLocation`, over dice already rolled.
 */
export function locationFromFaces(
  faces: readonly number[],
  options: { missing?: readonly BodyPart[]; table?: readonly HitLocationRow[] } = {},
): LocationFromFaces {
  const missing = new Set(options.missing ?? []);
  const rerolledFrom: BodyPart[] = [];
  for (const [i, face] of faces.entries()) {
    const part = hitLocation(face, options.table ?? DEFAULT_HIT_LOCATIONS);
    if (!missing.has(part)) return { part, used: i + 1, rerolledFrom };
    rerolledFrom.push(part);
  }
  return { part: undefined, used: faces.length, rerolledFrom };
}

/** A called shot (or a chosen part) at a part the target has lost cannot be made. */
export function partIsGone(part: BodyPart | null | undefined, missing: readonly BodyPart[]): boolean {
  return part !== null && part !== undefined && missing.includes(part);
}
