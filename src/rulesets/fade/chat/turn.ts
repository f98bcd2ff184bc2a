import { SYSTEM_ID } from "../../../constants";
import { RequestRefused, onGmRequest, requestGm } from "../../../hooks/socket";
import { escapeHtml } from "../../../play/escape";
import { newTicket, ticketUpdate, type Paid } from "./paid";
import { warn } from "../../../play/notify";
import {
  FADE_PREPARABLE,
  FADE_TURN_ACTIONS,
  readTurn,
  spend,
  turnAt,
  turnLeft,
  type FadeTurnAction,
  type FadeTurnState,
} from "../rules";

/**
 * The Combat flag that holds every combatant's budget by combatant id (`flags.anthology.fadeTurns`):
 * on the Combat, which only a GM can update, since a combatant's owner can rewrite its own flags.
 */
export const TURN_FLAG = "fadeTurns";
export const TURN_REQUEST = "fade.turn";

export interface TurnCombatant {
  readonly id: string;
  readonly name: string;
  readonly initiative: number | null;
  readonly actor: { readonly uuid: string; testUserPermission(user: unknown, level: string): boolean } | null;
  getFlag(scope: string, key: string): unknown;
  update(data: object): Promise<unknown>;
}

export interface TurnCombat {
  readonly id: string;
  readonly round: number;
  readonly turn: number | null;
  readonly turns: readonly TurnCombatant[];
  readonly combatants: { get(id: string): TurnCombatant | undefined };
  getFlag(scope: string, key: string): unknown;
  update(data: object): Promise<unknown>;
  nextTurn(): Promise<unknown>;
}

/** The encounter under way (Foundry's `game.combat`, once started). */
export function currentCombat(): TurnCombat | null {
  const combat = (game as unknown as { combat?: TurnCombat | null }).combat;
  return combat && combat.round > 0 ? combat : null;
}

/** An actor's combatant in the encounter under way. */
export function combatantOf(actor: { readonly uuid: string }, combat = currentCombat()): TurnCombatant | undefined {
  return combat?.turns.find((c) => c.actor?.uuid === actor.uuid);
}

/** Whether it is this combatant's turn now. */
export function inTurn(combat: TurnCombat, combatant: TurnCombatant): boolean {
  return combat.turn !== null && combat.turns[combat.turn]?.id === combatant.id;
}

/** A combatant's budget as the GM stored it, before the round and turn give anything back. */
function storedBudget(combat: Pick<TurnCombat, "getFlag">, combatant: Pick<TurnCombatant, "id">): FadeTurnState {
  const all = combat.getFlag(SYSTEM_ID, TURN_FLAG) as Record<string, unknown> | undefined;
  return readTurn(all && typeof all === "object" ? all[combatant.id] : undefined);
}

/** The update that stores a combatant's budget on the combat. */
export const budgetUpdate = (combatant: Pick<TurnCombatant, "id">, state: FadeTurnState) => ({
  [`flags.${SYSTEM_ID}.${TURN_FLAG}.${combatant.id}`]: state,
});

/** A combatant's budget as it stands now (a new round or a new turn of its own gives back what they give). */
export function budgetOf(combat: TurnCombat, combatant: TurnCombatant): FadeTurnState {
  const index = combat.turns.findIndex((c) => c.id === combatant.id);
  return turnAt(storedBudget(combat, combatant), {
    round: combat.round,
    turnReached: combat.turn !== null && index >= 0 && index <= combat.turn,
  });
}

/** What a client asks the GM to do with a combatant's turn. */
export type TurnOp =
  | { readonly op: "spend"; readonly action: FadeTurnAction; readonly force?: boolean; readonly ticket?: string }
  | { readonly op: "prepare"; readonly action: string; readonly trigger: string; readonly force?: boolean }
  | { readonly op: "takePrepared" | "hold" | "actNow"; readonly force?: boolean };

/**
 * A budget after one operation, or the refusal's key. Pure over the documents' current state: the GM
 * runs it on whatever a client sent. Preparing an action spends that action now; taking it later
 * spends the immediate action.
 */
export function turnAfter(
  state: FadeTurnState,
  op: Record<string, unknown>,
  context: { inTurn: boolean },
): FadeTurnState | string {
  const spent = (action: string, from = state) => {
    const result = spend(from, action as FadeTurnAction, context);
    return "refused" in result ? result.refused : result.state;
  };
  switch (op.op) {
    case "spend":
      return spent(String(op.action));
    case "prepare": {
      const action = FADE_PREPARABLE.find((a) => a === op.action);
      if (!action) return "ANTHOLOGY.Fade.Turn.Refused.unknown";
      const next = spent(action);
      const trigger = typeof op.trigger === "string" ? op.trigger.slice(0, 200) : "";
      return typeof next === "string" ? next : { ...next, prepared: { action, trigger } };
    }
    case "takePrepared": {
      if (!state.prepared) return "ANTHOLOGY.Fade.Turn.nothingPrepared";
      const next = spent("immediate");
      return typeof next === "string" ? next : { ...next, prepared: null };
    }
    case "hold":
      return context.inTurn ? { ...state, held: true } : "ANTHOLOGY.Fade.Turn.Refused.notYourTurn";
    case "actNow":
      return state.held ? { ...state, held: false } : "ANTHOLOGY.Fade.Turn.notHeld";
    default:
      return "ANTHOLOGY.Fade.Turn.Refused.unknown";
  }
}

