import { SYSTEM_ID } from "../../../constants";
import { RequestRefused, onGmRequest, requestGm } from "../../../hooks/socket";
import { withTargetData, type Card, type CardRef } from "../../../play/card";
import { CARD_FLAG, cardContent, cardOf, postCard, refOf, replayRolls } from "../../../play/cards";
import { messageById, resolve, userById, type PlayActor, type PlayMessage } from "../../../play/documents";
import type { CardAction, CardKind } from "../../../play/kind";
import { info, warn } from "../../../play/notify";
import { activeRuleSet } from "../../../settings";
import { templatePath } from "../../../sheets/paths";
import { canParry, expandPath, isStep, moveAllowance, moveCost, provokes, type Threatener } from "../rules";
import { atLevel, sameLevel } from "../../../foundry";
import type { FadeActorDoc } from "./documents";
import { fadeFlows } from "./flow-registry";
import { budgetOf, combatantOf as turnCombatantOf, currentCombat } from "./turn";
import { gridSize, hostileAround, squareOf, threatening, type GridToken } from "./grid";
import { isFadeActor } from "./target";
import {
  provokeSchema,
  type FadeAttackData,
  type FadeProvokeData,
  type FadeProvokeRow,
  type ProvokeReason,
} from "./card-data";
import { checkedAttack, writtenFor } from "./gm-checks";
import { provokeCardView } from "./views";

export type { FadeProvokeData, FadeProvokeRow, ProvokeReason };

interface CombatantLike {
  readonly actor?: { readonly uuid: string } | null;
  readonly tokenId?: string | null;
  getFlag(scope: string, key: string): unknown;
  update(data: object): Promise<unknown>;
}
interface CombatLike {
  readonly round: number;
  readonly started?: boolean;
  readonly combatants: Iterable<CombatantLike>;
}

const combat = () => (game as unknown as { combat?: CombatLike | null }).combat ?? null;
const combatantOf = (uuid: string, token?: string) =>
  [...(combat()?.combatants ?? [])].find((c) => (token ? c.tokenId === token : c.actor?.uuid === uuid)) ?? null;

/**
 * Whether a creature still has its attack of opportunity this round: its combatant's turn budget
 * (turn.ts) says so; the attack itself spends it there (an attack out of one's turn).
 */
export const hasOpportunity = (uuid: string) => {
  const fight = currentCombat();
  const c = fight ? turnCombatantOf({ uuid }, fight) : undefined;
  return !fight || !c || !budgetOf(fight, c).opportunity;
};

export const OPPORTUNITY_REQUEST = "fade.opportunity";

/** The threatener's owner attacks the provoker: its melee weapon's attack dialog, aimed at the provoker. */
const opportunityAction: CardAction<FadeProvokeData, FadeProvokeRow> = {
  who: "targetOwner",
  enabled: (card, target) => {
    const row = target === null ? null : card.targets[target];
    return Boolean(row && row.data.taken === null && hasOpportunity(row.uuid));
  },
  run: async ({ message, card, target }) => {
    const row = target === null ? null : card.targets[target];
    if (!row) return null;
    const attacker = resolve<FadeActorDoc>(row.uuid);
    const provoker = resolve<FadeActorDoc>(card.actor?.uuid);
    if (!attacker || !provoker) return (warn("ANTHOLOGY.Fade.Errors.actorGone", { name: row.name }), null);
    if (!hasOpportunity(row.uuid)) return (warn("ANTHOLOGY.Fade.Opportunity.used", { name: row.name }), null);
    const weapon = attacker.items.contents.find((i) => i.type === "fade-weapon" && canParry(i.system));
    if (!weapon) return (warn("ANTHOLOGY.Fade.Opportunity.noMelee", { name: row.name }), null);
    const attack = await fadeFlows.flow("rollAttack")(attacker, weapon, {
      targets: [{ actor: provoker, name: card.actor!.name }],
    });
    if (!attack) return null;
    return requestGm(OPPORTUNITY_REQUEST, { provoke: message.id, row: target, attack: attack.id });
  },
};

export const fadeProvokeKind: CardKind<FadeProvokeData, FadeProvokeRow> = {
  id: "provoke",
  template: templatePath("rulesets/fade/provoke-card.hbs"),
  schema: provokeSchema,
  view: provokeCardView,
  actions: { opportunity: opportunityAction },
};

