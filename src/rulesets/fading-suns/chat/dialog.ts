import { promptRoll, type RollLine } from "../../../play/dialog";
import { hintLine } from "../../../play/roll-dialog";
import { templatePath } from "../../../sheets/paths";
import { choicesFromForm, dialogLine, rollDialogView, type FsRollChoices, type FsRollDialogInput } from "./dialog-form";

export const FS_DIALOG_TEMPLATE = templatePath("rulesets/fading-suns/roll-dialog.hbs");

function line(input: FsRollDialogInput, choices: FsRollChoices): RollLine {
  const { goal, hint } = dialogLine(input, choices);
  return hintLine(`1d20 ≤ ${goal}`, hint, null);
}

/** Opens Fading Suns' roll dialog; the choices, or null when closed. */
export function promptFsRoll(input: FsRollDialogInput, title: string): Promise<FsRollChoices | null> {
  return promptRoll({
    title,
    template: FS_DIALOG_TEMPLATE,
    view: rollDialogView(input),
    okLabel: "ANTHOLOGY.FadingSuns.Dialog.roll",
    read: (form) => choicesFromForm(input.kind, form.entries(), input.quickSkills, input.skills, input.chargeMax),
    line: (choices) => line(input, choices),
  });
}
