import type { DieSource } from "../../../dice";
import type { BodyPart } from "./body-parts";

/** One row of a hit-location table: a d10 from `from` to `to` (inclusive) lands on `part`. */
export interface HitLocationRow {
  readonly from: number;
  readonly to: number;
  readonly part: BodyPart;
}

/**
 * The default 1d10 table (the text gives the odds, not the table; shared rules README): Body on 4-8
 * (50%), every other part 10%. Data, so a GM or a creature can bring its own.
 */
export const DEFAULT_HIT_LOCATIONS: readonly HitLocationRow[] = Object.freeze([
  { from: 1, to: 1, part: "head" },
  { from: 2, to: 2, part: "rightArm" },
  { from: 3, to: 3, part: "leftArm" },
  { from: 4, to: 8, part: "body" },
  { from: 9, to: 9, part: "rightLeg" },
  { from: 10, to: 10, part: "leftLeg" },
] as const);

/** The part a d10 lands on. Throws for a face the table does not cover. */
export function hitLocation(d10: number, table: readonly HitLocationRow[] = DEFAULT_HIT_LOCATIONS): BodyPart {
  const row = table.find((r) => d10 >= r.from && d10 <= r.to);
  if (!row) throw new RangeError(`no hit location for a roll of ${d10}`);
  return row.part;
}

/**
 * Rolls a location, rolling again while it lands on a missing part (as the text says). Returns
 * undefined when the table holds no part that is still there.
 */
export function rollHitLocation(
  die: DieSource,
  options: { missing?: readonly BodyPart[]; table?: readonly HitLocationRow[] } = {},
): BodyPart | undefined {
  const table = options.table ?? DEFAULT_HIT_LOCATIONS;
  const missing = new Set(options.missing ?? []);
  if (!table.some((r) => !missing.has(r.part))) return undefined;
  for (;;) {
    const part = hitLocation(die(10), table);
    if (!missing.has(part)) return part;
  }
}
