/**
 * Magical healing (a spell's or a potion's): the healer rolls the healing and splits it between
 * Invigoration and fatigue taken off; a card with a row per patient, which the GM applies (a patient
 * is often someone else's actor): never past maximum HP, never below 0 fatigue. The split and the
 * patients come from the roll itself, the amount from its dice.
 */
import { newCard, type CardRef } from "../../../play/card";
import { postCard, refOf } from "../../../play/cards";
import { promptRoll } from "../../../play/dialog";
import { resolve, type PlayActor, type PlayMessage } from "../../../play/documents";
import { warn } from "../../../play/notify";
import { templatePath } from "../../../sheets/paths";
import { parse } from "../../../dice";
import { FREE_FORMULA_MAX, freeFormulaAllowed } from "../rules/typed";
import { mayRoll, outcomeOf, rollDice } from "./dice";
import type { HodActor } from "./documents";
import { bonusOf, healCardView, healSchema, type HodHealData, type HodHealSummary } from "./heal-view";
import { hodHealKind } from "./kinds/heal";
import { hodTargets } from "./target";

export { healCardView, healSchema, type HodHealData, type HodHealSummary };

export const HOD_HEAL_DIALOG_TEMPLATE = templatePath("rulesets/hod/heal-dialog.hbs");

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
