import { promptRoll, type RollLine } from "../../../play/dialog";
import { warn } from "../../../play/notify";
import { EXTRA_DICE_BOUND, extraDiceAllowed } from "../rules/typed";
import { isDiceSum } from "../rules/weapons";
import { templatePath } from "../../../sheets/paths";
import {
  ATTACK_CHANCE_KEY,
  CHECK_CHANCE_KEY,
  attackChoicesFromForm,
  attackDialogView,
  attackLine,
  checkChoicesFromForm,
  dialogOutcomes,
  checkDialogView,
  checkLine,
  damageChoicesFromForm,
  damageDialogView,
  damageLine,
  startingDefense,
  type HodAttackChoices,
  type HodAttackDialogInput,
  type HodCheckChoices,
  type HodCheckDialogInput,
  type HodDamageChoices,
  type HodDamageDialogInput,
} from "./dialog-form";

export const HOD_DIALOG_TEMPLATE = templatePath("rulesets/hod/roll-dialog.hbs");

/** The line under the dialog: the formula, and its chance in words (no hover odds: the d20's 1 and 20 count). */
function line(formula: string, chanceKey: string, chance: string | null): RollLine {
  return { formula, text: chance ? game.i18n!.format(chanceKey, { chance }) : "", odds: null };
}

/**
 * Extra damage dice within the bounds (rules/typed.ts), or a warning and null. Text that is not dice
 * at all is left to the flow, which names it.
 */
function boundedExtra<C extends { readonly extraDice?: string }>(choices: C | null): C | null {
  const dice = choices?.extraDice?.trim() ?? "";
  if (!choices || !dice || !isDiceSum(dice) || extraDiceAllowed(dice)) return choices;
  warn("ANTHOLOGY.HoD.Errors.extraDiceBounds", {
    dice,
    count: String(EXTRA_DICE_BOUND.dice),
    sides: String(EXTRA_DICE_BOUND.sides),
  });
  return null;
}

/** The attack dialog (a weapon attack or a special action): the situation, the defense, each hit's damage; null when closed. */
export async function promptAttack(input: HodAttackDialogInput, title: string): Promise<HodAttackChoices | null> {
  const fallback = startingDefense(input);
  const choices = await promptRoll({
    title,
    template: HOD_DIALOG_TEMPLATE,
    view: attackDialogView(input),
    okLabel: "ANTHOLOGY.HoD.Dialog.roll",
    read: (form) => attackChoicesFromForm(form.entries(), fallback),
    line: (choices) => {
      const { formula, chance } = attackLine(input, choices);
      // Each targeted token's chances to be hit, hurt and dropped, refreshed with the line.
      return { ...line(formula, ATTACK_CHANCE_KEY, chance), outcomes: dialogOutcomes(input, choices) };
    },
  });
  return boundedExtra(choices);
}

/** The damage dialog (the sheet's Damage button, or an attack without a target); null when closed. */
export async function promptDamage(input: HodDamageDialogInput, title: string): Promise<HodDamageChoices | null> {
  const choices = await promptRoll({
    title,
    template: HOD_DIALOG_TEMPLATE,
    view: damageDialogView(input),
    okLabel: "ANTHOLOGY.HoD.Dialog.roll",
    read: (form) => damageChoicesFromForm(form.entries()),
    line: (choices) => line(damageLine(input, choices) ?? "", ATTACK_CHANCE_KEY, null),
  });
  return boundedExtra(choices);
}

/** The 3d6 check dialog: the attribute, a modifier and the DC; null when closed. */
export function promptCheck(input: HodCheckDialogInput, title: string): Promise<HodCheckChoices | null> {
  return promptRoll({
    title,
    template: HOD_DIALOG_TEMPLATE,
    view: checkDialogView(input),
    okLabel: "ANTHOLOGY.HoD.Dialog.roll",
    read: (form) => checkChoicesFromForm(form.entries(), input),
    line: (choices) => {
      const { formula, chance } = checkLine(input, choices);
      return line(formula, CHECK_CHANCE_KEY, chance);
    },
  });
}
