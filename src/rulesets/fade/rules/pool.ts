import { format, parse } from "../../../dice";

/**
 * A roll-and-keep pool as numbers: `rolled` k `kept`, plus a flat bonus (`7k3+2`). `explode` is the
 * face a die explodes on, when an effect makes the pool explode. Arithmetic on pools adds each part
 * (7k3 + 1k0 is 8k3); what a pool of zero or fewer dice rolls (Negative Dice) is the dice engine's job.
 */
export interface KeepPool {
  readonly rolled: number;
  readonly kept: number;
  readonly flat: number;
  readonly explode?: number;
}

/** A change to a pool (a bonus or a penalty): every part optional, missing parts are 0. */
export interface PoolBonus {
  readonly rolled?: number;
  readonly kept?: number;
  readonly flat?: number;
}

export function keepPool(rolled: number, kept: number, flat = 0): KeepPool {
  return { rolled, kept, flat };
}

/** Reads keep notation (`6k3`, `4k2x`, `7k3+2`, or a flat `+2`) into a pool. */
export function parsePool(text: string): KeepPool {
  const plan = parse(text);
  if (plan.kind === "keep") {
    return { rolled: plan.rolled, kept: plan.kept, flat: plan.modifier, ...explodeOf(plan.explode) };
  }
  if (plan.kind === "sum" && plan.groups.length === 0) return { rolled: 0, kept: 0, flat: plan.modifier };
  throw new RangeError(`"${text}" is not roll-and-keep notation`);
}

/** The pool in the dice engine's canonical notation (`7k3`, `8k4x+2`, `-1k1` for Negative Dice). */
export function formatPool(pool: KeepPool): string {
  return format({ kind: "keep", rolled: pool.rolled, kept: pool.kept, explode: pool.explode, modifier: pool.flat });
}

/** Adds bonuses (or pool texts) to a pool, part by part; an explosion on either side carries over. */
export function addPools(pool: KeepPool | string, ...bonuses: ReadonlyArray<PoolBonus | KeepPool | string>): KeepPool {
  let out = typeof pool === "string" ? parsePool(pool) : pool;
  for (const b of bonuses) {
    const bonus: PoolBonus & { explode?: number } = typeof b === "string" ? parsePool(b) : b;
    out = {
      rolled: out.rolled + (bonus.rolled ?? 0),
      kept: out.kept + (bonus.kept ?? 0),
      flat: out.flat + (bonus.flat ?? 0),
      ...explodeOf(out.explode ?? bonus.explode),
    };
  }
  return out;
}

function explodeOf(explode: number | undefined): { explode?: number } {
  return explode === undefined ? {} : { explode };
}

/**
 * The most extra dice, rolled or kept, either way, a player may type (docs/rules-decisions.md): the
 * text's own situational modifiers reach 3k0, so 5 leaves the GM room without unbounded pools.
 */
export const EXTRA_DICE_BOUND = 5;

/** A typed number of extra dice, held to the bound. */
export const clampExtraDice = (n: number): number => Math.max(-EXTRA_DICE_BOUND, Math.min(EXTRA_DICE_BOUND, n));

/** Whether every pool of extra dice is within the bound (the GM's check of a roll's request). */
export const extraWithinBound = (...pools: ReadonlyArray<PoolBonus | undefined>): boolean =>
  pools.every((p) => !p || (Math.abs(p.rolled ?? 0) <= EXTRA_DICE_BOUND && Math.abs(p.kept ?? 0) <= EXTRA_DICE_BOUND));
