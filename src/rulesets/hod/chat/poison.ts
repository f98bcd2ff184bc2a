/**
 * Poison: a dose rolled from the sheet (the poisoner's, or the GM's) for the targeted victims, each a
 * row the GM applies with undo: HP, fatigue or an attribute, the part it takes marked poisoned. An
 * ongoing or delayed poison's schedule goes on the victim with the first dose and ticks on the Time
 * Count: each dose due posts a card of its own.
 */
import { CardError, newCard, type CardRef } from "../../../play/card";
import {
  TRACKS,
  TRACK_KEYS,
  planOf,
  poisonCardView,
  poisonSchema,
  type HodPoisonData,
  type PoisonPlan,
} from "./poison-view";

export { poisonCardView, poisonSchema, type HodPoisonData, type PoisonPlan };
import { postCard, refOf } from "../../../play/cards";
import { promptRoll } from "../../../play/dialog";
import { resolve, type PlayActor, type PlayMessage } from "../../../play/documents";
import type { ApplyInput, ApplyPlan, CardKind, FreeChoice } from "../../../play/kind";
import { refuseMissing } from "../../../play/verify";
import { RequestRefused } from "../../../hooks/socket";
import { warn } from "../../../play/notify";
import { templatePath } from "../../../sheets/paths";
import { parse } from "../../../dice";
import { FREE_FORMULA_MAX, freeFormulaAllowed } from "../rules/typed";
import { formulaChoice, refuseFreeFormula } from "./typed";
import type { AnthologyCombat } from "../../../combat/anthology-combat";
import { num } from "../rules/derive";
import {
  isPoisonTrack,
  poisonDamage,
  poisonDue,
  schedulePoison,
  type PoisonSchedule,
  type PoisonTrack,
} from "../rules/poison";
import { SYSTEM_ID } from "../../../constants";
import { mayRoll, rollDice } from "./dice";
import { isHodActor, type HodActor } from "./documents";
import { activeCombat } from "./combatants";
import { hodTargets } from "./target";

export const HOD_POISON_TEMPLATE = templatePath("rulesets/hod/poison-card.hbs");
export const HOD_POISON_DIALOG_TEMPLATE = templatePath("rulesets/hod/poison-dialog.hbs");

/** Where a victim keeps its ongoing poisons: a JSON string (one value, so an apply's undo restores it). */
export const POISONS_FLAG = "hodPoisons";

/** A poison ticking on a victim: what it damages, its dose's formula, and its schedule. */
interface Ongoing extends PoisonSchedule {
  readonly name: string;
  readonly track: PoisonTrack;
  readonly formula: string;
}

