/**
 * Movement on a square grid, attacks of opportunity and flanking (The Fade: Movement/Size, Step,
 * Attacks of Opportunity, Withdraw, Flanking). Squares are grid offsets: `x` the column, `y` the row.
 */

/** A grid square by column and row. */
export interface Square {
  readonly x: number;
  readonly y: number;
}

/** What a move costs: squares of speed spent, squares entered, and how many of them diagonally. */
export interface MoveCost {
  readonly cost: number;
  readonly squares: number;
  readonly diagonals: number;
}

/** The status another part of the system gives a character taking the Withdraw action. */
export const WITHDRAWING_STATUS = "fade-withdrawing";

/** Core statuses after which a creature threatens nothing (it cannot make an attack of opportunity). */
export const HELPLESS_STATUSES = Object.freeze(["dead", "unconscious", "sleep", "paralysis", "stun"] as const);

/**
 * The cost of a path of squares (its first square is where the move starts). A step may cross
 * several squares at once (a waypoint); each diagonal square counts 1, 2, 1, 2... across the whole
 * path, continuing from `diagonalsBefore` (the diagonals already moved this turn).
 * Three squares straight cost 3; three diagonal cost 1 + 2 + 1 = 4.
 */
export function moveCost(path: readonly Square[], diagonalsBefore = 0): MoveCost {
  let straight = 0;
  let diagonals = 0;
  for (let i = 1; i < path.length; i++) {
    const dx = Math.abs(path[i]!.x - path[i - 1]!.x);
    const dy = Math.abs(path[i]!.y - path[i - 1]!.y);
    diagonals += Math.min(dx, dy);
    straight += Math.abs(dx - dy);
  }
  // Of n diagonals counted from the start, every second one costs 2: n + floor(n / 2) in all.
  const extra = Math.floor((diagonalsBefore + diagonals) / 2) - Math.floor(diagonalsBefore / 2);
  return { cost: straight + diagonals + extra, squares: straight + diagonals, diagonals };
}

/** The squares a straight line from `a` to `b` enters, one square at a time (diagonals where it can). */
export function squaresAlong(a: Square, b: Square): Square[] {
  const n = Math.max(Math.abs(b.x - a.x), Math.abs(b.y - a.y));
  const out: Square[] = [];
  for (let k = 1; k <= n; k++) {
    out.push({ x: a.x + Math.round(((b.x - a.x) * k) / n), y: a.y + Math.round(((b.y - a.y) * k) / n) });
  }
  return out;
}

/** A path of waypoints as every square it enters, the first included (repeated squares dropped). */
export function expandPath(waypoints: readonly Square[]): Square[] {
  const out: Square[] = [];
  for (const point of waypoints) {
    const last = out.at(-1);
    const next = last ? squaresAlong(last, point) : [point];
    out.push(...next);
  }
  return out;
}

/** A creature on the grid as the rules of threat read it. */
export interface Threatener {
  readonly id: string;
  /** Its top-left square. */
  readonly square: Square;
  /** Squares wide and high (1 for a medium creature). */
  readonly size?: number;
  /** Whether it wields a melee weapon (a weapon or natural weapon without range, not a spell). */
  readonly melee: boolean;
  /** Its statuses: a helpless creature threatens nothing. */
  readonly statuses?: Iterable<string>;
}

const key = (s: Square) => `${s.x},${s.y}`;

/** The squares a creature occupies. */
export function occupied(creature: Pick<Threatener, "square" | "size">): Square[] {
  const size = Math.max(1, Math.floor(creature.size ?? 1));
  const out: Square[] = [];
  for (let dx = 0; dx < size; dx++)
    for (let dy = 0; dy < size; dy++) out.push({ x: creature.square.x + dx, y: creature.square.y + dy });
  return out;
}

/** Whether a creature can make attacks of opportunity now: not dead, unconscious or otherwise helpless. */
export function canThreaten(creature: Pick<Threatener, "melee" | "statuses">): boolean {
  const statuses = new Set(creature.statuses ?? []);
  return creature.melee && !HELPLESS_STATUSES.some((s) => statuses.has(s));
}

