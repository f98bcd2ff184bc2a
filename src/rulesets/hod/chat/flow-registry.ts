import type { PlayMessage } from "../../../play/documents";
import { flowRegistry } from "../../../play/flow-registry";
import type { CardAction } from "../../../play/kind";
import type { ActChoice } from "../rules/act-choice";
import type { FatigueCheckData, HodAttackData, HodAttackRow, HodSpecialData, HodSpecialRow } from "./card-data";

/** What a card's button hands the flow it starts: the message, its card and the row (null: the card's own button). */
export type ButtonPress<D, T> = Parameters<CardAction<D, T>["run"]>[0];

type Flow<D, T> = (press: ButtonPress<D, T>) => Promise<PlayMessage | null>;

/** The flows Heroes of Destiny's card buttons start: provided at init (flow.ts), so card kinds never import flows. */
export interface HodFlows {
  /** Damage rolled on an attack card that had no target. */
  rollDamage: Flow<HodAttackData, HodAttackRow>;
  /** A hit row's target rolls to stay conscious. */
  consciousness: Flow<unknown, unknown>;
  /** A special action's performer (or a spell's caster) rolls to stay conscious after its fatigue. */
  fatigueCheck: Flow<FatigueCheckData, unknown>;
  /** A coup de grâce's follow-up attack. */
  followUp: Flow<HodSpecialData, HodSpecialRow>;
  /** A tackle's free grab. */
  freeGrab: Flow<HodSpecialData, HodSpecialRow>;
  /** A drag's Great Success taken up: the target's grab ends. */
  dragBreak: Flow<HodSpecialData, HodSpecialRow>;
  /** A shunt's free trip as it lets go. */
  shuntTrip: Flow<HodSpecialData, HodSpecialRow>;
  /** A grabber lets go of the target of a grab's row. */
  releaseGrab: Flow<HodSpecialData, HodSpecialRow>;
  /** A stapled target's escape with Athletics (Str). */
  stapleAthletics: Flow<HodSpecialData, HodSpecialRow>;
  /** A stapled target's escape with Acrobatics (Dex). */
  stapleAcrobatics: Flow<HodSpecialData, HodSpecialRow>;
  /** The tracker's act once recorded: a Move at a run or sprint pace rolls the running checks due (run.ts). */
  afterAct: (choice: ActChoice, actor: object | null) => Promise<void>;
}

export const hodFlows = flowRegistry<HodFlows>("Heroes of Destiny");