/**
 * Asks the GM to change a combatant's turn. The asking client checks first so a player reads why at
 * once; the GM overrides a refusal (told so); a player's refusal stops there.
 */
export async function askTurn(combat: TurnCombat, combatant: TurnCombatant, op: TurnOp): Promise<boolean> {
  const result = turnAfter(budgetOf(combat, combatant), op, { inTurn: inTurn(combat, combatant) });
  const refused = typeof result === "string";
  if (refused) {
    warn(result, { name: combatant.name });
    if (!game.user?.isGM) return false;
    warn("ANTHOLOGY.Fade.Turn.overridden", { name: combatant.name });
  }
  return requestGm(TURN_REQUEST, { ...op, force: refused, combatId: combat.id, combatantId: combatant.id });
}

/**
 * Spends an action of an actor's turn when it fights in the encounter under way (out of combat
 * nothing is counted). `"attack"` is a standard action in its turn and the attack of opportunity out
 * of it; with `inTurnOnly` (skill checks) nothing is spent out of its turn.
 */
export async function spendTurn(
  actor: { readonly uuid: string },
  action: FadeTurnAction | "attack",
  options: { inTurnOnly?: boolean } = {},
): Promise<boolean> {
  return (await spendFor(actor, action, options, null)) !== false;
}

/**
 * Spends an action that rolls a card (an attack, a dodge or parry) and says what paid for it: the
 * combat and the ticket the GM recorded with the spend, for the roll to carry (paid.ts); `paid` is
 * null out of combat. False when the budget refuses.
 */
export async function payTurn(
  actor: { readonly uuid: string },
  action: FadeTurnAction | "attack",
): Promise<{ readonly paid: Paid | null } | false> {
  return spendFor(actor, action, {}, newTicket());
}

async function spendFor(
  actor: { readonly uuid: string },
  action: FadeTurnAction | "attack",
  options: { inTurnOnly?: boolean },
  ticket: string | null,
): Promise<{ readonly paid: Paid | null } | false> {
  const combat = currentCombat();
  const combatant = combat ? combatantOf(actor, combat) : undefined;
  if (!combat || !combatant) return { paid: null };
  const turn = inTurn(combat, combatant);
  if (options.inTurnOnly && !turn) return { paid: null };
  const named = action === "attack" ? (turn ? "standard" : "opportunity") : action;
  if (!(await askTurn(combat, combatant, { op: "spend", action: named, ...(ticket ? { ticket } : {}) }))) return false;
  return { paid: ticket ? { combat: combat.id, ticket } : null };
}

/**
 * A short chat line from an actor (movement, a prepared action, an item used): the values are escaped
 * here; `more` is HTML the caller made safe (an enriched description).
 */
export async function postNote(
  actor: { readonly id: string; readonly name: string },
  key: string,
  data: Record<string, string>,
  more = "",
): Promise<unknown> {
  const escaped = Object.fromEntries(Object.entries(data).map(([k, v]) => [k, escapeHtml(v)]));
  const messages = ChatMessage.implementation as unknown as { create(data: object): Promise<unknown> };
  return messages.create({
    speaker: { actor: actor.id, alias: actor.name },
    content: `<p class="anthology-fade-note">${game.i18n!.format(key, { name: escapeHtml(actor.name), ...escaped })}</p>${more}`,
  });
}

/**
 * `updateCombat`, on the active GM: when a round begins, each combatant still holding its action from
 * the round before is told that the hold lapsed (its budget already reads so: rules/turn.ts turnAt).
 */
export async function lapseHolds(combat: TurnCombat, changed: { round?: unknown }): Promise<void> {
  if (!("round" in changed) || !game.users?.activeGM?.isSelf) return;
  for (const c of combat.turns) {
    const stored = storedBudget(combat, c);
    if (stored.held && stored.round === combat.round - 1 && c.actor)
      await postNote({ id: (c.actor as unknown as { id: string }).id, name: c.name }, "ANTHOLOGY.Fade.Turn.lapsed", {});
  }
}

