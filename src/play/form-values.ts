/**
 * A roll dialog's form read as a player's input: each value bounded to what the dialog offers, so the
 * choices a roll carries are never beyond the rules whatever the form held.
 */

/** The form's text values by field name (FormData's name/value pairs; anything else is left out). */
export function formValues(entries: Iterable<[string, unknown]>): Map<string, string> {
  const values = new Map<string, string>();
  for (const [name, value] of entries) if (typeof value === "string") values.set(name, value);
  return values;
}

/** A whole number typed in a field, brought within [min, max]; `fallback` when blank or not a number. */
export function formWhole(value: string | undefined, min: number, max: number, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value.trim() !== "" && Number.isFinite(n)
    ? Math.max(min, Math.min(max, Math.trunc(n)))
    : fallback;
}

/** One of the values a field offers, or `fallback` for anything else. */
export const formPick = <T extends string>(value: string | undefined, allowed: readonly T[], fallback: T): T =>
  (allowed as readonly string[]).includes(value ?? "") ? (value as T) : fallback;

/** Whether a checkbox is ticked. */
export const formOn = (value: string | undefined): boolean => value === "on" || value === "true";
