import { SYSTEM_ID } from "../../../constants";
import { AnthologyRoll } from "../../../dice/anthology-roll";
import { outcomeOf, rollFor } from "../../../play/dice-roll";
import type { PlayRoll } from "../../../play/documents";
import type { ReplayedRoll } from "../../../play/kind";
import { warn } from "../../../play/notify";
import { ROLLS, refuseMissing } from "../../../play/verify";
import { BODY_PART_KEYS, locationFromFaces, missingParts, partIsGone, type BodyPart } from "../rules";

/**
 * Severed limbs at the table: a creature's missing parts are read from its severed-limb effects (each
 * names its part in `flags.anthology.fade.severedPart` and lasts until removed). A hit location that
 * lands on one rolls again; a called shot at one is refused.
 */

interface EffectLike {
  readonly statuses: ReadonlySet<string>;
  readonly disabled?: boolean;
  getFlag?(scope: string, key: string): unknown;
}

interface Wounded {
  readonly name: string;
  readonly effects?: Iterable<EffectLike>;
}

/** The parts an actor has lost, from its severed-limb effects as they stand. */
export function missingOf(actor: Wounded | null | undefined): BodyPart[] {
  const effects = [...(actor?.effects ?? [])].filter((e) => !e.disabled);
  return missingParts(
    effects.map((e) => ({
      statuses: e.statuses,
      severedPart: (e.getFlag?.(SYSTEM_ID, "fade") as { severedPart?: unknown } | undefined)?.severedPart,
    })),
  );
}

/** The request a location's reroll carries: rolled for the target, again. */
export const LOCATION_REROLL = "location";

/**
 * Rolls where a hit on `target` lands, as the attacker's client does: a d10, then another for each
 * time it lands on a part the target has lost. Every roll goes on the card (`rolls`); the first's index
 * is the row's `locationRoll`, the rerolls follow it, each carrying `reroll: "location"`.
 */
export async function rollLocation(
  target: { readonly uuid: string; readonly actor: Wounded | null },
  rolls: PlayRoll[],
): Promise<{ locationRoll: number; part: BodyPart }> {
  const missing = missingOf(target.actor);
  const first = await rollFor("1d10", { target: target.uuid });
  const locationRoll = rolls.push(first) - 1;
  const faces = [outcomeOf(first).total];
  for (;;) {
    const { part } = locationFromFaces(faces, { missing });
    if (part) return { locationRoll, part };
    const again = await rollFor("1d10", { target: target.uuid, reroll: LOCATION_REROLL });
    rolls.push(again);
    faces.push(outcomeOf(again).total);
  }
}

/** A called shot (or a chosen part) at a part a target has lost: the message, and whether it was refused. */
export function refusedPart(part: BodyPart | null | undefined, targets: readonly Wounded[]): boolean {
  const gone = targets.find((t) => partIsGone(part, missingOf(t)));
  if (!gone || !part) return false;
  warn("ANTHOLOGY.Fade.Errors.partGone", { name: gone.name, part: BODY_PART_KEYS[part] });
  return true;
}

/**
 * Where a row's hit lands, as the GM works it out: the row's d10, then (while it lands on a part the
 * target has lost now) the card's rerolls for that row that follow it; past those, the GM's own d10s.
 * Returns the part, the parts rolled again from, and the indices of the card's rolls it read.
 */
export async function gmLocation(input: {
  readonly rolls: ReadonlyArray<ReplayedRoll | null>;
  /** The row's location roll, already checked (a d10 for the row's target). */
  readonly first: ReplayedRoll;
  readonly index: number;
  /** A card's roll at `i`, checked as a d10 rolled for the row's target (or a refusal). */
  readonly reroll: (i: number) => ReplayedRoll;
  readonly missing: readonly BodyPart[];
}): Promise<{ part: BodyPart; rerolledFrom: readonly BodyPart[]; used: readonly number[] }> {
  const face = (roll: ReplayedRoll) => {
    const value = roll.outcome.dice[0]?.value;
    if (value === undefined) refuseMissing(ROLLS.location);
    return value;
  };
  const faces = [face(input.first)];
  const used = [input.index];
  let next = input.index + 1;
  for (;;) {
    const found = locationFromFaces(faces, { missing: input.missing });
    if (found.part) return { part: found.part, rerolledFrom: found.rerolledFrom, used };
    const stored = input.rolls[next];
    const request = stored?.request as { reroll?: unknown } | undefined;
    if (stored && request?.reroll === LOCATION_REROLL) {
      faces.push(face(input.reroll(next)));
      used.push(next);
      next++;
      continue;
    }
    // The card holds no more rerolls (the part was lost after the roll): the GM rolls on. The Body is
    // never lost (missingParts), so this ends.
    const roll = new AnthologyRoll("1d10") as unknown as { evaluate(): Promise<unknown>; total: number };
    await roll.evaluate();
    faces.push(roll.total);
  }
}