/**
 * What the GM does when a threatener took its attack of opportunity: checks the attack card is the
 * asking user's, written for that threatener, and a real attack at the provoker (its to-hit roll rolls
 * the threatener's sheet and its own request names the provoker), then marks the row taken (the
 * attack itself spent the threatener's attack of opportunity from its turn budget).
 */
export function registerOpportunityRequests(): void {
  onGmRequest(OPPORTUNITY_REQUEST, async (payload, userId) => {
    const provoke = messageById(payload.provoke);
    const attack = messageById(payload.attack);
    const p = provoke ? cardOf(provoke) : null;
    const a = attack ? cardOf(attack) : null;
    const refuse = (key: string): never => {
      throw new RequestRefused({ key });
    };
    if (!provoke || !attack || !p || !a || "error" in p || "error" in a)
      return refuse("ANTHOLOGY.Play.Errors.cardGone");
    if (p.card.kind !== fadeProvokeKind.id || a.card.kind !== "attack") return refuse("ANTHOLOGY.Play.Errors.cardGone");
    const index = Number(payload.row);
    const row = p.card.targets[index] as { uuid: string; name: string; data: FadeProvokeRow } | undefined;
    if (!row || a.card.actor?.uuid !== row.uuid || !a.card.targets.some((t) => t.uuid === p.card.actor?.uuid)) {
      return refuse("ANTHOLOGY.Play.Errors.badRoll");
    }
    const user = userById(userId);
    if (!user || (!user.isGM && attack.author?.id !== userId)) return refuse("ANTHOLOGY.Play.Errors.gmOnly");
    // A real attack by the threatener at the provoker: its to-hit roll is the sheet's and names the provoker.
    const threatener = resolve<PlayActor>(row.uuid);
    if (!writtenFor(attack, threatener)) return refuse("ANTHOLOGY.Play.Errors.badRoll");
    const checked = checkedAttack({
      rolls: replayRolls(attack),
      data: a.card.data as unknown as FadeAttackData,
      actor: threatener,
      actorName: row.name,
    });
    if (checked.request.targets && !checked.request.targets.includes(p.card.actor?.uuid ?? "")) {
      return refuse("ANTHOLOGY.Play.Errors.badRoll");
    }
    // The attack already spent the threatener's attack of opportunity (its turn budget); the row is marked.
    if (row.data.taken !== null) return refuse("ANTHOLOGY.Fade.Opportunity.used");
    const next = withTargetData(p.card as Card<FadeProvokeData, FadeProvokeRow>, index, { taken: attack.id });
    await provoke.update({
      [`flags.${SYSTEM_ID}.${CARD_FLAG}`]: next,
      content: await cardContent(p.kind, next as never, provoke.rolls),
    });
  });
}

/** Posts the card: `actor` provokes each threatener (those with an attack of opportunity left this round). */
export async function postProvocation(
  actor: CardRef & { readonly uuid: string },
  threateners: ReadonlyArray<{ readonly token: GridToken }>,
  reason: ProvokeReason,
): Promise<PlayMessage | null> {
  const rows = threateners
    .filter((t) => t.token.actor && hasOpportunity(t.token.actor.uuid))
    .map((t) => ({ uuid: t.token.actor!.uuid, name: t.token.name ?? t.token.actor!.name, data: { taken: null } }));
  if (!rows.length) return null;
  const card = { v: 1, ruleSet: "fade", kind: fadeProvokeKind.id, actor: refOf(actor), data: { reason }, targets: [] };
  return postCard({
    kind: fadeProvokeKind,
    card: { ...card, targets: rows.map((r) => ({ ...r, applied: null })) },
    rolls: [],
    speaker: { actor: resolve(actor.uuid) },
    messageMode: "public",
  });
}

/** The threateners a spell or ranged attack provokes where the attacker stands (none out of combat). */
export function attackProvokers(token: GridToken | null, reason: ProvokeReason | null) {
  if (!token || !reason || !combat()?.started || !combatantOf("", token.id)) return [];
  return threatening(token);
}

/** A waypoint as a square. */
const at = (size: number) => (p: { readonly x: number; readonly y: number }) => squareOf(p, size);

interface Movement {
  readonly id?: string;
  readonly origin: { readonly x: number; readonly y: number };
  readonly passed?: { readonly waypoints?: ReadonlyArray<{ readonly x: number; readonly y: number }> };
  readonly history?: {
    readonly recorded?: {
      readonly waypoints?: ReadonlyArray<{ readonly x: number; readonly y: number; readonly movementId?: string }>;
    };
  };
}

