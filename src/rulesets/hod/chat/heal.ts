/**
 * Magical healing (a spell's or a potion's): the healer rolls the healing and splits it between
 * Invigoration and fatigue taken off; a card with a row per patient, which the GM applies (a patient
 * is often someone else's actor): never past maximum HP, never below 0 fatigue. The split and the
 * patients come from the roll itself, the amount from its dice.
 */
import { CardError, newCard, whole, type CardRef } from "../../../play/card";
import { bonusOf, healCardView, healSchema, type HodHealData, type HodHealSummary } from "./heal-view";

export { healCardView, healSchema, type HodHealData, type HodHealSummary };
import { postCard, refOf } from "../../../play/cards";
import { promptRoll } from "../../../play/dialog";
import { resolve, userById, type PlayActor, type PlayMessage } from "../../../play/documents";
import type { ApplyInput, ApplyPlan, CardKind, FreeChoice } from "../../../play/kind";
import { refuseMissing } from "../../../play/verify";
import { RequestRefused } from "../../../hooks/socket";
import { warn } from "../../../play/notify";
import { templatePath } from "../../../sheets/paths";
import { parse } from "../../../dice";
import { FREE_FORMULA_MAX, freeFormulaAllowed } from "../rules/typed";
import { formulaChoice, refuseFreeFormula } from "./typed";
import { healMagic } from "../rules/afflictions";
import { grantBonusHp, type BonusHpUntil } from "../rules/bonus-hp";
import { poisonedParts } from "../rules/poison";
import type { AnthologyCombat } from "../../../combat/anthology-combat";
import { num } from "../rules/derive";
import { mayRoll, outcomeOf, rollDice } from "./dice";
import { isHodActor, type HodActor } from "./documents";
import { activeCombat } from "./combatants";
import { hodTargets } from "./target";

export const HOD_HEAL_TEMPLATE = templatePath("rulesets/hod/heal-card.hbs");
export const HOD_HEAL_DIALOG_TEMPLATE = templatePath("rulesets/hod/heal-dialog.hbs");

function refuse(key: string, data: Record<string, string> = {}): never {
  throw new RequestRefused({ key, data });
}

/**
 * The GM's apply: the healing the dice give, split as the roll says, on the patient as it stands. The
 * healing's formula is typed (the text gives none), so it must stay within the bounds a typed formula
 * has, and a card that names no healer speaks for no one unless a GM wrote it.
 */
function applyHeal(input: ApplyInput<HodHealData, Record<string, never>>): ApplyPlan {
  const row = input.card.targets[input.index]!;
  const roll = input.rolls[0];
  if (!roll) refuseMissing("heal");
  const request = roll.request as
    { heal?: unknown; toInvigoration?: unknown; targets?: unknown; bonus?: unknown; curesPoison?: unknown } | undefined;
  if (request?.heal !== true || !Array.isArray(request.targets) || !request.targets.includes(row.uuid)) {
    refuse("ANTHOLOGY.Play.Errors.badRoll", { name: row.name });
  }
  if (!input.card.actor && !userById(input.message.author?.id ?? "")?.isGM) {
    refuse("ANTHOLOGY.HoD.Errors.noHealer", { name: row.name });
  }
  refuseFreeFormula(roll.stored.formula);
  const patient = input.target as unknown as HodActor;
  if (!isHodActor(patient)) refuse("ANTHOLOGY.HoD.Errors.notHod", { name: row.name });
  const total = Math.max(0, roll.outcome.total);
  let toInvigoration: number;
  try {
    toInvigoration = Math.min(total, whole(request.toInvigoration, "toInvigoration", 0, 100_000));
  } catch (error) {
    if (error instanceof CardError) refuse("ANTHOLOGY.Play.Errors.badRoll", { name: row.name });
    throw error;
  }
  const s = patient.system;
  const bonus = bonusOf(request.bonus);
  if (bonus) {
    // Bonus HP: the larger pool stays; a TC duration counts from the Time Count now.
    const combat = activeCombat<AnthologyCombat>();
    const now = combat?.isTimeCount && combat.round >= 1 ? combat.timeCount : null;
    const until = (s.bonusUntil ?? { kind: "", tc: -1 }) as BonusHpUntil;
    const granted = grantBonusHp(
      { bonusHp: num(s.bonusHp), until },
      { amount: total, kind: bonus.kind as BonusHpUntil["kind"], tcs: bonus.tcs },
      now,
    );
    const summary: HodHealSummary = { invigoration: 0, fatigue: 0, bonus: granted.bonusHp };
    return {
      updates: {
        "system.bonusHp": granted.bonusHp,
        "system.bonusUntil.kind": granted.until.kind,
        "system.bonusUntil.tc": granted.until.tc,
      },
      summary: { ...summary },
    };
  }
  const state = { hp: num(s.hp?.value), fatigue: num(s.fatigue), invigoration: num(s.invigoration) };
  // Poisoned HP and fatigue are out of reach unless the spell heals poison, which clears their marks.
  const cures = request.curesPoison === true;
  const poisoned = cures
    ? {}
    : poisonedParts({ ...state, maxHp: num(s.hp?.max), bonusHp: 0, poisoned: s.poisoned ?? {} });
  const healed = healMagic(
    state,
    num(s.hp?.max),
    { invigoration: toInvigoration, fatigue: total - toInvigoration },
    poisoned,
  );
  const summary: HodHealSummary = healed.used;
  return {
    updates: {
      "system.invigoration": healed.invigoration,
      "system.fatigue": healed.fatigue,
      ...(cures ? { "system.poisoned.hp": 0, "system.poisoned.fatigue": 0 } : {}),
    },
    summary: { ...summary },
  };
}