/**
 * The squares a creature threatens: every square next to one it occupies (diagonals too), while it
 * wields a melee weapon and is not helpless. The text names no reach, so reach is one square.
 */
export function threatenedBy(creature: Threatener): Square[] {
  if (!canThreaten(creature)) return [];
  const own = new Set(occupied(creature).map(key));
  const out = new Map<string, Square>();
  for (const s of occupied(creature)) {
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        const t = { x: s.x + dx, y: s.y + dy };
        if (!own.has(key(t))) out.set(key(t), t);
      }
    }
  }
  return [...out.values()];
}

/** A move as `provokes` reads it: the squares it goes through, and what kind of move it is. */
export interface Move {
  /** Every square of the move in order, the starting square first. */
  readonly path: readonly Square[];
  /** The mover's statuses: a withdrawing character provokes nothing. */
  readonly statuses?: Iterable<string>;
  /** A Step (one square, the only movement of the turn) provokes nothing. */
  readonly step?: boolean;
}

/**
 * The creatures a move provokes: those that threaten a square the mover leaves (moving out of a
 * threatened square, or through one). Entering a threatened square and stopping there provokes
 * nothing; nor does a Step, nor any move while withdrawing. In the threateners' order.
 */
export function provokes<T extends Threatener>(move: Move, threateners: readonly T[]): T[] {
  if (move.step || move.path.length < 2 || new Set(move.statuses ?? []).has(WITHDRAWING_STATUS)) return [];
  const left = new Set(move.path.slice(0, -1).map(key));
  return threateners.filter((t) => threatenedBy(t).some((s) => left.has(key(s))));
}

/**
 * Whether a move counts as a Step: exactly one square, with no other movement this turn.
 * `before` is the squares already moved this turn.
 */
export function isStep(path: readonly Square[], before = 0): boolean {
  return before === 0 && moveCost(path).squares === 1;
}

/** Whether the creature attacked threatens a given square's creature: the attacker is next to it. */
export function threatens(attacker: Threatener, target: Pick<Threatener, "square" | "size">): boolean {
  const around = new Set(threatenedBy(attacker).map(key));
  return occupied(target).some((s) => around.has(key(s)));
}

/**
 * Flanking: the attacker and an ally both threaten the target, and the line between their centres
 * goes through the centre of the target or of a square it occupies. Each gains +1k0 to hit.
 */
export function flanks(attacker: Threatener, ally: Threatener, target: Pick<Threatener, "square" | "size">): boolean {
  if (!threatens(attacker, target) || !threatens(ally, target)) return false;
  // Doubled coordinates keep every centre whole.
  const centre = (c: Pick<Threatener, "square" | "size">) => {
    const size = Math.max(1, Math.floor(c.size ?? 1));
    return { x: 2 * c.square.x + size, y: 2 * c.square.y + size };
  };
  const a = centre(attacker);
  const b = centre(ally);
  const points = [centre(target), ...occupied(target).map((s) => centre({ square: s }))];
  return points.some((p) => {
    const cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
    const dot = (p.x - a.x) * (b.x - a.x) + (p.y - a.y) * (b.y - a.y);
    const length = (b.x - a.x) ** 2 + (b.y - a.y) ** 2;
    return cross === 0 && dot > 0 && dot < length;
  });
}

/**
 * How far a character may move this turn: its speed, doubled while withdrawing (the text). A run
 * (`derived.run`) or a charge (`derived.charge`) are full-round actions the mover declares; the
 * message names them.
 */
export function moveAllowance(derived: { readonly speed: number }, statuses: Iterable<string> = []): number {
  return new Set(statuses).has(WITHDRAWING_STATUS) ? derived.speed * 2 : derived.speed;
}

/** Whether two token dispositions are hostile to each other (friendly against hostile or secret). */
export function hostile(a: number, b: number): boolean {
  const side = (d: number) => Math.sign(d);
  return side(a) * side(b) === -1;
}
