/**
 * Occupied spaces on the grid (rules/spaces.ts). A "space" is one grid space of the scene: a token
 * occupies every space its bounds cover (its top-left space, and as many across and down as its width
 * and height), and creatures share a space when their tokens cover the same one, on the same Level.
 * Read from the viewed scene's tokens as they stand, on the client that judges (the roller's dialog,
 * the GM's apply); off the grid (no token) a creature fights freely.
 */
import { RequestRefused } from "../../../hooks/socket";
import { userById } from "../../../play/documents";
import { sameLevel } from "../../../foundry";
import { info, warn } from "../../../play/notify";
import { crowdingOf, spaceEntry, spacesOf, worseCrowding, type Crowding } from "../rules/spaces";
import { isHodActor, type HodActor } from "./documents";
import { gmMayGoOn } from "./effects";

interface SpaceToken {
  readonly id: string;
  readonly x: number;
  readonly y: number;
  readonly width?: number;
  readonly height?: number;
  readonly actor?: { readonly uuid: string; readonly statuses?: ReadonlySet<string> } | null;
  readonly parent?: { readonly grid?: { readonly size?: number }; readonly tokens?: Iterable<SpaceToken> } | null;
}

/** The "crowded" situation of the attack dialog (−4 to hit), ticked for an attacker whose space is crowded. */
export const CROWDED_SITUATION = "crowded";

const sceneTokens = (): Iterable<SpaceToken> =>
  (globalThis as { canvas?: { scene?: { tokens?: Iterable<SpaceToken> } | null } }).canvas?.scene?.tokens ?? [];

/** The first token of an actor on the viewed scene. */
function tokenOf(uuid: string): SpaceToken | null {
  for (const token of sceneTokens()) if (token.actor?.uuid === uuid) return token;
  return null;
}

const sizeOf = (token: SpaceToken) => {
  const actor = token.actor as HodActor | null | undefined;
  return actor && isHodActor(actor) ? Number(actor.system.size ?? 0) : 0;
};

/**
 * How the actor fights in its space now: the worst of the spaces its token covers, each counting the
 * other Heroes of Destiny creatures whose tokens cover it too (the dead fight for no space).
 */
export function crowdingNow(actor: { readonly uuid: string } | null): Crowding {
  const token = actor ? tokenOf(actor.uuid) : null;
  if (!token) return "free";
  const grid = token.parent?.grid?.size ?? 100;
  const mine = spacesOf(token, grid);
  const others = [...(token.parent?.tokens ?? sceneTokens())]
    .filter((t) => t.id !== token.id && isHodActor(t.actor as never) && !t.actor?.statuses?.has("dead"))
    .filter((t) => sameLevel(t, token))
    .map((t) => ({ size: sizeOf(t), spaces: new Set(spacesOf(t, grid)) }));
  let worst: Crowding = "free";
  for (const space of mine) {
    const here = others.filter((o) => o.spaces.has(space)).map((o) => o.size);
    worst = worseCrowding(worst, crowdingOf(sizeOf(token), here));
  }
  return worst;
}

/** Whether the actor's space lets it attack ("none of the creatures may make an attack action"): a GM may go on. */
export function spaceAllowsAttack(actor: HodActor): boolean {
  if (crowdingNow(actor) !== "packed") return true;
  return gmMayGoOn("ANTHOLOGY.HoD.Space.packed", { name: actor.name ?? "" });
}

/** The dialog's ticked situations with "crowded" added when the attacker's space is crowded. */
export function withCrowding<T extends { readonly ids: readonly string[] }>(ticked: T, attacker: HodActor): T {
  if (crowdingNow(attacker) !== "crowded" || ticked.ids.includes(CROWDED_SITUATION)) return ticked;
  return { ...ticked, ids: [...ticked.ids, CROWDED_SITUATION] };
}

/**
 * The GM's check of a player's attack or special action against the performer's space now: no attack
 * from a space holding more than two Normal creatures' worth, and the −4 of a crowded one in the roll
 * (the roll's ticked situations). A GM's own card may have gone on past them.
 */
export function checkSpaceOnApply(
  message: { readonly author?: { readonly id?: string | null } | null },
  performer: HodActor,
  modifiers: readonly string[] | undefined,
): void {
  if (userById(message.author?.id ?? "")?.isGM) return;
  const crowding = crowdingNow(performer);
  const name = performer.name ?? "";
  if (crowding === "packed") throw new RequestRefused({ key: "ANTHOLOGY.HoD.Space.packed", data: { name } });
  if (crowding === "crowded" && !(modifiers ?? []).includes(CROWDED_SITUATION)) {
    throw new RequestRefused({ key: "ANTHOLOGY.HoD.Space.crowdedMissing", data: { name } });
  }
}

/** A token as the move hook sees it: a SpaceToken with its name and whether the GM hides it. */
interface MovedToken extends SpaceToken {
  readonly name?: string;
  readonly hidden?: boolean;
}

/**
 * `moveToken` (on every client, after a move; the moving user's acts): a Heroes of Destiny creature that
 * ends its move in an occupied space is told when the space now holds more than 4 Normal creatures'
 * worth ("A single space cannot hold more than 4"), else whose leave its entry needs (the occupants
 * within one size category of it: those two or more apart "cannot prevent you"). Nothing is moved back:
 * the table settles it. Tokens the GM hides are left out for everyone else.
 */
export function onHodMoveToken(token: MovedToken, _movement: unknown, _op: unknown, user: { id?: string } | null) {
  if (!user?.id || user.id !== game.user?.id) return;
  const actor = token.actor as HodActor | null | undefined;
  if (!actor || !isHodActor(actor)) return;
  const grid = token.parent?.grid?.size ?? 100;
  const mine = new Set(spacesOf(token, grid));
  const gm = game.user?.isGM === true;
  const others = [...(token.parent?.tokens ?? [])]
    .map((t) => t as MovedToken)
    .filter((t) => t.id !== token.id && isHodActor(t.actor as never) && !t.actor?.statuses?.has("dead"))
    .filter((t) => sameLevel(t, token) && (gm || !t.hidden))
    .filter((t) => spacesOf(t, grid).some((s) => mine.has(s)));
  if (!others.length) return;
  const name = token.name ?? actor.name ?? "";
  const entry = spaceEntry(others.map(sizeOf), sizeOf(token));
  if (!entry.fits) return warn("ANTHOLOGY.HoD.Space.full", { name });
  const leave = entry.mayRefuse.map((i) => others[i]!.name ?? "").filter((n) => n);
  if (leave.length) info("ANTHOLOGY.HoD.Space.leave", { name, others: leave.join(", ") });
}
