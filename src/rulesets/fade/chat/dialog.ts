import type { ComplicationRule } from "../../../dice";
import type { RollLine } from "../../../play/dialog";
import { outcomeViews } from "../../../play/outcome-line";
import { hintLine, kindDialogs } from "../../../play/roll-dialog";
import { complicationSetting } from "../../../settings";
import { templatePath } from "../../../sheets/paths";
import {
  choicesFromForm,
  dialogOutcomes,
  dialogPool,
  rollDialogView,
  type FadeRollChoices,
  type FadeRollDialogInput,
} from "./dialog-form";

export const ROLL_DIALOG_TEMPLATE = templatePath("rulesets/fade/roll-dialog.hbs");

const fadeDialog = kindDialogs({
  template: ROLL_DIALOG_TEMPLATE,
  titles: {
    attack: "ANTHOLOGY.Fade.Dialog.attackTitle",
    damage: "ANTHOLOGY.Fade.Dialog.damageTitle",
    check: "ANTHOLOGY.Fade.Dialog.checkTitle",
    skill: "ANTHOLOGY.Fade.Dialog.skillTitle",
  },
  okLabel: "ANTHOLOGY.Fade.Dialog.roll",
});

/**
 * The dialog's line: the pool, and its mean and chance against the target as the choices change; for
 * an attack, each target's chances to be hit, hurt and dropped.
 */
function line(input: FadeRollDialogInput, choices: FadeRollChoices): RollLine {
  const { pool, vs, hint } = dialogPool(input, choices, complicationSetting() as ComplicationRule);
  const shown = hintLine(pool ?? "", hint, pool ? { formula: pool, vs } : null);
  return input.kind === "attack" ? { ...shown, outcomes: dialogOutcomes(input, choices) } : shown;
}

/** Opens The Fade's roll dialog for situational modifiers; the choices, or null when closed. */
export function promptFadeRoll(input: FadeRollDialogInput, name: string): Promise<FadeRollChoices | null> {
  const view = rollDialogView(input, complicationSetting() as ComplicationRule);
  return fadeDialog(input.kind, name, {
    view: { ...view, outcomes: outcomeViews(view.outcomes) },
    read: (form) => choicesFromForm(input.kind, form.entries()),
    line: (choices) => line(input, choices),
  });
}
