import type { AnthologyCombat } from "../../../combat/anthology-combat";
import { SYSTEM_ID } from "../../../constants";
import { newCard } from "../../../play/card";
import { postCard, refOf } from "../../../play/cards";
import type { PlayMessage } from "../../../play/documents";
import { warn } from "../../../play/notify";
import { STANCES, isStanceId, revertSpeed, stanceAfterAction, type StanceId } from "../rules/stances";
import { mayRoll } from "./dice";
import { isHodActor, type HodActor } from "./documents";
import { immobileAllows } from "./immobile";
import { hodStanceKind } from "./kinds/stance";
import { scheduleAction, scheduleInfo, timeCountPlace } from "./schedule";

/**
 * Shift into a stance, or "" to revert to a basic stance. Shifting is an action of the stance's shift
 * speed: the actor has its drawbacks at once and its benefits once the shift is done (its next action
 * on the Time Count, or at once outside one). Reverting is free, except standing up from a crouch
 * (Rapid) or prone (Swift).
 */
export async function shiftHodStance(actor: object, stanceId: string): Promise<PlayMessage | null> {
  const shifter = actor as HodActor;
  if (!mayRoll(shifter)) return null;
  const from = String(shifter.system.stance ?? "");
  const to = stanceId === "" ? "" : stanceId;
  if (to !== "" && !isStanceId(to)) return (warn("ANTHOLOGY.HoD.Errors.unknownStance", { id: String(stanceId) }), null);
  if (to === from) return (warn("ANTHOLOGY.HoD.Errors.sameStance", { name: shifter.name }), null);
  if (!immobileAllows(shifter, "act")) return null;
  const speedClass = to === "" ? revertSpeed(from) : STANCES[to as keyof typeof STANCES].shift;
  const place = timeCountPlace(shifter);
  // The benefits wait for the shift to finish, which only a Time Count measures.
  const shifting = to !== "" && speedClass !== "free" && place !== null && place.info.state !== "notStarted";
  // Due on the count, a change that takes time is an act the GM records and applies (and takes back with
  // the step): lying down or getting up from prone is the table's action, any other shift or revert a
  // stance act. A free change, or one off the count, the owner makes at once.
  const proneAct = place?.info.state === "due" ? proneActionOf(from, to) : null;
  const stanceAct = place?.info.state === "due" && speedClass !== "free" && !proneAct;
  if (!proneAct && !stanceAct) await shifter.update({ "system.stance": to, "system.stanceShifting": shifting });
  const card = newCard({
    ruleSet: "hod",
    kind: hodStanceKind.id,
    actor: refOf(shifter),
    data: {
      stance: (isStanceId(to) ? to : "") as StanceId | "",
      from: (isStanceId(from) ? from : "") as StanceId | "",
      shifting,
      speedClass,
      schedule: speedClass === "free" ? { state: "none" as const } : scheduleInfo(place),
    },
    targets: [],
  });
  const message = await postCard({ kind: hodStanceKind, card, rolls: [], speaker: { actor: shifter } });
  // A free change costs no time: nothing to record.
  if (proneAct) await scheduleAction(place, { action: proneAct });
  else if (speedClass !== "free") {
    await scheduleAction(place, to === "" ? { action: "basicStance", stance: from } : { action: "stance", stance: to });
  }
  return message;
}

/** The table's action a stance change is: dropping prone ("Drop to the floor"), or getting up from it. */
function proneActionOf(from: string, to: string): "dropToFloor" | "standUp" | null {
  if (to === "prone") return "dropToFloor";
  return from === "prone" && to === "" ? "standUp" : null;
}

/** The flag (on the actor) of the prone acts the GM applied, kept to take each back with its step. */
const PRONE_ACTS = "proneActs";
/** How many such acts an actor keeps (the count's undo reaches back about as far). */
const KEPT_PRONE_ACTS = 20;

/** One applied prone act: its combat and combatant, the count it was taken at, and the stance before. */
interface ProneAct {
  readonly combat: string;
  readonly combatant: string;
  readonly tc: number;
  readonly was: { readonly stance: string; readonly shifting: boolean };
}

