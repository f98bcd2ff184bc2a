/**
 * What a player types into Fading Suns' roll dialog, and how far (docs/rules-decisions.md, "Fading Suns:
 * what a player types"). Every other choice is a line of the text's charts; the other modifier is
 * bounded by the goal chart's own extremes (Effortless +10, Herculean −10), and a complementary roll's
 * Victory Points by the most such a roll can bring.
 */
import { MAX_COMPLEMENTARY_VP } from "./modifiers";

/** The other goal modifier: −10 to +10. */
export const MAX_OTHER = 10;

/** The numbers a player typed for a roll. */
export interface FsTyped {
  readonly other?: number;
  readonly complementary?: number;
}

/** One typed value: which, and its value as the card shows it ("+3"). */
export interface FsTypedValue {
  readonly field: "other" | "complementary";
  readonly value: string;
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** What was typed and is not nothing, in the dialog's order. */
export function typedGoalValues(choices: FsTyped): FsTypedValue[] {
  const out: FsTypedValue[] = [];
  if (choices.complementary) out.push({ field: "complementary", value: String(choices.complementary) });
  if (choices.other) out.push({ field: "other", value: signed(choices.other) });
  return out;
}

/** The first typed value outside its bound, with the bound as text, or null. */
export function typedGoalOutOfBounds(
  choices: FsTyped,
): { readonly field: FsTypedValue["field"]; readonly value: string; readonly bound: string } | null {
  const other = choices.other ?? 0;
  if (!Number.isInteger(other) || Math.abs(other) > MAX_OTHER) {
    return { field: "other", value: String(other), bound: `-${MAX_OTHER} … +${MAX_OTHER}` };
  }
  const vp = choices.complementary ?? 0;
  if (!Number.isInteger(vp) || vp < 0 || vp > MAX_COMPLEMENTARY_VP) {
    return { field: "complementary", value: String(vp), bound: `0 … ${MAX_COMPLEMENTARY_VP}` };
  }
  return null;
}
