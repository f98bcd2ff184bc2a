import { canParry, flanks, hostile, threatens, type Square, type Threatener } from "../rules";
import { isFadeActor } from "./target";
import { sameLevel } from "../../../foundry";

/** A token as the grid rules read it (Foundry v13 TokenDocument: pixels for x/y, grid spaces for width). */
export interface GridToken {
  readonly id: string;
  readonly x: number;
  readonly y: number;
  readonly width?: number;
  readonly disposition?: number;
  readonly name?: string;
  /** Hidden by the GM: it provokes no card (which would give it away). */
  readonly hidden?: boolean;
  readonly actor?: {
    readonly uuid: string;
    readonly name: string;
    readonly statuses?: ReadonlySet<string>;
    readonly items?: { readonly contents: ReadonlyArray<{ readonly type: string; readonly system: object }> };
  } | null;
  readonly parent?: { readonly grid?: { readonly size?: number }; readonly tokens?: Iterable<GridToken> } | null;
}

/** The square a token's top-left corner is on. */
export function squareOf(point: { readonly x: number; readonly y: number }, size: number): Square {
  return { x: Math.round(point.x / size), y: Math.round(point.y / size) };
}

/** The grid size of a token's scene, in pixels (100 when unknown). */
export const gridSize = (token: GridToken) => token.parent?.grid?.size ?? 100;

/** Whether an actor wields a melee weapon: a Fade weapon (or natural weapon) without range, not a spell. */
export function wieldsMelee(actor: GridToken["actor"]): boolean {
  return (actor?.items?.contents ?? []).some((i) => i.type === "fade-weapon" && canParry(i.system));
}

/** A token as a threatener (its token id as the id). */
export function threatenerOf(token: GridToken): Threatener & { readonly token: GridToken } {
  return {
    id: token.id,
    token,
    square: squareOf(token, gridSize(token)),
    size: token.width ?? 1,
    melee: wieldsMelee(token.actor),
    statuses: token.actor?.statuses ?? [],
  };
}

/**
 * The Fade actors' tokens of a scene hostile to `token` (other than it, not hidden, on its Level or
 * the Level of `where`, a point of its move), as threateners.
 */
export function hostileAround(
  token: GridToken,
  where: object = token,
): Array<Threatener & { readonly token: GridToken }> {
  return [...(token.parent?.tokens ?? [])]
    .filter((t) => t.id !== token.id && !t.hidden && sameLevel(t, where) && isFadeActor(t.actor as never))
    .filter((t) => hostile(token.disposition ?? 0, t.disposition ?? 0))
    .map(threatenerOf);
}

/** The hostile creatures that threaten `token` where it stands (a spell or ranged attack there provokes them). */
export function threatening(token: GridToken): Array<Threatener & { readonly token: GridToken }> {
  const me = threatenerOf(token);
  return hostileAround(token).filter((t) => threatens(t, me));
}

/** The first token of an actor on the viewed scene. */
export function tokenOf(actorUuid: string | undefined): GridToken | null {
  if (!actorUuid) return null;
  const tokens = (globalThis as { canvas?: { scene?: { tokens?: Iterable<GridToken> } | null } }).canvas?.scene?.tokens;
  for (const token of tokens ?? []) if (token.actor?.uuid === actorUuid) return token;
  return null;
}

/**
 * Whether an attacker flanks its target: one of its allies (same side, not the target) threatens the
 * target from the opposite side, all three on one Level. False off the grid (no tokens) or for a
 * ranged attack.
 */
export function flankingOn(attackerUuid: string, targetUuid: string | undefined, melee: boolean): boolean {
  const attacker = tokenOf(attackerUuid);
  const target = tokenOf(targetUuid);
  if (!melee || !attacker || !target || !sameLevel(attacker, target)) return false;
  const me = threatenerOf(attacker);
  // With a melee attack in hand the attacker threatens, whatever else it carries.
  const self = { ...me, melee: true };
  const foe = threatenerOf(target);
  return [...(attacker.parent?.tokens ?? [])]
    .filter((t) => t.id !== attacker.id && t.id !== target.id && sameLevel(t, target) && isFadeActor(t.actor as never))
    .filter(
      (t) =>
        !hostile(attacker.disposition ?? 0, t.disposition ?? 0) && hostile(t.disposition ?? 0, target.disposition ?? 0),
    )
    .some((t) => flanks(self, threatenerOf(t), foe));
}