/** The actor's kept prone acts, read as untrusted data. */
function proneActs(actor: HodActor): ProneAct[] {
  const raw = actor.getFlag(SYSTEM_ID, PRONE_ACTS);
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((a: Partial<ProneAct> | null) =>
    a && typeof a.combat === "string" && typeof a.combatant === "string" && Number.isFinite(a.tc)
      ? [
          {
            combat: a.combat,
            combatant: a.combatant,
            tc: Number(a.tc),
            was: { stance: String(a.was?.stance ?? ""), shifting: a.was?.shifting === true },
          },
        ]
      : [],
  );
}

interface ActCombat {
  readonly id: string;
  readonly combatants: {
    get(id: string): { readonly actor: unknown; getFlag(s: string, k: string): unknown } | undefined;
  };
}

/**
 * `anthology.timeCountAct` (the GM's client, as it records an act): "Drop to the floor" lays the actor
 * prone (shifting into it until it next acts), "Stand up from prone" gets it up, a Move or a special
 * action that moves its performer (Approach, Bull Rush, Drag, Shunt, Tackle) ends Poised
 * (`stanceAfterAction`), and a stance act shifts into its stance or leaves it. What it held before is
 * kept, so that undoing the step gives it back (`onProneUndo`).
 */
export async function onProneAct(combat: ActCombat, step: { id: string; tc: number }): Promise<void> {
  const combatant = combat.combatants.get(step.id);
  const actor = combatant?.actor;
  if (!combatant || !actor || !isHodActor(actor)) return;
  const action = combatant.getFlag(SYSTEM_ID, "lastAction");
  const was = { stance: String(actor.system.stance ?? ""), shifting: actor.system.stanceShifting === true };
  const special = combatant.getFlag(SYSTEM_ID, "lastSpecial");
  const stance = combatant.getFlag(SYSTEM_ID, "lastStance");
  const after = stanceAfterAction(String(action), was, { timeCount: true, special, stance });
  if (!after) return;
  const kept = [...proneActs(actor), { combat: combat.id, combatant: step.id, tc: step.tc, was }];
  await actor.update({
    "system.stance": after.stance,
    "system.stanceShifting": after.shifting,
    [`flags.${SYSTEM_ID}.${PRONE_ACTS}`]: kept.slice(-KEPT_PRONE_ACTS),
  });
}

/**
 * `updateCombatant` (on the GM's client that wrote it): when the count's undo puts a combatant back to
 * the count of a prone act it took (or before it), the act is taken back and its actor holds the stance
 * it held before. Acts only move a combatant later, so only an undo (or a GM's own edit) does that.
 */
export async function onProneUndo(
  combatant: {
    readonly id: string;
    readonly actor: unknown;
    readonly initiative: number | null;
    readonly parent?: { id: string } | null;
  },
  changed: { readonly initiative?: unknown },
  _options: unknown,
  userId: string,
): Promise<void> {
  if (userId !== game.user?.id || !game.user?.isGM) return;
  if (!("initiative" in changed) || combatant.initiative === null) return;
  const actor = combatant.actor;
  if (!actor || !isHodActor(actor)) return;
  const acts = proneActs(actor);
  const mine = (a: ProneAct) => a.combat === combatant.parent?.id && a.combatant === combatant.id;
  let back: ProneAct["was"] | null = null;
  // The latest first: several undone at once leave the stance held before the earliest.
  for (let i = acts.length - 1; i >= 0; i--) {
    const act = acts[i]!;
    if (!mine(act)) continue;
    if (combatant.initiative > act.tc) break;
    back = act.was;
    acts.splice(i, 1);
  }
  if (!back) return;
  await actor.update({
    "system.stance": back.stance,
    "system.stanceShifting": back.shifting,
    [`flags.${SYSTEM_ID}.${PRONE_ACTS}`]: acts,
  });
}

interface AdvanceStep {
  readonly acting: readonly string[];
}

/**
 * `anthology.timeCountAdvance` (on the GM's client): whoever acts now has finished shifting into its
 * stance, and gets its benefits.
 */
export async function onTimeCountAdvance(combat: AnthologyCombat, step: AdvanceStep): Promise<void> {
  for (const id of step.acting) {
    const actor = combat.combatants.get(id)?.actor as HodActor | null | undefined;
    if (actor?.system?.stanceShifting === true) await actor.update({ "system.stanceShifting": false });
  }
}
