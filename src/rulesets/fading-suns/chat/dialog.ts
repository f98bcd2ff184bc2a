import { promptRoll, type RollLine } from "../../../play/dialog";
import { outcomeViews, type TargetOutcome } from "../../../play/outcome-line";
import { hintLine } from "../../../play/roll-dialog";
import { templatePath } from "../../../sheets/paths";
import {
  choicesFromForm,
  dialogLine,
  initialChoices,
  rollDialogView,
  type FsRollChoices,
  type FsRollDialogInput,
} from "./dialog-form";

export const FS_DIALOG_TEMPLATE = templatePath("rulesets/fading-suns/roll-dialog.hbs");

/** An attack's outcome odds against each targeted token, for the dialog's choices. */
export type FsOutcomes = (choices: FsRollChoices) => readonly TargetOutcome[];

function line(input: FsRollDialogInput, choices: FsRollChoices, outcomes?: FsOutcomes): RollLine {
  const { goal, hint } = dialogLine(input, choices);
  const base = hintLine(`1d20 ≤ ${goal}`, hint, null);
  return outcomes ? { ...base, outcomes: outcomes(choices) } : base;
}

/**
 * Opens Fading Suns' roll dialog; the choices, or null when closed. An attack's `outcomes` give the chances
 * to hit, hurt and drop each targeted token, shown under the goal and refreshed as the form changes.
 */
export function promptFsRoll(
  input: FsRollDialogInput,
  title: string,
  outcomes?: FsOutcomes,
): Promise<FsRollChoices | null> {
  return promptRoll({
    title,
    template: FS_DIALOG_TEMPLATE,
    view: { ...rollDialogView(input), outcomes: outcomeViews(outcomes?.(initialChoices(input))) },
    okLabel: "ANTHOLOGY.FadingSuns.Dialog.roll",
    read: (form) => choicesFromForm(input.kind, form.entries(), input.quickSkills, input.skills, input.chargeMax),
    line: (choices) => line(input, choices, outcomes),
  });
}
