import { complicationSetting } from "../../../settings";
import { templatePath } from "../../../sheets/paths";
import type { ComplicationRule } from "../../../dice";
import {
  choicesFromForm,
  dialogPool,
  rollDialogView,
  type FadeRollChoices,
  type FadeRollDialogInput,
} from "./dialog-form";

export const ROLL_DIALOG_TEMPLATE = templatePath("chat/fade-roll-dialog.hbs");

interface DialogV2Like {
  prompt(config: object): Promise<unknown>;
}

const TITLES = {
  attack: "ANTHOLOGY.Fade.Dialog.attackTitle",
  damage: "ANTHOLOGY.Fade.Dialog.damageTitle",
  check: "ANTHOLOGY.Fade.Dialog.checkTitle",
} as const;

/** Keeps the dialog's odds line current as the user ticks modifiers (the hover hint reads the same attributes). */
function liveOdds(input: FadeRollDialogInput, root: HTMLElement): void {
  const form = root.querySelector("form") ?? root.closest("form");
  const line = root.querySelector<HTMLElement>(".anthology-fade-odds");
  if (!form || !line) return;
  const update = () => {
    const choices = choicesFromForm(input.kind, new FormData(form).entries());
    const { pool, vs, hint } = dialogPool(input, choices, complicationSetting() as ComplicationRule);
    line.dataset.anthologyOdds = pool ?? "";
    line.dataset.anthologyOddsVs = vs === null ? "" : String(vs);
    const poolText = line.querySelector(".anthology-fade-odds-pool");
    const hintText = line.querySelector(".anthology-fade-odds-hint");
    if (poolText) poolText.textContent = pool ?? "";
    if (hintText) hintText.textContent = hint ? game.i18n!.format(hint.key, { ...hint.data }) : "";
  };
  form.addEventListener("change", update);
  form.addEventListener("input", update);
}

/**
 * Opens the roll dialog for situational modifiers and returns the choices, or null when the user
 * closes it. The odds line shows the chance against the target as the choices change.
 */
export async function promptRoll(input: FadeRollDialogInput, name: string): Promise<FadeRollChoices | null> {
  const view = rollDialogView(input, complicationSetting() as ComplicationRule);
  const content = await foundry.applications.handlebars.renderTemplate(ROLL_DIALOG_TEMPLATE, view);
  const DialogV2 = foundry.applications.api.DialogV2 as unknown as DialogV2Like;
  const result = await DialogV2.prompt({
    window: { title: game.i18n!.format(TITLES[input.kind], { name }) },
    content,
    rejectClose: false,
    ok: {
      label: "ANTHOLOGY.Fade.Dialog.roll",
      callback: (_event: Event, button: { form: HTMLFormElement }) => new FormData(button.form),
    },
    render: (_event: Event, dialog: { element: HTMLElement }) => liveOdds(input, dialog.element),
  });
  return result instanceof FormData ? choicesFromForm(input.kind, result.entries()) : null;
}
