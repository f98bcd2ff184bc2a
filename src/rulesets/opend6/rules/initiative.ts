/**
 * OpenD6 initiative: the text's three methods (the first significant action keeps its order for the
 * scene; a Perception roll once a scene; a Perception roll every round), the optional initiative
 * bonus, and the order of die codes that settles who goes first without a roll.
 */
import { isOneOf } from "../../common";
import { parse } from "../../../dice/parse";
import { toFoundryFormula } from "../../../dice/foundry-notation";
import { normalize, toPips } from "./codes";

export const INITIATIVE_METHODS = Object.freeze(["firstAction", "scene", "round"] as const);
export type InitiativeMethod = (typeof INITIATIVE_METHODS)[number];

export function isInitiativeMethod(value: unknown): value is InitiativeMethod {
  return isOneOf(INITIATIVE_METHODS, value);
}

const dice = (code: string) => Math.floor(toPips(code) / 3);

/**
 * The optional initiative bonus: +1 for every 2D search adds over its attribute (rounded down), or for
 * every 4D of Reflexes (rounded down); the better of the two counts (docs/rules-decisions.md).
 */
export function initiativeBonus(reflexes: string, searchAdded: string): number {
  return Math.max(Math.floor(dice(searchAdded) / 2), Math.floor(dice(reflexes) / 4));
}

/** The codes that decide the order when nobody rolls, in the text's order after special abilities. */
export interface InitiativeCodes {
  readonly perception: string;
  readonly search: string;
  readonly reflexes: string;
  readonly dodge: string;
}

const twoDigits = (code: string) => String(Math.min(99, toPips(code))).padStart(2, "0");

/**
 * The order of die codes as one number, higher first: Perception's pips, then (as decimals, two digits
 * each) search, Reflexes and dodge, so a tie on one moves to the next. Perception 3D, search 4D,
 * Reflexes 3D+1, dodge 4D+1 read 9.121013.
 */
export function codeOrder(codes: InitiativeCodes): number {
  return Number(
    `${toPips(codes.perception)}.${twoDigits(codes.search)}${twoDigits(codes.reflexes)}${twoDigits(codes.dodge)}`,
  );
}

/**
 * Ties on initiative, in the text's order: "(2) Perception, (3) search, (4) Reflexes, (5) dodge" (the
 * first and the sixth, an ability or special equipment, are the GM's): the higher code first, moving
 * to the next on a tie. Below 0: `a` acts first; 0: the codes cannot tell them apart.
 */
export function initiativeTie(a: InitiativeCodes, b: InitiativeCodes): number {
  for (const key of ["perception", "search", "reflexes", "dodge"] as const) {
    const diff = toPips(b[key]) - toPips(a[key]);
    if (diff !== 0) return diff;
  }
  return 0;
}

/**
 * A combatant's initiative formula under a method: the first-significant-action method rolls nothing
 * (the order of codes, which the GM changes for whoever acts first); the other two roll Perception.
 * The optional bonus is added to the roll's total ("+1 to his initiative roll"), not folded into the
 * die code as pips (3D+2 with +1 rolls 3D and adds 3, never 4D): a die code's own pips fold into dice
 * in Anthology's notation, so the bonus is written after the code in Foundry's (`3dw + 2 + 1`).
 */
export function initiativeFormula(method: InitiativeMethod, codes: InitiativeCodes, bonus = 0): string {
  if (method === "firstAction") return String(codeOrder(codes));
  const code = normalize(codes.perception);
  const plus = Math.max(0, Math.trunc(bonus));
  if (plus === 0) return code;
  return `${toFoundryFormula(parse(code))!} + ${plus}`;
}

/** What a combatant's owner adds to an initiative roll: Character Point dice, and quick-drawn skill dice. */
export interface InitiativeExtras {
  /** "Spending one Character Point ... add the result of one extra Wild Die roll" (a die that explodes on 6). */
  readonly characterPoints: number;
  /** Quick draw: skill dice added to the Perception die code for this roll. */
  readonly quickDraw: number;
}

/**
 * The initiative roll with the owner's extras: Perception and the quick-drawn dice, the Character
 * Point dice, then the optional bonus added to the total (Foundry's notation: `5dwcp2 + 1`).
 */
export function initiativeWithExtras(perception: string, bonus: number, extras: InitiativeExtras): string {
  const cp = Math.max(0, Math.trunc(extras.characterPoints));
  const moved = Math.max(0, Math.trunc(extras.quickDraw));
  const pips = toPips(perception) + 3 * moved;
  const code = `${Math.floor(pips / 3)}D${pips % 3 ? `+${pips % 3}` : ""}${cp ? `+${cp}CP` : ""}`;
  const plus = Math.max(0, Math.trunc(bonus));
  const formula = toFoundryFormula(parse(code))!;
  return plus ? `${formula} + ${plus}` : formula;
}

/** Whether initiative is rolled again at the start of every round. */
export const rollsEveryRound = (method: InitiativeMethod): boolean => method === "round";