/**
 * What the GM does for a turn request: only the actor's owners (or a GM) change its turn, the change
 * is worked out again from the budget the combat stores (which only a GM writes), and only a GM's
 * request may override a refusal. Holding ends the turn; acting now puts the combatant just before the current one and gives
 * it the turn.
 */
export function registerTurnRequests(): void {
  onGmRequest(TURN_REQUEST, async (payload, userId) => {
    const combats = (game as unknown as { combats: { get(id: string): TurnCombat | undefined } }).combats;
    const combat = typeof payload.combatId === "string" ? combats.get(payload.combatId) : undefined;
    const combatant = typeof payload.combatantId === "string" ? combat?.combatants.get(payload.combatantId) : undefined;
    if (!combat || !combatant) throw new RequestRefused({ key: "ANTHOLOGY.TimeCount.gone" });
    const user = (game.users as unknown as { get(id: string): { isGM: boolean } | undefined }).get(userId);
    if (!user || !(user.isGM || combatant.actor?.testUserPermission(user, "OWNER"))) {
      throw new RequestRefused({ key: "ANTHOLOGY.TimeCount.notOwner", data: { name: combatant.name } });
    }
    const before = budgetOf(combat, combatant);
    const now = inTurn(combat, combatant);
    let next = turnAfter(before, payload, { inTurn: now });
    if (typeof next === "string") {
      if (!(user.isGM && payload.force === true))
        throw new RequestRefused({ key: next, data: { name: combatant.name } });
      next = forced(before, payload);
    }
    // A spent action that rolls leaves the ticket its roll will carry (paid.ts), in the same update.
    const attacks = (combatant.actor as { system?: { derived?: { attacksPerRound?: number } } } | null)?.system?.derived
      ?.attacksPerRound;
    const ticket =
      payload.op === "spend" ? ticketUpdate(combat, combatant, payload.action, payload.ticket, attacks ?? 1) : null;
    await combat.update({ ...budgetUpdate(combatant, next), ...ticket });
    if (payload.op === "actNow" && combat.turn !== null) {
      const current = combat.turns[combat.turn];
      const turns = combat.turns.filter((c) => c.id !== combatant.id);
      const earlier = turns[turns.indexOf(current!) - 1];
      const at = current?.initiative ?? 0;
      await combatant.update({ initiative: earlier?.initiative != null ? (earlier.initiative + at) / 2 : at + 1 });
    }
    if (payload.op === "hold" && now) await combat.nextTurn();
    if (payload.op === "actNow") await combat.update({ turn: combat.turns.findIndex((c) => c.id === combatant.id) });
  });
}

/** A GM's override: the action is marked spent whatever the budget said. */
function forced(state: FadeTurnState, op: Record<string, unknown>): FadeTurnState {
  const a = FADE_TURN_ACTIONS[op.action as FadeTurnAction] as { slot?: string } | undefined;
  const slot = op.op === "takePrepared" ? "immediate" : a?.slot;
  const marks: Record<string, unknown> = {
    standard: ["standard", "fullRound"].includes(slot ?? "") || state.standard,
    move: slot === "move" || slot === "fullRound" || state.move,
    swift: slot === "swift" || state.swift,
    immediate: slot === "immediate" || state.immediate,
    opportunity: slot === "opportunity" || state.opportunity,
    dodges: state.dodges + (slot === "dodge" ? 1 : 0),
  };
  return {
    ...state,
    ...marks,
    ...(op.op === "takePrepared" ? { prepared: null } : {}),
    ...(op.op === "hold" ? { held: true } : {}),
    ...(op.op === "actNow" ? { held: false } : {}),
  };
}

/** The budget's compact icons (sheet and tracker): what is left, and what is spent. */
export const TURN_ICONS = Object.freeze([
  { id: "standard", icon: "fa-hand-fist", key: "ANTHOLOGY.Fade.Turn.Left.standard" },
  { id: "move", icon: "fa-shoe-prints", key: "ANTHOLOGY.Fade.Turn.Left.move" },
  { id: "swift", icon: "fa-bolt", key: "ANTHOLOGY.Fade.Turn.Left.swift" },
  { id: "step", icon: "fa-person-walking", key: "ANTHOLOGY.Fade.Turn.Left.step" },
  { id: "immediate", icon: "fa-stopwatch", key: "ANTHOLOGY.Fade.Turn.Left.immediate" },
  { id: "opportunity", icon: "fa-crosshairs", key: "ANTHOLOGY.Fade.Turn.Left.opportunity" },
  { id: "dodge", icon: "fa-person-running", key: "ANTHOLOGY.Fade.Turn.Left.dodge" },
] as const);

/** The icons of a budget, each with whether it is left. */
export function turnIcons(state: FadeTurnState) {
  const left = turnLeft(state);
  return TURN_ICONS.map((i) => ({ ...i, left: left[i.id] }));
}
