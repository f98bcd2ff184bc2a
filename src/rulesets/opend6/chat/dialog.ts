import type { ComplicationRule } from "../../../dice";
import { promptRoll, type RollLine } from "../../../play/dialog";
import { outcomeViews } from "../../../play/outcome-line";
import { hintLine } from "../../../play/roll-dialog";
import { complicationSetting } from "../../../settings";
import { templatePath } from "../../../sheets/paths";
import { tablesSetting } from "../settings";
import {
  choicesFromForm,
  dialogLine,
  dialogOutcomes,
  initialChoices,
  rollDialogView,
  type OpenD6RollChoices,
  type OpenD6RollDialogInput,
} from "./dialog-form";

export const OPEND6_DIALOG_TEMPLATE = templatePath("rulesets/opend6/roll-dialog.hbs");

const rule = () => complicationSetting() as ComplicationRule;

function line(input: OpenD6RollDialogInput, choices: OpenD6RollChoices): RollLine {
  const { formula, vs, hint } = dialogLine(input, choices, rule());
  // An attack's chances to hit, hurt and drop each targeted token, refreshed as the form changes.
  const outcomes = input.kind === "attack" ? { outcomes: dialogOutcomes(input, choices, rule()) } : {};
  return { ...hintLine(formula, hint, { formula, vs }), ...outcomes };
}

/** Opens OpenD6's roll dialog; the choices, or null when closed. */
export function promptOpenD6Roll(given: OpenD6RollDialogInput, title: string): Promise<OpenD6RollChoices | null> {
  // The world's tables: the difficulty ladder offered, and the combat difficulty the odds are against.
  const input = { ...given, tables: tablesSetting() };
  return promptRoll({
    title,
    template: OPEND6_DIALOG_TEMPLATE,
    view: {
      ...rollDialogView(input, rule()),
      outcomes: outcomeViews(dialogOutcomes(input, initialChoices(input), rule())),
    },
    okLabel: "ANTHOLOGY.OpenD6.Dialog.roll",
    read: (form) => choicesFromForm(input.kind, form.entries()),
    line: (choices) => line(input, choices),
  });
}
