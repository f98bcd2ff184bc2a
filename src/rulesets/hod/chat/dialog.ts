import { templatePath } from "../../../sheets/paths";
import {
  ATTACK_CHANCE_KEY,
  attackChoicesFromForm,
  attackDialogView,
  attackLine,
  checkChoicesFromForm,
  checkDialogView,
  checkLine,
  damageChoicesFromForm,
  damageDialogView,
  type HodAttackChoices,
  type HodAttackDialogInput,
  type HodCheckChoices,
  type HodCheckDialogInput,
  type HodDamageChoices,
  type HodDamageDialogInput,
} from "./dialog-form";

export const HOD_DIALOG_TEMPLATE = templatePath("chat/hod-roll-dialog.hbs");

interface DialogV2Like {
  prompt(config: object): Promise<unknown>;
}

/** Keeps the dialog's roll line (formula and chance) current as the user changes it. */
function liveLine(
  root: HTMLElement,
  chanceKey: string,
  line: (data: FormData) => { formula: string; chance: string | null },
): void {
  const form = root.querySelector("form") ?? root.closest("form");
  const out = root.querySelector<HTMLElement>(".anthology-hod-dialog-line");
  if (!form || !out) return;
  const update = () => {
    const { formula, chance } = line(new FormData(form));
    const formulaText = out.querySelector(".anthology-hod-dialog-formula");
    const chanceText = out.querySelector(".anthology-hod-dialog-chance");
    if (formulaText) formulaText.textContent = formula;
    if (chanceText) chanceText.textContent = chance ? game.i18n!.format(chanceKey, { chance }) : "";
  };
  form.addEventListener("change", update);
  form.addEventListener("input", update);
}

async function prompt(
  title: string,
  view: Record<string, unknown>,
  line?: (data: FormData) => { formula: string; chance: string | null },
): Promise<FormData | null> {
  const content = await foundry.applications.handlebars.renderTemplate(HOD_DIALOG_TEMPLATE, view);
  const DialogV2 = foundry.applications.api.DialogV2 as unknown as DialogV2Like;
  const result = await DialogV2.prompt({
    window: { title },
    content,
    rejectClose: false,
    ok: {
      label: "ANTHOLOGY.HoD.Dialog.roll",
      callback: (_event: Event, button: { form: HTMLFormElement }) => new FormData(button.form),
    },
    ...(line
      ? {
          render: (_event: Event, dialog: { element: HTMLElement }) =>
            liveLine(dialog.element, String(view.chanceKey ?? ATTACK_CHANCE_KEY), line),
        }
      : {}),
  });
  return result instanceof FormData ? result : null;
}

/** The attack dialog: the situation and the defense; null when closed. */
export async function promptAttack(input: HodAttackDialogInput, title: string): Promise<HodAttackChoices | null> {
  const fallback = input.target?.defense ?? input.weapon.defense ?? "primary";
  const read = (data: FormData) => attackChoicesFromForm(data.entries(), fallback);
  const data = await prompt(title, attackDialogView(input), (form) => attackLine(input, read(form)));
  return data ? read(data) : null;
}

export async function promptDamage(input: HodDamageDialogInput, title: string): Promise<HodDamageChoices | null> {
  const data = await prompt(title, damageDialogView(input));
  return data ? damageChoicesFromForm(data.entries()) : null;
}

export async function promptCheck(input: HodCheckDialogInput, title: string): Promise<HodCheckChoices | null> {
  const read = (data: FormData) => checkChoicesFromForm(data.entries(), input);
  const data = await prompt(title, checkDialogView(input), (form) => checkLine(input, read(form)));
  return data ? read(data) : null;
}
