import type { AnthologyCombat } from "../../../combat/anthology-combat";
import { newCard } from "../../../play/card";
import { postCard, refOf } from "../../../play/cards";
import type { PlayMessage } from "../../../play/documents";
import { warn } from "../../../play/notify";
import { STANCES, isStanceId, revertSpeed, type StanceId } from "../rules/stances";
import { mayRoll } from "./dice";
import type { HodActor } from "./documents";
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
  await shifter.update({ "system.stance": to, "system.stanceShifting": shifting });
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
  if (speedClass !== "free") {
    await scheduleAction(place, to === "" ? { action: "basicStance", stance: from } : { action: "stance", stance: to });
  }
  return message;
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
