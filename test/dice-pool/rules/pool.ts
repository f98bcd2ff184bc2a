/**
 * Dice Pool, the sixth rule set: a test-only plug-in (never shipped) that proves a rule set can be
 * built from the shared parts alone (docs/adding-a-rule-set.md). Its rules, pure:
 * an attack rolls Might plus the weapon's bonus dice as d6; each 5 or 6 is a success; it hits when the
 * successes reach the target's Guard, and each success past the Guard adds 1 to the weapon's damage.
 * A hit with DISARM_MARGIN successes past the Guard knocks the target's weapons from its hands.
 */

/** A die showing this or more is a success. */
export const SUCCESS_FACE = 5;
/** The most dice a pool may hold: a sheet's Might and a weapon's bonus are bounded by it. */
export const MAX_POOL = 12;

/** The dice an attack rolls, as a Foundry formula: Might plus the weapon's bonus, 1 at the least. */
export function attackFormula(might: number, bonus: number): string {
  return `${poolSize(might, bonus)}d6`;
}

/** How many dice Might and a bonus make: whole numbers, at least 1, at most MAX_POOL. */
export function poolSize(might: number, bonus: number): number {
  const size = Math.trunc(might) + Math.trunc(bonus);
  return Number.isFinite(size) ? Math.min(MAX_POOL, Math.max(1, size)) : 1;
}

/** The successes among the faces rolled. */
export function successes(faces: readonly number[]): number {
  return faces.filter((face) => face >= SUCCESS_FACE).length;
}

/** What an attack does to one target: whether it hits, and the HP it takes. */
export interface AttackOutcome {
  readonly successes: number;
  readonly hit: boolean;
  readonly damage: number;
}

export function attackOutcome(faces: readonly number[], guard: number, weaponDamage: number): AttackOutcome {
  const count = successes(faces);
  const hit = count >= guard;
  return { successes: count, hit, damage: hit ? Math.max(0, weaponDamage) + (count - guard) : 0 };
}

/** The exact chance that `dice` d6 show at least `guard` successes (each die 1 in 3). */
export function hitChance(dice: number, guard: number): number {
  let chance = 0;
  let ways = 1;
  for (let k = 0; k <= dice; k++) {
    if (k >= guard) chance += ways * (1 / 3) ** k * (2 / 3) ** (dice - k);
    ways = (ways * (dice - k)) / (k + 1);
  }
  return chance;
}

/** HP after a hit: never below 0. */
export function hpAfter(hp: number, damage: number): number {
  return Math.max(0, hp - damage);
}

/** Successes past the Guard that knock the target's weapons from its hands. */
export const DISARM_MARGIN = 2;

/** Whether an attack knocks the target's weapons from its hands. */
export function disarms(outcome: AttackOutcome, guard: number): boolean {
  return outcome.hit && outcome.successes - guard >= DISARM_MARGIN;
}
