interface NumberInput {
  readonly valueAsNumber: number;
  readonly max: string;
}

/**
 * Whether the form shows a number above its input's maximum (HP over max HP, Durability over its
 * maximum). The data model holds the stored value to the maximum; when that leaves the stored value
 * unchanged Foundry sends no update and would not redraw, so the sheet redraws itself.
 */
export function showsMoreThanMax(form: { querySelectorAll(selector: string): Iterable<NumberInput> }): boolean {
  for (const input of form.querySelectorAll('input[type="number"][max]')) {
    const max = Number(input.max);
    if (input.max !== "" && Number.isFinite(max) && input.valueAsNumber > max) return true;
  }
  return false;
}
