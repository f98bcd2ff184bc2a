import { hintLine, kindDialogs } from "../../../play/roll-dialog";
import { outcomeViews, type TargetOutcome } from "../../../play/outcome-line";
import { templatePath } from "../../../sheets/paths";
import type { AttackChoices, ResponseChoices } from "./card-data";
import {
  attackChoices,
  attackLine,
  checkChoices,
  checkLine,
  dialogView,
  responseChoices,
  responseLine,
  type CheckChoices,
  type FudgeDialogInput,
  type FudgeLine,
} from "./dialog-form";

export const FUDGE_DIALOG_TEMPLATE = templatePath("rulesets/fudge/roll-dialog.hbs");

const fudgeDialog = kindDialogs({
  template: FUDGE_DIALOG_TEMPLATE,
  titles: {
    check: "ANTHOLOGY.Fudge.Dialog.checkTitle",
    attack: "ANTHOLOGY.Fudge.Dialog.attackTitle",
    response: "ANTHOLOGY.Fudge.Dialog.responseTitle",
  },
  okLabel: "ANTHOLOGY.Fudge.Dialog.roll",
});

const prompt = <C>(
  input: FudgeDialogInput,
  name: string,
  read: (form: FormData) => C,
  line: (c: C) => FudgeLine,
  outcomes?: (c: C) => readonly TargetOutcome[],
) =>
  fudgeDialog(input.kind, name, {
    // The outcome chances of the choices the form opens with; the line keeps them current.
    view: { ...dialogView(input), outcomes: outcomeViews(outcomes?.(read(new FormData()))) },
    read,
    line: (c: C) => {
      const l = line(c);
      const shown = hintLine(l.formula, l, { formula: l.formula, vs: l.vs });
      return outcomes ? { ...shown, outcomes: outcomes(c) } : shown;
    },
  });

/** FUDGE's check dialog: the trait, a modifier, the difficulty (or opposed) and the live exact odds. */
export const promptCheck = (input: FudgeDialogInput, name: string): Promise<CheckChoices | null> =>
  prompt(
    input,
    name,
    (f) => checkChoices(input, f.entries()),
    (c) => checkLine(input, c),
  );

/**
 * FUDGE's attack dialog: trait, stance, foes, Scale minimum, options, the ranged situation, the odds,
 * and each target's chances to be hit, hurt and dropped (`outcomes`, from the choices).
 */
export const promptAttack = (
  input: FudgeDialogInput,
  name: string,
  outcomes?: (c: AttackChoices) => readonly TargetOutcome[],
): Promise<AttackChoices | null> =>
  prompt(
    input,
    name,
    (f) => attackChoices(input, f.entries()),
    (c) => attackLine(input, c),
    outcomes,
  );

/** FUDGE's answer dialog: the trait (and, defending in melee, stance and weapon), the odds. */
export const promptResponse = (input: FudgeDialogInput, name: string): Promise<ResponseChoices | null> =>
  prompt(
    input,
    name,
    (f) => responseChoices(input, f.entries()),
    (c) => responseLine(input, c),
  );
