import { showOutcomes, type TargetOutcome } from "./outcome-line";

/** The live line under a roll dialog: what will be rolled, and its chance or expected result in words. */
export interface RollLine {
  readonly formula: string;
  /** Localised text beside the formula (the chance to hit, the mean); empty for none. */
  readonly text: string;
  /** What the hover odds read (data-anthology-odds): the formula and the number to reach, if any. */
  readonly odds?: { readonly formula: string; readonly vs: number | null } | null;
  /** For an attack: each targeted token's exact chances to be hit, hurt and dropped (outcome-line.ts). */
  readonly outcomes?: readonly TargetOutcome[];
}

interface DialogV2Like {
  prompt(config: object): Promise<unknown>;
}

/** The roll line's element in a dialog (templates/play/roll-line.hbs). */
const LINE = ".anthology-roll-line";

/** Writes a roll line into the dialog's line element. */
export function showLine(root: HTMLElement, line: RollLine): void {
  if (line.outcomes) showOutcomes(root, line.outcomes);
  const out = root.querySelector<HTMLElement>(LINE);
  if (!out) return;
  const formula = out.querySelector(".anthology-roll-line-formula");
  const text = out.querySelector(".anthology-roll-line-text");
  if (formula) formula.textContent = line.formula;
  if (text) text.textContent = line.text;
  out.dataset.anthologyOdds = line.odds?.formula ?? "";
  out.dataset.anthologyOddsVs = line.odds?.vs === null || line.odds?.vs === undefined ? "" : String(line.odds.vs);
}

/**
 * A roll dialog, the same for every rule set: the kind's template and view, a Roll button, and the
 * line under it kept current (formula, chance) as the user changes the form. Returns what `read`
 * makes of the submitted form, or null when the user closes it.
 */
export async function promptRoll<C>(input: {
  readonly title: string;
  readonly template: string;
  readonly view: object;
  readonly okLabel: string;
  read(form: FormData): C;
  line?(choices: C): RollLine;
}): Promise<C | null> {
  const content = await foundry.applications.handlebars.renderTemplate(
    input.template,
    input.view as Record<string, unknown>,
  );
  const DialogV2 = foundry.applications.api.DialogV2 as unknown as DialogV2Like;
  const result = await DialogV2.prompt({
    window: { title: input.title },
    content,
    rejectClose: false,
    ok: {
      label: input.okLabel,
      callback: (_event: Event, button: { form: HTMLFormElement }) => new FormData(button.form),
    },
    render: (_event: Event, dialog: { element: HTMLElement }) => {
      const line = input.line;
      const form = dialog.element.querySelector("form") ?? dialog.element.closest("form");
      if (!line || !form) return;
      const update = () => showLine(dialog.element, line(input.read(new FormData(form))));
      form.addEventListener("change", update);
      form.addEventListener("input", update);
    },
  });
  return result instanceof FormData ? input.read(result) : null;
}
