import type { CombatantRow } from "../../src/combat/time-count-view";

/** A tracker row for tests: nobody's, not hidden, surprised, unsteady or defeated unless `extra` says. */
export function combatantRow(
  id: string,
  name: string,
  initiative: number | null,
  extra: Partial<CombatantRow> = {},
): CombatantRow {
  return {
    id,
    name,
    img: "",
    initiative,
    defeated: false,
    hidden: false,
    owner: false,
    surprised: false,
    unsteady: false,
    ...extra,
  };
}
