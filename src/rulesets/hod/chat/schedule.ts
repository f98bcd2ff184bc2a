import type { AnthologyCombat } from "../../../combat/anthology-combat";
import { requestAct } from "../../../combat/requests";
import type { ActChoice } from "../rules/act-choice";
import type { CountAt } from "../rules/count-start";
import { activeCombat, combatantOf } from "./combatants";

/**
 * Where an action stands on the Time Count, as its card says:
 * - `none`: no Time Count combat, or the actor is not in it;
 * - `notStarted`: the combat has not begun;
 * - `notDue`: the actor's next action is later (`next`) than the count (`tc`): nothing is recorded;
 * - `due`: the actor acts now and the action is recorded with its speed factor.
 */
export interface ScheduleInfo {
  readonly state: "none" | "notStarted" | "notDue" | "due";
  readonly tc?: number;
  readonly next?: number;
}

interface Found {
  readonly combat: AnthologyCombat;
  readonly combatantId: string;
  readonly info: ScheduleInfo;
}

/** The actor's place on the active Time Count, if it has one. */
export function timeCountPlace(actor: { uuid: string }): Found | null {
  const combat = activeCombat<AnthologyCombat>();
  if (!combat || !combat.isTimeCount) return null;
  const combatant = combatantOf(combat as never, actor);
  if (!combatant) return null;
  const combatantId = combatant.id;
  if (combat.round < 1) return { combat, combatantId, info: { state: "notStarted" } };
  const scheduler = combat.scheduler();
  const tc = scheduler.current;
  const next = scheduler.tcOf(combatantId);
  // The defeated and the unrolled are not in the count: never due.
  const due = next !== undefined && next === tc;
  return { combat, combatantId, info: due ? { state: "due", tc } : { state: "notDue", tc, next } };
}

/** What to put on a card about the actor's action on the Time Count. */
export function scheduleInfo(place: Found | null): ScheduleInfo {
  return place?.info ?? { state: "none" };
}

/**
 * The count the actor acts on now, when it is due (for a card's first judgement of its hits; the GM's
 * apply checks the count against the combat's record: `countOf`).
 */
export function countNow(place: Found | null): CountAt | null {
  const tc = place?.info.state === "due" ? place.info.tc : undefined;
  return tc !== undefined && place?.combat.id ? { combat: place.combat.id, tc } : null;
}

/**
 * Records the action on the Time Count (through the GM) when the actor is due; the GM's client slows
 * it by the actor's afflictions (paralysis, petrification, slashing impairments). Returns whether it
 * was sent.
 */
export async function scheduleAction(place: Found | null, choice: ActChoice): Promise<boolean> {
  if (place?.info.state !== "due") return false;
  return requestAct(place.combat, place.combatantId, choice);
}
