/**
 * The Fade's action economy: what a combatant may still do this round. One standard, one move and one
 * swift action, or one full-round and one swift action, a turn; free actions without count; one
 * immediate action a round (in or out of turn); one attack of opportunity a round, which may be given
 * up for a second dodge; one dodge a turn. A Step (free, one square) and movement exclude each other
 * within a turn. Pure: plain state in, plain state (or a refusal's i18n key) out.
 */
import { labelKeys } from "../../common";

/** The budget of one combatant, as stored on its combatant (a system flag). */
export interface FadeTurnState {
  /** The round its once-a-round parts (immediate action, attack of opportunity) belong to. */
  readonly round: number;
  /** The round of the turn its turn parts (the action slots, movement, dodge) belong to. */
  readonly turn: number;
  readonly standard: boolean;
  readonly move: boolean;
  readonly swift: boolean;
  /** The standard and move slots went to one full-round action. */
  readonly fullRound: boolean;
  /** It moved this turn (Move, Run, Charge, Withdraw): no Step. */
  readonly moved: boolean;
  /** It took a Step this turn: no movement. */
  readonly stepped: boolean;
  /** It charged this turn and its one attack (with the charge's bonus) is still to come. */
  readonly charging: boolean;
  readonly immediate: boolean;
  readonly opportunity: boolean;
  /** Dodges (and parries) since its turn began; a second one costs the attack of opportunity. */
  readonly dodges: number;
  /** A prepared action waiting for its trigger (the trigger is the player's text: escape it). */
  readonly prepared: { readonly action: FadePreparable; readonly trigger: string } | null;
  /** It holds its action: out of the order until it acts, at the latest by the round's end (then it lapses). */
  readonly held: boolean;
}

/** The slots an action can take. */
export type FadeTurnSlot =
  "standard" | "move" | "swift" | "free" | "fullRound" | "immediate" | "opportunity" | "dodge" | "chargeAttack";

/** The action types a prepared action may be. */
export const FADE_PREPARABLE = Object.freeze(["standard", "move", "swift", "free"] as const);
export type FadePreparable = (typeof FADE_PREPARABLE)[number];

interface TurnAction {
  readonly slot: FadeTurnSlot;
  /** It moves the character (no Step in the same turn). */
  readonly movement?: true;
  /** It is a Step (no movement in the same turn). */
  readonly step?: true;
  /** A charge: its single attack follows. */
  readonly charge?: true;
}

/** Every action the budget knows, by id: the generic action types and the named actions of the text. */
export const FADE_TURN_ACTIONS = Object.freeze({
  standard: { slot: "standard" },
  move: { slot: "move" },
  swift: { slot: "swift" },
  free: { slot: "free" },
  fullRound: { slot: "fullRound" },
  immediate: { slot: "immediate" },
  movement: { slot: "move", movement: true },
  step: { slot: "free", step: true },
  run: { slot: "fullRound", movement: true },
  charge: { slot: "fullRound", movement: true, charge: true },
  chargeStandard: { slot: "standard", movement: true, charge: true },
  /** The attack that ends a charge: part of the charge's action. */
  chargeAttack: { slot: "chargeAttack" },
  withdraw: { slot: "fullRound", movement: true },
  withdrawStandard: { slot: "standard", movement: true },
  fullAttack: { slot: "fullRound" },
  coupDeGrace: { slot: "fullRound" },
  opportunity: { slot: "opportunity" },
  dodge: { slot: "dodge" },
} satisfies Record<string, TurnAction>);

export type FadeTurnAction = keyof typeof FADE_TURN_ACTIONS;

/** A fresh budget: nothing spent. */
export function freshTurn(round = 0): FadeTurnState {
  return {
    round,
    turn: round,
    standard: false,
    move: false,
    swift: false,
    fullRound: false,
    moved: false,
    stepped: false,
    charging: false,
    immediate: false,
    opportunity: false,
    dodges: 0,
    prepared: null,
    held: false,
  };
}

const count = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? Math.max(0, Math.trunc(v)) : 0);

/** A budget read back from a flag anyone could have written: unknown parts fall back to "not spent". */
export function readTurn(raw: unknown): FadeTurnState {
  const r = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  const p = r.prepared as Record<string, unknown> | null | undefined;
  const action = FADE_PREPARABLE.find((a) => a === p?.action);
  const out = freshTurn(count(r.round));
  const flags = [
    "standard",
    "move",
    "swift",
    "fullRound",
    "moved",
    "stepped",
    "charging",
    "immediate",
    "opportunity",
    "held",
  ];
  return {
    ...out,
    turn: count(r.turn),
    ...Object.fromEntries(flags.map((f) => [f, r[f] === true])),
    dodges: count(r.dodges),
    prepared: action ? { action, trigger: typeof p?.trigger === "string" ? p.trigger.slice(0, 200) : "" } : null,
  };
}

/** Where the combat stands for one combatant: the round, and whether its turn has come this round. */
export interface FadeTurnNow {
  readonly round: number;
  /** Its turn in this round has begun (it is acting or has acted). */
  readonly turnReached: boolean;
}

/**
 * The budget as it stands now: a new round gives back the immediate action and the attack of
 * opportunity and ends a held action; a new turn of its own gives back the action slots, movement and
 * the dodge.
 */
