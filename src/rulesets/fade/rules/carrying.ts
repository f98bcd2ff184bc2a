import { labelKeys } from "../../common";

/** Weight limits in pounds, each the most a character can carry (or lift, push) in that state. */
export interface CarryingLimits {
  /** 5 + (Strength + Endurance) x 5: no penalty. */
  readonly light: number;
  /** 5 + (Strength + Endurance) x 10: speed halved. */
  readonly medium: number;
  /** 5 + (Strength + Endurance) x 15: speed halved, -5 Defense and Avoid. */
  readonly heavy: number;
  /** Heavy x 1.5, rounded down. */
  readonly overHead: number;
  /** Heavy x 3. */
  readonly offGround: number;
  /** Heavy x 5. */
  readonly pushDrag: number;
}

/** The six states the text names, and beyond push/drag a load the character cannot move. */
export const ENCUMBRANCE_STATES = Object.freeze([
  "light",
  "medium",
  "heavy",
  "overHead",
  "offGround",
  "pushDrag",
  "overloaded",
] as const);

export type EncumbranceState = (typeof ENCUMBRANCE_STATES)[number];

export const ENCUMBRANCE_KEYS = labelKeys("ANTHOLOGY.Fade.Encumbrance", ENCUMBRANCE_STATES);

export function carryingLimits(strength: number, endurance: number): CarryingLimits {
  const sum = strength + endurance;
  const heavy = 5 + sum * 15;
  return Object.freeze({
    light: 5 + sum * 5,
    medium: 5 + sum * 10,
    heavy,
    overHead: Math.floor(heavy * 1.5),
    offGround: heavy * 3,
    pushDrag: heavy * 5,
  });
}

/** The state a carried weight puts a character in: the first limit it does not exceed. */
export function encumbrance(weight: number, limits: CarryingLimits): EncumbranceState {
  if (weight <= limits.light) return "light";
  if (weight <= limits.medium) return "medium";
  if (weight <= limits.heavy) return "heavy";
  if (weight <= limits.overHead) return "overHead";
  if (weight <= limits.offGround) return "offGround";
  if (weight <= limits.pushDrag) return "pushDrag";
  return "overloaded";
}

/** What a state costs: medium halves speed; heavy and everything past it also gives -5 Defense and Avoid. */
export interface EncumbrancePenalty {
  readonly halvesSpeed: boolean;
  readonly defenseAndAvoid: number;
  /** Too much to move at all: speed 0. */
  readonly immobile: boolean;
}

export function encumbrancePenalty(state: EncumbranceState): EncumbrancePenalty {
  if (state === "light") return { halvesSpeed: false, defenseAndAvoid: 0, immobile: false };
  if (state === "medium") return { halvesSpeed: true, defenseAndAvoid: 0, immobile: false };
  return { halvesSpeed: true, defenseAndAvoid: -5, immobile: state === "overloaded" };
}
