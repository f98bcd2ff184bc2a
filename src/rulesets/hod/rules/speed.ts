import { isOneOf } from "../../common";
import { defaultDie, type DieSource } from "../../../dice/random";
import { TimeCountError } from "../../../time-count/time-count-error";

/** Heroes of Destiny's speed classes, fastest first. */
export const SPEED_CLASSES = [
  "free",
  "rapid",
  "swift",
  "fast",
  "standard",
  "slow",
  "sluggish",
  "lethargic",
  "sedentary",
] as const;
export type SpeedClass = (typeof SPEED_CLASSES)[number];

/** One row of the speed-class table: the random SF is `count`d`sides` + `plus`; `fixed` is the static SF. */
export interface SpeedRow {
  readonly count: number;
  readonly sides: number;
  readonly plus: number;
  readonly fixed: number;
}

/** The table of speed classes (the static SF is the random SF's mean, rounded down). */
export const SPEED_TABLE: Readonly<Record<SpeedClass, SpeedRow>> = Object.freeze({
  free: { count: 0, sides: 0, plus: 0, fixed: 0 },
  rapid: { count: 1, sides: 4, plus: 0, fixed: 2 },
  swift: { count: 1, sides: 4, plus: 2, fixed: 4 },
  fast: { count: 1, sides: 6, plus: 3, fixed: 6 },
  standard: { count: 1, sides: 6, plus: 6, fixed: 9 },
  slow: { count: 1, sides: 8, plus: 8, fixed: 12 },
  sluggish: { count: 1, sides: 10, plus: 10, fixed: 15 },
  lethargic: { count: 1, sides: 12, plus: 12, fixed: 18 },
  sedentary: { count: 1, sides: 12, plus: 16, fixed: 22 },
});

/** Each step slower than Sedentary adds this much to the SF. */
export const BEYOND_SEDENTARY = 4;

export interface SpeedOptions {
  /** The static SF (NPCs by default) instead of rolling. */
  readonly static?: boolean;
  /** Where random SF dice come from (seeded or scripted in tests, Foundry's dice in a world). */
  readonly die?: DieSource;
  /** Speed-class steps: positive is slower, negative faster. Applied before `modifier`. */
  readonly steps?: number;
  /** Added to the SF after the class is settled. */
  readonly modifier?: number;
  /** An effect that may make the action faster than Rapid (down to Free). */
  readonly fasterThanRapid?: boolean;
}

/** Where a class ends up after `steps`, and the SF added for steps beyond Sedentary. */
export interface SteppedClass {
  readonly speedClass: SpeedClass;
  readonly extra: number;
}

export function isSpeedClass(value: unknown): value is SpeedClass {
  return isOneOf(SPEED_CLASSES, value);
}

function checkClass(value: unknown): SpeedClass {
  if (!isSpeedClass(value)) {
    throw new TimeCountError("speedClass", { value: String(value) }, `Not a speed class: ${String(value)}`);
  }
  return value;
}

function checkNumber(value: number | undefined): number {
  const n = value ?? 0;
  if (!Number.isFinite(n)) throw new TimeCountError("notFinite", { value: String(n) }, `Not a finite number: ${n}`);
  return n;
}

/**
 * Steps a class along the table. Faster stops at Rapid (at Free with `fasterThanRapid`); a Free action
 * made slower becomes Rapid; every step slower than Sedentary adds 4 to the SF.
 */
export function stepSpeedClass(speedClass: SpeedClass, steps = 0, fasterThanRapid = false): SteppedClass {
  const start = SPEED_CLASSES.indexOf(checkClass(speedClass));
  const by = Math.trunc(checkNumber(steps));
  if (start === 0 && by <= 0) return { speedClass: "free", extra: 0 };
  const last = SPEED_CLASSES.length - 1;
  const index = Math.max(fasterThanRapid ? 0 : 1, start + by);
  if (index > last) return { speedClass: "sedentary", extra: (index - last) * BEYOND_SEDENTARY };
  return { speedClass: SPEED_CLASSES[index]!, extra: 0 };
}

/** A Free action costs 0 whatever modifies it; any other never costs less than 1. */
export function clampSpeedFactor(value: number, speedClass: SpeedClass): number {
  return speedClass === "free" ? 0 : Math.max(1, Math.floor(value));
}

/**
 * The speed factor of an action of `speedClass`: rolled (the player characters' way) or static (the
 * NPCs' way), after class steps and then the modifier.
 */
export function speedFactor(speedClass: SpeedClass, options: SpeedOptions = {}): number {
  const { speedClass: settled, extra } = stepSpeedClass(speedClass, options.steps, options.fasterThanRapid);
  const modifier = checkNumber(options.modifier);
  const row = SPEED_TABLE[settled];
  let base = row.fixed;
  if (!options.static) {
    const die = options.die ?? defaultDie();
    base = row.plus;
    for (let i = 0; i < row.count; i += 1) base += die(row.sides);
  }
  return clampSpeedFactor(base + extra + modifier, settled);
}

/**
 * The same SF as a dice formula (`1d6+6`, `1d12+16+4`, `0`) for a table that rolls it visibly; clamp
 * the total with `clampSpeedFactor(total, speedClass)`. Static SF gives a plain number.
 */
export function speedFactorFormula(
  speedClass: SpeedClass,
  options: Omit<SpeedOptions, "die"> = {},
): { formula: string; speedClass: SpeedClass } {
  const { speedClass: settled, extra } = stepSpeedClass(speedClass, options.steps, options.fasterThanRapid);
  const modifier = checkNumber(options.modifier);
  const row = SPEED_TABLE[settled];
  if (settled === "free") return { formula: "0", speedClass: settled };
  const parts = options.static
    ? [String(row.fixed)]
    : [`${row.count}d${row.sides}`, ...(row.plus ? [String(row.plus)] : [])];
  for (const n of [extra, modifier]) if (n) parts.push(String(n));
  return { formula: parts.join("+").replace(/\+-/g, "-"), speedClass: settled };
}
