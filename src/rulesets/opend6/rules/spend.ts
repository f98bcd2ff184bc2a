/**
 * Character Points and Fate Points spent after a roll: what each adds to the roll's dice, when it may
 * be spent, and how the rolls a card holds add up. A Character Point adds one die that explodes on 6
 * and never complicates; a Fate Point doubles the roll's dice, so after the roll it adds as many plain
 * dice as the code rolled (the Wild Die already rolled stays the only one). Plain data in and out.
 */
import { isOneOf } from "../../common";
import { MAX_CP_PER_ROLL } from "./check";

export const SPENDS = Object.freeze(["characterPoint", "fatePoint"] as const);
export type SpendKind = (typeof SPENDS)[number];

export function isSpendKind(value: unknown): value is SpendKind {
  return isOneOf(SPENDS, value);
}

/** The formula a spend after the roll rolls: one Character Point die, or the code's dice again, plain. */
export function spendFormula(kind: SpendKind, codeDice: number): string | null {
  if (kind === "characterPoint") return "0D+1CP";
  return Number.isInteger(codeDice) && codeDice > 0 ? `${codeDice}d6` : null;
}

/** What was spent on one roll: before it (the dialog's choices) and after it (the spends' rolls). */
export interface Spent {
  readonly characterPoints: number;
  readonly fatePoint: boolean;
}

/** The points the actor has left. */
export interface Purse {
  readonly characterPoints: number;
  readonly fatePoints: number;
}

/**
 * Why a spend cannot be made (the last part of an i18n key), or null: no point left, a second Fate
 * Point on one roll (before or after it), more Character Points than a roll takes, or a Fate Point on
 * a roll with no dice to double.
 */
export function spendRefusal(kind: SpendKind, input: { before: Spent; after: Spent; purse: Purse; codeDice: number }) {
  if (kind === "characterPoint") {
    if (input.purse.characterPoints < 1) return "noCharacterPoints";
    if (input.before.characterPoints + input.after.characterPoints >= MAX_CP_PER_ROLL) return "tooManyCharacterPoints";
    return null;
  }
  if (input.purse.fatePoints < 1) return "noFatePoints";
  if (input.before.fatePoint || input.after.fatePoint) return "fateTwice";
  if (spendFormula("fatePoint", input.codeDice) === null) return "nothingToDouble";
  return null;
}

/** A roll of a card as the spends read it: its canonical formula, its total and what it was rolled for. */
export interface SpendRoll {
  readonly formula: string;
  readonly total: number;
  readonly request: unknown;
}

/** One spend on a card: its kind, the roll that carries its dice, and what they came to. */
export interface SpendRecord {
  readonly kind: SpendKind;
  readonly roll: number;
  readonly total: number;
}

/** The spends after roll `of` and what they add to its total. */
export interface SpendsOf {
  readonly spends: readonly SpendRecord[];
  readonly after: Spent;
  readonly total: number;
}

const requestOf = (request: unknown): { spend?: unknown; of?: unknown } =>
  request && typeof request === "object" ? (request as { spend?: unknown; of?: unknown }) : {};

/**
 * The spends made after roll `of` of a card: each roll whose request names a spend on it. A spend
 * roll that is not what its kind rolls (another formula, a second Fate Point) throws a RangeError.
 */
export function spendsOf(rolls: ReadonlyArray<SpendRoll | null>, of: number, codeDice: number): SpendsOf {
  const spends: SpendRecord[] = [];
  let characterPoints = 0;
  let fatePoint = false;
  let total = 0;
  rolls.forEach((roll, index) => {
    const request = requestOf(roll?.request);
    if (!roll || request.spend === undefined || request.of !== of) return;
    const kind = request.spend;
    if (!isSpendKind(kind) || roll.formula !== spendFormula(kind, codeDice)) {
      throw new RangeError(`roll ${index} is not a spend on roll ${of}`);
    }
    if (kind === "fatePoint") {
      if (fatePoint) throw new RangeError(`roll ${index} is a second Fate Point on roll ${of}`);
      fatePoint = true;
    } else characterPoints += 1;
    total += roll.total;
    spends.push({ kind, roll: index, total: roll.total });
  });
  return { spends, after: { characterPoints, fatePoint }, total };
}