/**
 * `moveToken` (Foundry v13, every client, after the move): for a token of a combatant in a started
 * combat, the cost of this turn's movement (1-2-1, from the token's recorded history this turn and
 * this move). The user who moved it is told when it is beyond the speed; the active GM posts the
 * attacks of opportunity the move provoked.
 */
export async function onMoveToken(token: GridToken, movement: Movement, _op: unknown, user: { id?: string }) {
  const actor = token.actor as (GridToken["actor"] & { system?: { derived?: object } }) | null | undefined;
  if (!isFadeActor(actor as never) || !combat()?.started || !combatantOf("", token.id)) return;
  const square = at(gridSize(token));
  const earlier = (movement.history?.recorded?.waypoints ?? []).filter(
    (w) => !w.movementId || w.movementId !== movement.id,
  );
  const before = moveCost(expandPath(earlier.map(square)));
  const path = expandPath([movement.origin, ...(movement.passed?.waypoints ?? [])].map(square));
  const now = moveCost(path, before.diagonals);
  const derived = (actor as unknown as { system: { derived: { speed: number; run: number; charge: number } } }).system
    .derived;
  const cost = before.cost + now.cost;
  const allowance = moveAllowance(derived, actor!.statuses ?? []);
  if (user?.id === game.user?.id && cost > allowance) {
    warn("ANTHOLOGY.Fade.Opportunity.beyond", {
      name: token.name ?? actor!.name,
      cost,
      speed: allowance,
      run: derived.run,
    });
  }
  if (!game.users?.activeGM?.isSelf) return;
  const step = isStep(path, before.squares);
  // Each stretch of the move on one Scene Level meets the foes on that Level (Foundry v14; v13 has
  // one): the step from one Level to another provokes no one.
  const provoked = new Map<string, Threatener & { readonly token: GridToken }>();
  const points = [movement.origin, ...(movement.passed?.waypoints ?? [])].map((p) => atLevel(p, token));
  for (const stretch of byLevel(points)) {
    const threateners = hostileAround(token, stretch[0]!).filter((t) => combatantOf("", t.id));
    const stretchPath = expandPath(stretch.map(square));
    for (const t of provokes({ path: stretchPath, statuses: actor!.statuses ?? [], step }, threateners))
      provoked.set(t.id, t);
  }
  if (provoked.size)
    await postProvocation({ uuid: actor!.uuid, name: token.name ?? actor!.name }, [...provoked.values()], "move");
}

/** A move's points cut into runs on one Scene Level each, in order. */
function byLevel<P extends object>(points: readonly P[]): P[][] {
  const runs: P[][] = [];
  for (const point of points) {
    const run = runs.at(-1);
    if (run && sameLevel(run[0]!, point)) run.push(point);
    else runs.push([point]);
  }
  return runs;
}

/**
 * `ready`: in a Fade world, the GM's grid measures diagonals 1-2-1. Foundry's world setting
 * (`core.gridDiagonals`) is set to alternate 1-2-1 while no one has chosen it; a GM's own choice is
 * kept, and the GM is told once a session that The Fade counts 1-2-1 (moves in combat are costed so).
 */
export async function checkDiagonals(): Promise<void> {
  if (!game.users?.activeGM?.isSelf || activeRuleSet() !== "fade") return;
  const settings = game.settings as unknown as {
    get(ns: string, key: string): unknown;
    set(ns: string, key: string, value: unknown): Promise<unknown>;
    settings?: Map<string, unknown>;
    storage?: Map<string, { getSetting?(key: string): unknown }>;
  };
  const alternating = (CONST as unknown as { GRID_DIAGONALS?: { ALTERNATING_1?: number } }).GRID_DIAGONALS
    ?.ALTERNATING_1;
  if (alternating === undefined || !settings.settings?.has("core.gridDiagonals")) return;
  if (settings.get("core", "gridDiagonals") === alternating) return;
  const chosen = settings.storage?.get("world")?.getSetting?.("core.gridDiagonals");
  if (chosen) return warn("ANTHOLOGY.Fade.Opportunity.diagonalsKept");
  await settings.set("core", "gridDiagonals", alternating);
  info("ANTHOLOGY.Fade.Opportunity.diagonalsSet");
}