/** Every healing rests on its typed formula: applied to someone else's actor, it waits for a GM's own click. */
function healTyped(input: ApplyInput<HodHealData, Record<string, never>>): FreeChoice | null {
  return formulaChoice(input.rolls[0]?.stored.formula);
}

export const hodHealKind: CardKind<HodHealData, Record<string, never>> = {
  id: "heal",
  template: HOD_HEAL_TEMPLATE,
  schema: healSchema,
  view: healCardView as never,
  applyBy: ["actorOwner", "targetOwner"],
  resolveApply: applyHeal as never,
  restsOnChoice: healTyped as never,
};

/** The healing dialog's choices. */
export interface HodHealChoices {
  readonly formula: string;
  readonly toInvigoration: number;
  readonly curesPoison: boolean;
  /** Bonus HP instead of healing, with its duration; null for healing. */
  readonly bonus: HodHealData["bonus"];
}

export function healChoicesFromForm(entries: Iterable<[string, FormDataEntryValue]>): HodHealChoices {
  const f = new Map(entries);
  const formula = String(f.get("formula") ?? "")
    .trim()
    .slice(0, 64);
  const n = Math.trunc(Number(f.get("toInvigoration") ?? 0));
  const tcs = Math.trunc(Number(f.get("tcs") ?? 1));
  return {
    formula,
    toInvigoration: Number.isFinite(n) ? Math.max(0, Math.min(100_000, n)) : 0,
    curesPoison: f.get("curesPoison") === "on",
    bonus:
      f.get("bonus") === "on"
        ? bonusOf({
            kind: String(f.get("duration") ?? ""),
            tcs: Number.isFinite(tcs) ? Math.max(1, Math.min(100_000, tcs)) : 1,
          })
        : null,
  };
}

/**
 * A healer's button: roll the healing (a dice formula, e.g. a spell's 2d8) and say how much of it
 * becomes Invigoration (the rest takes fatigue off); a row per targeted patient, or the healer alone.
 */
export async function rollHodHealing(actor: object): Promise<PlayMessage | null> {
  const healer = actor as HodActor;
  if (!mayRoll(healer)) return null;
  const choices = await promptRoll({
    title: game.i18n!.format("ANTHOLOGY.HoD.Dialog.healTitle", { name: healer.name }),
    template: HOD_HEAL_DIALOG_TEMPLATE,
    view: {},
    okLabel: "ANTHOLOGY.HoD.Dialog.roll",
    read: (form) => healChoicesFromForm(form.entries()),
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
  const patients: CardRef[] = targets.length
    ? targets.map((t) => ({ uuid: t.actor.uuid, name: t.name }))
    : [refOf(healer)];
  return postHodHealing(healer, choices, patients);
}

/** Rolls healing whose choices are made (a readable formula) for the patients, on one card. */
export async function postHodHealing(
  healer: HodActor,
  choices: HodHealChoices,
  patients: readonly CardRef[],
): Promise<PlayMessage> {
  const roll = await rollDice(choices.formula, {
    heal: true,
    toInvigoration: choices.toInvigoration,
    targets: patients.map((p) => p.uuid),
    ...(choices.bonus ? { bonus: choices.bonus } : {}),
    ...(choices.curesPoison ? { curesPoison: true } : {}),
  });
  const total = Math.max(0, outcomeOf(roll).total);
  const card = newCard({
    ruleSet: "hod",
    kind: hodHealKind.id,
    actor: refOf(healer),
    data: {
      total,
      toInvigoration: Math.min(total, choices.toInvigoration),
      bonus: choices.bonus,
      curesPoison: choices.curesPoison,
    },
    targets: patients.filter((p) => resolve<PlayActor>(p.uuid)).map((p) => ({ ...p, data: {} })),
  });
  return postCard({ kind: hodHealKind, card, rolls: [roll], speaker: { actor: healer } });
}