export function turnAt(state: FadeTurnState, now: FadeTurnNow): FadeTurnState {
  const turn = now.turnReached ? now.round : now.round - 1;
  const fresh = freshTurn();
  const keep = { prepared: state.prepared, held: state.held };
  let next = state;
  if (state.turn < turn)
    next = { ...fresh, round: next.round, immediate: next.immediate, opportunity: next.opportunity, turn, ...keep };
  // A held action lapses when the round ends: the turn order it waits in is the round's.
  if (next.round < now.round) next = { ...next, round: now.round, immediate: false, opportunity: false, held: false };
  return next;
}

/** The answer of `spend`: the budget after the action, or why it cannot be taken (an i18n key). */
export type FadeSpendResult = { readonly state: FadeTurnState } | { readonly refused: string };

/** Why an action is refused: i18n keys. */
export const TURN_REFUSALS = labelKeys("ANTHOLOGY.Fade.Turn.Refused", [
  "unknown",
  "notYourTurn",
  "standard",
  "move",
  "swift",
  "fullRound",
  "stepped",
  "stepTaken",
  "moved",
  "immediate",
  "opportunity",
  "dodge",
  "chargeFirst",
]);

/**
 * Spends one action. `inTurn`: the combatant is taking its turn now (actions other than immediate and
 * reactions need it). A swift action takes the swift slot, else the move slot, else the standard one;
 * a move action the move slot, else the standard one; a full-round action both standard and move.
 */
export function spend(state: FadeTurnState, action: FadeTurnAction, context = { inTurn: true }): FadeSpendResult {
  const a: TurnAction | undefined = FADE_TURN_ACTIONS[action];
  const refuse = (why: keyof typeof TURN_REFUSALS): FadeSpendResult => ({ refused: TURN_REFUSALS[why] });
  if (!a) return refuse("unknown");
  if (a.slot === "immediate") return state.immediate ? refuse("immediate") : { state: { ...state, immediate: true } };
  if (a.slot === "opportunity")
    return state.opportunity ? refuse("opportunity") : { state: { ...state, opportunity: true } };
  if (a.slot === "dodge") {
    if (state.dodges < 1) return { state: { ...state, dodges: 1 } };
    // A second dodge gives up the round's attack of opportunity.
    return state.opportunity ? refuse("dodge") : { state: { ...state, dodges: state.dodges + 1, opportunity: true } };
  }
  if (!context.inTurn) return refuse("notYourTurn");
  if (a.slot === "chargeAttack")
    return state.charging ? { state: { ...state, charging: false } } : refuse("chargeFirst");
  if (a.movement && state.stepped) return refuse("stepped");
  if (a.step && (state.moved || state.stepped)) return refuse(state.moved ? "moved" : "stepTaken");
  const marks = {
    ...(a.movement ? { moved: true } : {}),
    ...(a.step ? { stepped: true } : {}),
    ...(a.charge ? { charging: true } : {}),
  };
  const take = (slot: "standard" | "move" | "swift"): FadeSpendResult => ({
    state: { ...state, [slot]: true, ...marks },
  });
  switch (a.slot) {
    case "free":
      return { state: { ...state, ...marks } };
    case "standard":
      return state.standard ? refuse("standard") : take("standard");
    case "move":
      return !state.move ? take("move") : !state.standard ? take("standard") : refuse("move");
    case "swift":
      return !state.swift
        ? take("swift")
        : !state.move
          ? take("move")
          : !state.standard
            ? take("standard")
            : refuse("swift");
    case "fullRound":
      return state.standard || state.move
        ? refuse("fullRound")
        : { state: { ...state, standard: true, move: true, fullRound: true, ...marks } };
  }
}

/** Whether an action can be taken now, without spending it. */
export function canSpend(state: FadeTurnState, action: FadeTurnAction, context = { inTurn: true }): boolean {
  return "state" in spend(state, action, context);
}

/** What is left, for the tracker's and the sheet's icons. */
export interface FadeTurnLeft {
  readonly standard: boolean;
  readonly move: boolean;
  readonly swift: boolean;
  readonly fullRound: boolean;
  readonly step: boolean;
  readonly immediate: boolean;
  readonly opportunity: boolean;
  readonly dodge: boolean;
}

export function turnLeft(state: FadeTurnState): FadeTurnLeft {
  return {
    standard: !state.standard,
    move: !state.move,
    swift: !state.swift,
    fullRound: canSpend(state, "fullRound"),
    step: canSpend(state, "step"),
    immediate: !state.immediate,
    opportunity: !state.opportunity,
    dodge: canSpend(state, "dodge"),
  };
}

/** Squares a movement action allows: Move (speed), Step (1), Run, Charge (at least 2), Withdraw (double speed). */
export function movementSquares(
  derived: { readonly speed: number; readonly run: number; readonly charge: number },
  action: "movement" | "step" | "run" | "charge" | "chargeStandard" | "withdraw" | "withdrawStandard",
): number {
  switch (action) {
    case "step":
      return 1;
    case "run":
      return derived.run;
    case "charge":
      return derived.charge;
    case "withdraw":
      return derived.speed * 2;
    default:
      return derived.speed;
  }
}
