/** The cast dialog as plain data: what its form means, and the Arcana check's exact chance. Foundry-free. */
import { TYPED_BOUNDS } from "../rules/typed";

/** How a caster rolls its Arcana (Int) check. */
export interface HodCastChoices {
  readonly takeTen: boolean;
  readonly modifier: number;
}

/** The cast dialog's choices: the Arcana check (rolled or taking 10) and the charges put into the attack. */
export interface HodCastDialogChoices extends HodCastChoices {
  readonly charges: number;
}

/** Reads the cast dialog's form (untrusted numbers clamped). */
export function castChoicesFromForm(
  entries: Iterable<[string, FormDataEntryValue]>,
  most: number,
): HodCastDialogChoices {
  const f = new Map(entries);
  const n = (v: FormDataEntryValue | undefined, lo: number, hi: number) => {
    const x = typeof v === "string" && v.trim() !== "" ? Math.trunc(Number(v)) : 0;
    return Number.isFinite(x) ? Math.max(lo, Math.min(hi, x)) : 0;
  };
  return {
    takeTen: f.get("takeTen") === "on",
    modifier: n(f.get("modifier"), TYPED_BOUNDS.check.min, TYPED_BOUNDS.check.max),
    charges: n(f.get("charges"), 0, most),
  };
}

/** The exact chance of an Arcana check: 3d6 + bonus reaching the DC (216 ways), or taking 10. */
export function castChance(bonus: number, dc: number, takeTen: boolean): number {
  if (takeTen) return 10 + bonus >= dc ? 1 : 0;
  let ways = 0;
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) if (a + b + c + bonus >= dc) ways++;
  return ways / 216;
}
