/**
 * Healing. The text (a combat chapter) prints no healing rules; these are OpenD6's published ones,
 * as our decision (docs/rules-decisions.md): a medicine roll against a difficulty set by how hurt the
 * patient is heals one Wound level or 2D Body Points; natural healing rolls Physique, with a modifier
 * for the day's rest, against the same difficulty for a Wound level, or reads the total on the Body
 * Points healing chart. Plain data in, plain data out.
 */
import { WOUND_LEVELS, type WoundLevel } from "./combat";
import type { HealthMode } from "./health";

export const HEALING_METHODS = Object.freeze(["natural", "medicine"] as const);
export type HealingMethod = (typeof HEALING_METHODS)[number];

/** How the patient spent the day: full rest +1D, light activity 0, fighting and running −1D. */
export const RESTS = Object.freeze(["full", "light", "strenuous"] as const);
export type Rest = (typeof RESTS)[number];
export const REST_DICE: Readonly<Record<Rest, number>> = Object.freeze({ full: 1, light: 0, strenuous: -1 });

/** The skill a healer rolls, and the attribute natural healing rolls. */
export const HEALING_SKILL = "medicine";
export const NATURAL_HEALING_ATTRIBUTE = "physique";

/** The healing difficulty at each Wound level: Very Easy 5 when Stunned up to Very Difficult 25 when Mortally Wounded. */
export const WOUND_HEALING_DIFFICULTY: Readonly<Record<Exclude<WoundLevel, "none">, number>> = Object.freeze({
  stunned: 5,
  wounded: 10,
  severelyWounded: 15,
  incapacitated: 20,
  mortallyWounded: 25,
});

/**
 * The healing difficulty by the Body Points left, read as the Wound level it stands for: three
 * quarters or more as Stunned (Very Easy 5), half or more as Wounded (Easy 10), a quarter or more as
 * Severely Wounded (Moderate 15), above 0 as Incapacitated (Difficult 20), 0 or less as Mortally
 * Wounded (Very Difficult 25). The world's healing difficulties when passed in.
 */
export function bodyPointsHealingDifficulty(
  value: number,
  max: number,
  table = WOUND_HEALING_DIFFICULTY,
): number | null {
  if (value >= max) return null;
  if (value <= 0) return table.mortallyWounded;
  if (value * 4 >= max * 3) return table.stunned;
  if (value * 2 >= max) return table.wounded;
  if (value * 4 >= max) return table.severelyWounded;
  return table.incapacitated;
}

/** The patient's state as healing reads it. */
export interface Patient {
  readonly mode: HealthMode;
  readonly wounds: WoundLevel;
  readonly bodyPoints: { readonly value: number; readonly max: number };
}

/** What a healing roll must reach for this patient; null when there is nothing to heal. */
export function healingDifficulty(patient: Patient, table = WOUND_HEALING_DIFFICULTY): number | null {
  if (patient.mode === "bodyPoints") {
    return bodyPointsHealingDifficulty(patient.bodyPoints.value, patient.bodyPoints.max, table);
  }
  return patient.wounds === "none" ? null : table[patient.wounds];
}

/** One Wound level better: Mortally Wounded to Incapacitated, ..., Stunned to unhurt. */
export function healedLevel(level: WoundLevel): WoundLevel {
  return WOUND_LEVELS[Math.max(0, WOUND_LEVELS.indexOf(level) - 1)]!;
}

/**
 * The Body Points healing chart: what a natural healing (Physique) total brings back, as a code rolled
 * for it. 0 or less nothing; 1–5 two points; 6–10 1D; then 1D more for every 5, up to 6D past 30.
 */
export function naturalBodyPoints(total: number): string {
  if (!(total > 0)) return "0D";
  if (total <= 5) return "0D+2";
  return `${Math.min(6, Math.ceil((total - 5) / 5))}D`;
}

/** What a successful medicine roll brings back with Body Points. */
export const MEDICINE_BODY_POINTS = "2D";

/** The code rolled for the Body Points a healing roll brings back (before it is known to succeed). */
export function recoveryCode(method: HealingMethod, total: number): string {
  return method === "medicine" ? MEDICINE_BODY_POINTS : naturalBodyPoints(total);
}

/** What a healing roll does to one patient. */
export interface HealingResult {
  readonly difficulty: number | null;
  /** The roll reached the difficulty (natural healing with Body Points always counts: the chart reads the total). */
  readonly success: boolean;
  readonly woundsAfter: WoundLevel;
  readonly bodyPointsAfter: number;
}

/**
 * A healing roll's total on a patient: with Wound levels one level better when it meets the
 * difficulty; with Body Points the points recovered (rolled), never above the maximum, when a medicine
 * roll meets the difficulty or for natural healing whatever the chart gave.
 */
export function heal(input: {
  readonly method: HealingMethod;
  readonly patient: Patient;
  readonly total: number;
  /** The Body Points recovery roll's total (0 when none was rolled). */
  readonly recovered: number;
  /** The world's healing difficulties (the default ones when not given). */
  readonly table?: typeof WOUND_HEALING_DIFFICULTY;
}): HealingResult {
  const { patient } = input;
  const difficulty = healingDifficulty(patient, input.table);
  const unchanged = { woundsAfter: patient.wounds, bodyPointsAfter: patient.bodyPoints.value };
  if (difficulty === null) return { difficulty, success: false, ...unchanged };
  if (patient.mode === "bodyPoints") {
    const success = input.method === "natural" ? input.recovered > 0 : input.total >= difficulty;
    const after = success
      ? Math.min(patient.bodyPoints.max, patient.bodyPoints.value + Math.max(0, input.recovered))
      : patient.bodyPoints.value;
    return { difficulty, success, woundsAfter: patient.wounds, bodyPointsAfter: after };
  }
  const success = input.total >= difficulty;
  return { difficulty, success, ...unchanged, ...(success ? { woundsAfter: healedLevel(patient.wounds) } : {}) };
}
