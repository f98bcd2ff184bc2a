/**
 * Poison: a dose rolled from the sheet (the poisoner's, or the GM's) for the targeted victims, each a
 * row the GM applies with undo: HP, fatigue or an attribute, the part it takes marked poisoned. An
 * ongoing or delayed poison's schedule goes on the victim with the first dose and ticks on the Time
 * Count: each dose due posts a card of its own.
 */
import { newCard, type CardRef } from "../../../play/card";
import { postCard, refOf } from "../../../play/cards";
import { promptRoll } from "../../../play/dialog";
import { resolve, type PlayActor, type PlayMessage } from "../../../play/documents";
import { warn } from "../../../play/notify";
import { templatePath } from "../../../sheets/paths";
import { parse } from "../../../dice";
import { FREE_FORMULA_MAX, freeFormulaAllowed } from "../rules/typed";
import { isPoisonTrack, poisonDue, type PoisonTrack } from "../rules/poison";
import { mayRoll, rollDice } from "./dice";
import type { HodActor } from "./documents";
import { hodPoisonKind, ongoingPoisons, poisonsUpdate, type Ongoing } from "./kinds/poison";
import { TRACKS, TRACK_KEYS, poisonCardView, poisonSchema, type HodPoisonData, type PoisonPlan } from "./poison-view";
import { hodTargets } from "./target";

export { poisonCardView, poisonSchema, type HodPoisonData, type PoisonPlan };

export const HOD_POISON_DIALOG_TEMPLATE = templatePath("rulesets/hod/poison-dialog.hbs");

/** Rolls a dose and posts its card: one row per victim (a dose on the Time Count: the victim's card). */
export async function postHodPoison(
  poisoner: HodActor,
  victims: CardRef[],
  dose: { name: string; track: PoisonTrack; formula: string; plan: PoisonPlan | null },
): Promise<PlayMessage | null> {
  const roll = await rollDice(dose.formula, {
    poison: true,
    track: dose.track,
    name: dose.name,
    targets: victims.map((v) => v.uuid),
    ...(dose.plan ? { plan: dose.plan } : {}),
  });
  const card = newCard({
    ruleSet: "hod",
    kind: hodPoisonKind.id,
    actor: refOf(poisoner),
    data: { name: dose.name, track: dose.track, total: Math.max(0, roll.total ?? 0), plan: dose.plan },
    targets: victims.filter((v) => resolve<PlayActor>(v.uuid)).map((v) => ({ ...v, data: {} })),
  });
  return postCard({ kind: hodPoisonKind, card, rolls: [roll], speaker: { actor: poisoner } });
}

/** The poison dialog's choices. */
export function poisonChoicesFromForm(entries: Iterable<[string, FormDataEntryValue]>) {
  const f = new Map(entries);
  const int = (key: string, min: number) => {
    const n = Math.trunc(Number(f.get(key) ?? 0));
    return Number.isFinite(n) ? Math.max(min, Math.min(100_000, n)) : min;
  };
  const track = String(f.get("track") ?? "hp");
  const times = int("times", 0);
  return {
    name: String(f.get("name") ?? "").slice(0, 200),
    track: (isPoisonTrack(track) ? track : "hp") as PoisonTrack,
    formula: String(f.get("formula") ?? "")
      .trim()
      .slice(0, 64),
    plan: times > 0 ? { every: int("every", 1), times, delay: int("delay", 0) } : null,
  };
}

/**
 * The sheet's Poison button: a dose of poison (a dice formula, or 0 when it only comes later) to HP,
 * fatigue or an attribute, with an optional schedule, for each targeted victim (or the actor itself).
 */
export async function rollHodPoison(actor: object): Promise<PlayMessage | null> {
  const poisoner = actor as HodActor;
  if (!mayRoll(poisoner)) return null;
  const choices = await promptRoll({
    title: game.i18n!.format("ANTHOLOGY.HoD.Dialog.poisonTitle", { name: poisoner.name }),
    template: HOD_POISON_DIALOG_TEMPLATE,
    view: { tracks: TRACKS.map((id) => ({ id, labelKey: TRACK_KEYS[id] })) },
    okLabel: "ANTHOLOGY.HoD.Dialog.roll",
    read: (form) => poisonChoicesFromForm(form.entries()),
  });
  if (!choices) return null;
  try {
    parse(choices.formula);
  } catch {
    return (warn("ANTHOLOGY.HoD.Errors.healFormula", { formula: choices.formula }), null);
  }
  if (!freeFormulaAllowed(choices.formula)) {
    return (
      warn("ANTHOLOGY.HoD.Errors.formulaBounds", { formula: choices.formula, max: String(FREE_FORMULA_MAX) }),
      null
    );
  }
  const targets = hodTargets();
  const victims = targets.length ? targets.map((t) => ({ uuid: t.actor.uuid, name: t.name })) : [refOf(poisoner)];
  return postHodPoison(poisoner, victims, choices);
}

/** On the GM's client as the Time Count reaches `tc`: each due dose of the actor's poisons posts a card. */
export async function tickPoisons(actor: HodActor, tc: number): Promise<void> {
  const poisons = ongoingPoisons(actor);
  if (!poisons.length) return;
  const left: Ongoing[] = [];
  const doses: Ongoing[] = [];
  for (const poison of poisons) {
    const due = poisonDue(poison, tc);
    for (let i = 0; i < Math.min(due.doses, 20); i++) doses.push(poison);
    if (due.schedule) left.push({ ...poison, ...due.schedule });
  }
  if (!doses.length) return;
  await actor.update(poisonsUpdate(left));
  for (const dose of doses) {
    await postHodPoison(actor, [refOf(actor)], {
      name: dose.name,
      track: dose.track,
      formula: dose.formula,
      plan: null,
    });
  }
}