/** The victim's ongoing poisons as stored, read as untrusted data. */
export function ongoingPoisons(actor: { getFlag?(scope: string, key: string): unknown }): Ongoing[] {
  const stored = actor.getFlag?.(SYSTEM_ID, POISONS_FLAG);
  // Most actors carry none: no parse for them (the Time Count asks every combatant at each step).
  if (stored === undefined || stored === null || stored === "" || stored === "[]") return [];
  let raw: unknown;
  try {
    raw = JSON.parse(String(stored));
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  return raw.slice(0, 20).flatMap((p: Record<string, unknown>) =>
    p && isPoisonTrack(p.track) && typeof p.formula === "string"
      ? [
          {
            name: String(p.name ?? "").slice(0, 200),
            track: p.track,
            formula: p.formula.slice(0, 64),
            every: Math.max(1, Math.trunc(num(p.every, 1))),
            left: Math.max(0, Math.trunc(num(p.left))),
            next: Math.trunc(num(p.next)),
          },
        ]
      : [],
  );
}

const poisonsUpdate = (list: readonly Ongoing[]) => ({ [`flags.${SYSTEM_ID}.${POISONS_FLAG}`]: JSON.stringify(list) });

function refuse(key: string, data: Record<string, string> = {}): never {
  throw new RequestRefused({ key, data });
}

/** The Time Count now, or null outside a running one. */
function timeCountNow(): number | null {
  const combat = activeCombat<AnthologyCombat>();
  return combat?.isTimeCount && combat.round >= 1 ? combat.timeCount : null;
}

/** The GM's apply: the dose its dice give, to what the roll says, on the victim as it stands. */
function applyPoison(input: ApplyInput<HodPoisonData, Record<string, never>>): ApplyPlan {
  const row = input.card.targets[input.index]!;
  const roll = input.rolls[0];
  if (!roll) refuseMissing("ANTHOLOGY.HoD.Play.Rolls.poison");
  const request = roll.request as
    { poison?: unknown; track?: unknown; targets?: unknown; plan?: unknown; name?: unknown } | undefined;
  if (
    request?.poison !== true ||
    !isPoisonTrack(request.track) ||
    !Array.isArray(request.targets) ||
    !request.targets.includes(row.uuid)
  ) {
    refuse("ANTHOLOGY.Play.Errors.badRoll", { name: row.name });
  }
  // A dose's formula is typed (the text gives none): within the bounds a typed formula has.
  refuseFreeFormula(roll.stored.formula);
  const victim = input.target as unknown as HodActor;
  if (!isHodActor(victim)) refuse("ANTHOLOGY.HoD.Errors.notHod", { name: row.name });
  let plan: PoisonPlan | null;
  try {
    plan = planOf(request.plan);
  } catch (error) {
    if (error instanceof CardError) refuse("ANTHOLOGY.Play.Errors.badRoll", { name: row.name });
    throw error;
  }
  const s = victim.system;
  const track = request.track;
  const after = poisonDamage(
    {
      hp: num(s.hp?.value),
      maxHp: num(s.hp?.max),
      fatigue: num(s.fatigue),
      bonusHp: num(s.bonusHp),
      invigoration: num(s.invigoration),
      attributeDamage: s.attributeDamage,
      poisoned: s.poisoned ?? {},
    },
    track,
    Math.max(0, roll.outcome.total),
  );
  const updates: Record<string, unknown> = {
    "system.hp.value": after.hp,
    "system.fatigue": after.fatigue,
    "system.bonusHp": after.bonusHp,
    "system.invigoration": after.invigoration,
    "system.poisoned.hp": after.poisoned.hp,
    "system.poisoned.fatigue": after.poisoned.fatigue,
  };
  if (track !== "hp" && track !== "fatigue") {
    updates[`system.attributeDamage.${track}`] = after.attributeDamage[track];
    updates[`system.poisoned.attributes.${track}`] = after.poisoned.attributes[track];
  }
  if (plan) {
    const schedule = schedulePoison(plan.delay ? plan : { every: plan.every, times: plan.times }, timeCountNow() ?? 0);
    const formula = String(roll.stored.formula ?? "1").slice(0, 64);
    const name = typeof request.name === "string" ? request.name.slice(0, 200) : "";
    Object.assign(updates, poisonsUpdate([...ongoingPoisons(victim), { name, track, formula, ...schedule }]));
  }
  return {
    updates: updates as ApplyPlan["updates"],
    statuses: after.dead ? [{ id: "dead", overlay: true }] : [],
    summary: { unconsciousCheck: after.unconsciousCheck },
  };
}

/** A dose rests on its typed formula (only a GM applies one: the choice is said all the same). */
function poisonTyped(input: ApplyInput<HodPoisonData, Record<string, never>>): FreeChoice | null {
  return formulaChoice(input.rolls[0]?.stored.formula);
}

export const hodPoisonKind: CardKind<HodPoisonData, Record<string, never>> = {
  id: "poison",
  template: HOD_POISON_TEMPLATE,
  schema: poisonSchema,
  view: poisonCardView as never,
  applyBy: [],
  resolveApply: applyPoison as never,
  restsOnChoice: poisonTyped as never,
};

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
