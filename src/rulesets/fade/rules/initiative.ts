import { format } from "../../../dice";

/** Initiative is 1d10 + Agility, highest acting first. */
export function initiativeBonus(agility: number): number {
  return agility;
}

/** The initiative roll as a formula (`1d10+3`). */
export function initiativeFormula(agility: number): string {
  return format({ kind: "sum", groups: [{ count: 1, sides: 10, sign: 1 }], modifier: initiativeBonus(agility) });
}
