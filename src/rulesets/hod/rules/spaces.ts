/**
 * Occupied spaces (heroes-of-destiny.txt, "Entering a Space Simultaneously", "Moving Through Occupied
 * Spaces", "Fighting in Occupied Spaces"): what a creature counts for in a space by its size, whether
 * one more fits (at most 4 Normal-sized creatures or the equivalent), who may refuse an entry, who
 * enters first when several try at once, and how sharing a space hampers a fight (−4 to hit past one
 * Normal creature's worth, no attacks and Passive defenses past two). Pure: a space is a list of the
 * sizes in it (size modifiers); which creatures share one is the table's or the grid's to say.
 */
import { num } from "./derive";
import { sizeCategory as sizeCategoryOf } from "./requirements";

/** A space holds at most this many Normal-sized creatures' worth. */
export const SPACE_CAPACITY = 4;
/** Sharing a space past one Normal creature's worth: every attack there takes this. */
export const CROWDED_PENALTY = -4;

/**
 * What a creature counts for in one space it occupies, in Normal-sized creatures: Normal 1, Small ½,
 * Tiny ¼, Diminutive ⅛, Fine 1/16, Large or larger 3.
 */
export function spaceShare(modifier: unknown): number {
  const category = sizeCategoryOf(modifier);
  return category > 0 ? 3 : 1 / 2 ** -category;
}

const total = (sizes: readonly unknown[]) => sizes.reduce<number>((sum, s) => sum + spaceShare(s), 0);

/**
 * Whether a creature of size `mover` fits into a space already holding `occupants` ("A single space
 * cannot hold more than 4 Normal-sized creatures or the equivalent"), and which occupants may refuse it
 * (entry needs "all creatures already there" to allow it, but "Creatures that are at least two size
 * categories larger or smaller than you cannot prevent you from entering their space"): their indexes.
 */
export function spaceEntry(occupants: readonly unknown[], mover: unknown) {
  const category = sizeCategoryOf(mover);
  return {
    fits: total(occupants) + spaceShare(mover) <= SPACE_CAPACITY,
    mayRefuse: occupants.flatMap((o, i) => (Math.abs(sizeCategoryOf(o) - category) < 2 ? [i] : [])),
  };
}

/** How a creature may fight in its space: freely, at −4 to hit, or not at all (no attacks, Passive defense). */
export type Crowding = "free" | "crowded" | "packed";

/**
 * How a creature of size `me` fights in a space it shares with `others` (their sizes): only creatures
 * within one size category of it count; with at least two counted (it and one other) and more than one
 * Normal creature's worth, its attacks take −4; past two, it may make no attack and uses its Passive
 * defense.
 */
export function crowdingOf(me: unknown, others: readonly unknown[]): Crowding {
  const category = sizeCategoryOf(me);
  const counted = others.filter((o) => Math.abs(sizeCategoryOf(o) - category) <= 1);
  if (counted.length === 0) return "free";
  const size = spaceShare(me) + total(counted);
  return size > 2 ? "packed" : size > 1 ? "crowded" : "free";
}

/** The worse of two crowdings (a creature in several spaces fights as in its most crowded). */
export const worseCrowding = (a: Crowding, b: Crowding): Crowding =>
  a === "packed" || b === "packed" ? "packed" : a === "crowded" || b === "crowded" ? "crowded" : "free";

/** A creature trying to enter a space at the same moment as others. */
export interface Mover {
  readonly id: string;
  /** Movement rate in feet. */
  readonly speed: number;
  readonly dexterity: number;
}

/**
 * The order in which creatures trying to enter one space at the same time get in ("the one with the
 * fastest movement rate is assumed to have entered first. If there is a tie, then the winner is the one
 * with the highest Dexterity. If that ties, then the winner is determined randomly"; the rest "in
 * decreasing order of movement rate and Dexterity"). `random` breaks a full tie: one number per mover,
 * in the movers' order (a die rolled for each), the higher first.
 */
export function entryOrder(movers: readonly Mover[], random: readonly number[] = []): string[] {
  return movers
    .map((m, i) => ({ m, roll: num(random[i]) }))
    .sort((a, b) => num(b.m.speed) - num(a.m.speed) || num(b.m.dexterity) - num(a.m.dexterity) || b.roll - a.roll)
    .map(({ m }) => m.id);
}

/** A token's place on a square grid as the scene stores it: pixels for x and y, grid spaces for width and height. */
export interface GridPlace {
  readonly x: number;
  readonly y: number;
  readonly width?: number;
  readonly height?: number;
}

/**
 * The grid spaces a token covers ("col,row"): from the space its top-left corner is in, as many
 * spaces across and down as its width and height (a token smaller than a space covers the one it is in).
 */
export function spacesOf(place: GridPlace, gridSize: number): string[] {
  const size = num(gridSize) > 0 ? num(gridSize) : 100;
  const col = Math.round(num(place.x) / size);
  const row = Math.round(num(place.y) / size);
  const across = Math.max(1, Math.ceil(num(place.width, 1) - 1e-9));
  const down = Math.max(1, Math.ceil(num(place.height, 1) - 1e-9));
  const out: string[] = [];
  for (let c = 0; c < across; c++) for (let r = 0; r < down; r++) out.push(`${col + c},${row + r}`);
  return out;
}

/** The public names of occupied spaces (`api.rules.hod`). */
export const HOD_SPACES_API = Object.freeze({
  spaceCapacity: SPACE_CAPACITY,
  crowdedPenalty: CROWDED_PENALTY,
  spaceSizeCategory: sizeCategoryOf,
  spaceShare,
  spaceEntry,
  crowdingOf,
  entryOrder,
  spacesOf,
});
