/**
 * OpenD6 combat numbers: the optional damage bonus, active defenses, scale, wounds and Body Points,
 * and the multi-action penalty. Decisions where the text is silent follow shared/rules/README.md.
 */
import { isOneOf } from "../../common";

const finite = (value: unknown, name: string): number => {
  if (typeof value !== "number" || !Number.isFinite(value)) throw new RangeError(`${name} must be a finite number`);
  return value;
};

/** The optional damage bonus: (total − difficulty) / 5, rounded up; 0 when the total is not above it. */
export function damageBonus(total: number, difficulty: number): number {
  const over = finite(total, "total") - finite(difficulty, "difficulty");
  return over > 0 ? Math.ceil(over / 5) : 0;
}

/** An active defense's value: a full defense is the roll + 10, a partial one the roll itself. */
export function activeDefense(kind: "full" | "partial", roll: number): number {
  if (kind !== "full" && kind !== "partial") throw new RangeError(`Not an active defense: ${String(kind)}`);
  return finite(roll, "roll") + (kind === "full" ? 10 : 0);
}

/** What scale gives each total of an attack. */
export interface ScaleModifiers {
  readonly skill: number;
  readonly difficulty: number;
  readonly damage: number;
  readonly resistance: number;
}

/**
 * Scale between an attacker and a defender (signed values: Human 0, smaller negative, larger
 * positive). The modifier is the difference: a larger attacker adds it to the combat difficulty and
 * to its damage total; a smaller one adds it to its skill total and to the defender's resistance.
 */
export function scale(attacker: number, defender: number): ScaleModifiers {
  const a = finite(attacker, "attacker");
  const d = finite(defender, "defender");
  const m = Math.abs(a - d);
  if (a > d) return { skill: 0, difficulty: m, damage: m, resistance: 0 };
  if (a < d) return { skill: m, difficulty: 0, damage: 0, resistance: m };
  return { skill: 0, difficulty: 0, damage: 0, resistance: 0 };
}

export const WOUND_LEVELS = Object.freeze([
  "none",
  "stunned",
  "wounded",
  "severelyWounded",
  "incapacitated",
  "mortallyWounded",
] as const);
export type WoundLevel = (typeof WOUND_LEVELS)[number];

/** One line of a Wound-level chart: from this much damage past resistance, this level. */
export interface WoundChartLine {
  readonly from: number;
  readonly level: string;
}

/** The default chart (D6 Adventure's, our decision): 1-3, 4-8, 9-12, 13-15, 16 and more. */
export const WOUND_CHART: readonly WoundChartLine[] = Object.freeze([
  { from: 1, level: "stunned" },
  { from: 4, level: "wounded" },
  { from: 9, level: "severelyWounded" },
  { from: 13, level: "incapacitated" },
  { from: 16, level: "mortallyWounded" },
]);

const isWoundLevel = (value: unknown): value is WoundLevel => isOneOf(WOUND_LEVELS, value);

/**
 * The Wound level of damage past resistance (damage total − resistance total): the highest line of
 * the chart it reaches; "none" at 0 or less or below the first line. A world's edited chart is
 * passed in; lines whose level is unknown are ignored.
 */
export function woundLevel(excess: number, chart: readonly WoundChartLine[] = WOUND_CHART): WoundLevel {
  const e = finite(excess, "excess");
  let level: WoundLevel = "none";
  let reached = -Infinity;
  for (const line of chart) {
    if (!isWoundLevel(line?.level) || typeof line.from !== "number" || !Number.isFinite(line.from)) continue;
    if (e >= line.from && line.from > reached && e > 0) {
      reached = line.from;
      level = line.level;
    }
  }
  return level;
}

/** Body Points after a hit: less what the damage total exceeds the resistance total by (never more). */
export function bodyPointsAfter(input: { bodyPoints: number; damage: number; resistance: number }): number {
  const loss = Math.max(0, finite(input.damage, "damage") - finite(input.resistance, "resistance"));
  return finite(input.bodyPoints, "bodyPoints") - loss;
}

/** The die code taken from every roll of a round with this many actions: "0D" for one, "1D" for two. */
export function multiActionPenalty(actions: number): string {
  if (!Number.isInteger(actions) || actions < 0 || actions > 100) {
    throw new RangeError(`Not a number of actions: ${String(actions)}`);
  }
  return `${Math.max(0, actions - 1)}D`;
}
