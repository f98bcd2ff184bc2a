/**
 * How hurt an OpenD6 character is, and what that costs: Wound levels or Body Points (a world setting),
 * the penalty on every later roll, and where a new hit leaves the track. The text gives the damage
 * comparison only; the penalties and how wounds add up are our decisions (docs/rules-decisions.md).
 */
import { isOneOf } from "../../common";
import { WOUND_LEVELS, bodyPointsAfter, woundLevel, type WoundChartLine, type WoundLevel } from "./combat";

export type HealthMode = "wounds" | "bodyPoints";
export const HEALTH_MODES: readonly HealthMode[] = Object.freeze(["wounds", "bodyPoints"]);

/** Dice taken from every roll at each Wound level. */
export const WOUND_PENALTY: Readonly<Record<WoundLevel, number>> = Object.freeze({
  none: 0,
  stunned: 1,
  wounded: 1,
  severelyWounded: 2,
  incapacitated: 3,
  mortallyWounded: 3,
});

/** Levels at which a character can no longer act (the card and the sheet say so). */
export function outOfAction(level: WoundLevel): boolean {
  return level === "incapacitated" || level === "mortallyWounded";
}

/**
 * Why a character cannot act now, or null when it can: a Wound level that puts it out of action
 * (Incapacitated, Mortally Wounded, or Body Points at 0 or less), or being unconscious (a knockout).
 */
export function actionRefusal(level: WoundLevel, unconscious = false): "outOfAction" | "unconscious" | null {
  if (outOfAction(level)) return "outOfAction";
  return unconscious ? "unconscious" : null;
}

/**
 * A knockout's hours out cold: the attack's total less the combat difficulty (the text: "a number of
 * hours equal to difference between the combat skill total and the combat difficulty"), or less if
 * something wakes the target. A hit exactly on the difficulty leaves 0: out for moments.
 */
export function knockoutHours(total: number, difficulty: number): number {
  if (!Number.isFinite(total) || !Number.isFinite(difficulty))
    throw new RangeError("total and difficulty must be finite");
  return Math.max(0, Math.trunc(total - difficulty));
}

export function isWoundLevel(value: unknown): value is WoundLevel {
  return isOneOf(WOUND_LEVELS, value);
}

const rank = (level: WoundLevel) => WOUND_LEVELS.indexOf(level);

/**
 * The Wound level after a new wound: the worse of the two; a new wound of Wounded or worse on a
 * character already at that level or worse moves the track one step down (a second Stunned does not).
 */
export function woundAfter(current: WoundLevel, added: WoundLevel): WoundLevel {
  if (added === "none") return current;
  if (rank(added) > rank(current)) return added;
  if (rank(added) < rank("wounded")) return current;
  return WOUND_LEVELS[Math.min(rank(current) + 1, WOUND_LEVELS.length - 1)]!;
}

/**
 * The level a Body Points total counts as, for its penalty: above half the maximum none; half or less
 * Wounded; a quarter or less Severely Wounded; 0 or less Incapacitated.
 */
export function bodyPointsLevel(value: number, max: number): WoundLevel {
  if (value <= 0) return "incapacitated";
  if (max <= 0) return "none";
  if (value * 4 <= max) return "severelyWounded";
  if (value * 2 <= max) return "wounded";
  return "none";
}

/** What one hit does on the target's track. */
export interface HitResult {
  readonly mode: HealthMode;
  /** Damage total less resistance total (0 when not injured). */
  readonly excess: number;
  readonly injured: boolean;
  /** Wounds: the level this hit alone reaches, and the track before and after. */
  readonly hitLevel: WoundLevel;
  readonly woundsBefore: WoundLevel;
  readonly woundsAfter: WoundLevel;
  /** Body Points before and after. */
  readonly bodyPointsBefore: number;
  readonly bodyPointsAfter: number;
}

/** A damage total against a resistance total, on the target's track as it stands. */
export function resolveHit(input: {
  readonly mode: HealthMode;
  readonly damage: number;
  readonly resistance: number;
  readonly wounds: WoundLevel;
  readonly bodyPoints: number;
  readonly chart?: readonly WoundChartLine[];
}): HitResult {
  const excess = Math.max(0, input.damage - input.resistance);
  const injured = excess > 0;
  if (input.mode === "bodyPoints") {
    return {
      mode: "bodyPoints",
      excess,
      injured,
      hitLevel: "none",
      woundsBefore: input.wounds,
      woundsAfter: input.wounds,
      bodyPointsBefore: input.bodyPoints,
      bodyPointsAfter: bodyPointsAfter({
        bodyPoints: input.bodyPoints,
        damage: input.damage,
        resistance: input.resistance,
      }),
    };
  }
  const hitLevel = woundLevel(excess, input.chart);
  return {
    mode: "wounds",
    excess,
    injured,
    hitLevel,
    woundsBefore: input.wounds,
    woundsAfter: woundAfter(input.wounds, hitLevel),
    bodyPointsBefore: input.bodyPoints,
    bodyPointsAfter: input.bodyPoints,
  };
}

/**
 * A knockout's hit: unconscious when the whole hit reaches two Wound levels (Wounded or worse) or half
 * the maximum Body Points; either way the target takes only half the levels or Body Points (rounded down).
 */
export function knockoutHit(hit: HitResult, maxBodyPoints: number): { hit: HitResult; unconscious: boolean } {
  if (hit.mode === "bodyPoints") {
    const loss = hit.bodyPointsBefore - hit.bodyPointsAfter;
    return {
      hit: { ...hit, bodyPointsAfter: hit.bodyPointsBefore - Math.floor(loss / 2) },
      unconscious: loss > 0 && loss * 2 >= maxBodyPoints,
    };
  }
  const levels = rank(hit.hitLevel);
  const halved = WOUND_LEVELS[Math.floor(levels / 2)]!;
  return {
    hit: { ...hit, hitLevel: halved, woundsAfter: woundAfter(hit.woundsBefore, halved) },
    unconscious: levels >= 2,
  };
}

/** What one hit does to its target, as the GM's apply writes it and the outcome odds count it. */
export interface HitOutcome {
  /** The hit on the track (halved by a knockout). */
  readonly hit: HitResult;
  /** A knockout put the target out cold. */
  readonly unconscious: boolean;
  /** The target's Wound level or Body Points change. */
  readonly changed: boolean;
  /** The hit leaves the target out of action (Incapacitated, Mortally Wounded, Body Points at 0 or less). */
  readonly down: boolean;
}

/**
 * A damage total against a resistance total on the target's track as it stands, with a knockout's
 * halving when the attack was one: the one judgement the GM's apply and `outcomeOdds` share.
 */
export function hitOutcome(input: {
  readonly mode: HealthMode;
  readonly damage: number;
  readonly resistance: number;
  readonly wounds: WoundLevel;
  readonly bodyPoints: number;
  readonly maxBodyPoints: number;
  readonly chart?: readonly WoundChartLine[];
  readonly knockout?: boolean;
}): HitOutcome {
  const whole = resolveHit(input);
  const knockout = input.knockout ? knockoutHit(whole, input.maxBodyPoints) : null;
  const hit = knockout?.hit ?? whole;
  const unconscious = knockout?.unconscious === true;
  const changed =
    hit.mode === "wounds" ? hit.woundsAfter !== hit.woundsBefore : hit.bodyPointsAfter !== hit.bodyPointsBefore;
  const down =
    !unconscious && hit.injured && (hit.mode === "wounds" ? outOfAction(hit.woundsAfter) : hit.bodyPointsAfter <= 0);
  return { hit, unconscious, changed, down };
}
