import { formatPool, keepPool } from "./pool";

/** Dodge keeps 1 die at levels 1-5, one more every five levels, up to 4 at 16-20. */
export function dodgeKept(level: number): number {
  return Math.min(4, Math.max(1, Math.floor((level - 1) / 5) + 1));
}

/** The dodge (and parry table) pool: Agility dice, kept by level (`6k1` at Agility 6, level 3). */
export function dodgePool(agility: number, level: number): string {
  return formatPool(keepPool(agility, dodgeKept(level)));
}
