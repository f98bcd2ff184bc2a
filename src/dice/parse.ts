import { NotationError, type NotationErrorCode } from "./errors";
import { LIMITS } from "./limits";
import type { DiceGroup, RollPlan } from "./plan";

/** One term of a formula, as written, with the sign the formula gives it. */
type Term =
  | { kind: "keep"; rolled: number; kept: number; explode: number | undefined; at: number }
  | { kind: "fudge"; dice: number; at: number }
  | { kind: "code"; dice: number; at: number }
  | { kind: "cp"; dice: number; at: number }
  | { kind: "dice"; count: number; sides: number; at: number }
  | { kind: "number"; value: number; at: number };

const ENGLISH: Record<NotationErrorCode, string> = {
  empty: "The formula is empty",
  tooLong: "The formula is too long",
  unexpected: "Unexpected character",
  expectedNumber: "A number is missing",
  numberTooLarge: "A number is too large",
  mixed: "Different kinds of dice cannot be mixed in one roll",
  tooManyDice: "Too many dice in one roll",
  explodeEveryFace: "Every face would explode",
  explodeNever: "No face can reach the explosion number",
  noFudgeDice: "A FUDGE roll needs at least one die",
  badSides: "A die needs at least two sides",
  negativeCode: "A die code cannot drop below 0D",
  mixedExplosions: "Pools explode on different numbers",
  oddsTooLarge: "The exact odds are too costly to compute",
};

function fail(code: NotationErrorCode, formula: string, at: number, data: Record<string, string> = {}): never {
  throw new NotationError(code, formula, at, { formula, position: String(at + 1), ...data }, ENGLISH[code]);
}

class Scanner {
  i = 0;
  constructor(readonly text: string) {}
  skipSpace(): void {
    while (this.i < this.text.length && /\s/.test(this.text[this.i]!)) this.i += 1;
  }
  peek(): string {
    return this.text[this.i] ?? "";
  }
  done(): boolean {
    this.skipSpace();
    return this.i >= this.text.length;
  }
  int(): number | undefined {
    const start = this.i;
    while (/[0-9]/.test(this.peek())) this.i += 1;
    if (this.i === start) return undefined;
    const digits = this.text.slice(start, this.i);
    const value = Number(digits);
    if (digits.length > 6 || value > LIMITS.maxNumber) {
      fail("numberTooLarge", this.text, start, { limit: String(LIMITS.maxNumber) });
    }
    return value;
  }
}

/** Parses one term; `negativeCount` is a unary minus, which a keep pool takes as its dice count (`-1k1`). */
function term(s: Scanner, negativeCount: boolean): Term {
  s.skipSpace();
  const at = s.i;
  const count = s.int();
  const c = s.peek();
  if (c === "k" || c === "K") {
    if (count === undefined) fail("expectedNumber", s.text, at);
    s.i += 1;
    const keptAt = s.i;
    const kept = s.int();
    if (kept === undefined) fail("expectedNumber", s.text, keptAt);
    let explode: number | undefined;
    if (s.peek() === "x" || s.peek() === "X") {
      const xAt = s.i;
      s.i += 1;
      explode = s.int() ?? 10;
      if (explode <= 1) fail("explodeEveryFace", s.text, xAt, { sides: "10" });
      if (explode > 10) fail("explodeNever", s.text, xAt, { sides: "10" });
    }
    return { kind: "keep", rolled: negativeCount ? -count : count, kept, explode, at };
  }
  if (c === "d" && /[fF]/.test(s.text[s.i + 1] ?? "")) {
    s.i += 2;
    const dice = count ?? 1;
    if (dice < 1) fail("noFudgeDice", s.text, at);
    return { kind: "fudge", dice, at };
  }
  if (c === "d") {
    s.i += 1;
    const sidesAt = s.i;
    const sides = s.int();
    if (sides === undefined) fail("expectedNumber", s.text, sidesAt);
    if (sides < 2 || sides > LIMITS.maxSides) fail("badSides", s.text, sidesAt, { limit: String(LIMITS.maxSides) });
    return { kind: "dice", count: count ?? 1, sides, at };
  }
  if (c === "D") {
    if (count === undefined) fail("expectedNumber", s.text, at);
    s.i += 1;
    return { kind: "code", dice: count, at };
  }
  if ((c === "C" || c === "c") && /[pP]/.test(s.text[s.i + 1] ?? "")) {
    if (count === undefined) fail("expectedNumber", s.text, at);
    s.i += 2;
    return { kind: "cp", dice: count, at };
  }
  if (count === undefined) {
    if (s.i >= s.text.length) fail("expectedNumber", s.text, at);
    fail("unexpected", s.text, at, { character: c });
  }
  return { kind: "number", value: count, at };
}

function readTerms(formula: string): Array<{ sign: 1 | -1; term: Term }> {
  const s = new Scanner(formula);
  const out: Array<{ sign: 1 | -1; term: Term }> = [];
  s.skipSpace();
  let sign: 1 | -1 = 1;
  let unary = false;
  if (s.peek() === "-") {
    unary = true;
    s.i += 1;
  } else if (s.peek() === "+") s.i += 1;
  for (;;) {
    s.skipSpace();
    if (out.length > 0 && s.peek() === "-") {
      unary = true;
      s.i += 1;
    }
    const t = term(s, unary);
    // A unary minus binds to a keep pool's dice count (-1k1: Negative Dice); elsewhere it negates the term.
    out.push({ sign: unary && t.kind !== "keep" ? (-sign as 1 | -1) : sign, term: t });
    unary = false;
    if (s.done()) return out;
    const op = s.peek();
    if (op !== "+" && op !== "-") fail("unexpected", formula, s.i, { character: op });
    sign = op === "-" ? -1 : 1;
    s.i += 1;
    if (s.done()) fail("expectedNumber", formula, s.i);
  }
}

type Family = "keep" | "fudge" | "code" | "sum";
const FAMILY: Record<Term["kind"], Family | undefined> = {
  keep: "keep",
  fudge: "fudge",
  code: "code",
  cp: "code",
  dice: "sum",
  number: undefined,
};

/**
 * Parses dice notation into a plan: keep dice (`7k3 + 1k0 - 2k0` is `6k3`, `8k4x9 + 5`), FUDGE
 * (`4dF+2`), OpenD6 die codes (`3D+2`, Character Point dice as `+1CP`) and ordinary sums
 * (`1d20+5`). Throws NotationError, never returns a silent zero.
 */
export function parse(formula: string): RollPlan {
  if (formula.length > LIMITS.maxFormulaLength) {
    fail("tooLong", formula.slice(0, 40), LIMITS.maxFormulaLength, { limit: String(LIMITS.maxFormulaLength) });
  }
  if (formula.trim() === "") fail("empty", formula, 0);
  const terms = readTerms(formula);

  let family: Family | undefined;
  for (const { term: t } of terms) {
    const f = FAMILY[t.kind];
    if (!f) continue;
    if (family && f !== family) fail("mixed", formula, t.at);
    family ??= f;
  }
  const modifier = terms.reduce((sum, { sign, term: t }) => (t.kind === "number" ? sum + sign * t.value : sum), 0);
  // Sums are bounded like the numbers they add up, so every plan has a canonical formula that parses.
  const bounded = (n: number) => {
    if (Math.abs(n) > LIMITS.maxNumber) fail("numberTooLarge", formula, 0, { limit: String(LIMITS.maxNumber) });
  };
  bounded(modifier);
  const dice = (n: number, at: number) => {
    if (n > LIMITS.maxDice) fail("tooManyDice", formula, at, { count: String(n), limit: String(LIMITS.maxDice) });
  };

  switch (family ?? "sum") {
    case "keep": {
      let rolled = 0;
      let kept = 0;
      let explode: number | undefined;
      for (const { sign, term: t } of terms) {
        if (t.kind !== "keep") continue;
        rolled += sign * t.rolled;
        kept += sign * t.kept;
        if (t.explode !== undefined) {
          if (explode !== undefined && explode !== t.explode) fail("mixedExplosions", formula, t.at);
          explode = t.explode;
        }
      }
      bounded(kept);
      dice(rolled > 0 ? rolled : 1 - rolled, 0);
      return { kind: "keep", rolled, kept, explode, modifier };
    }
    case "fudge": {
      let n = 0;
      for (const { sign, term: t } of terms) if (t.kind === "fudge") n += sign * t.dice;
      if (n < 1) fail("noFudgeDice", formula, 0);
      dice(n, 0);
      return { kind: "fudge", dice: n, modifier };
    }
    case "code": {
      let codeDice = 0;
      let characterPoints = 0;
      for (const { sign, term: t } of terms) {
        if (t.kind === "code") codeDice += sign * t.dice;
        if (t.kind === "cp") characterPoints += sign * t.dice;
      }
      if (characterPoints < 0 || codeDice < 0) fail("negativeCode", formula, 0);
      // Three pips make a die (3D+3 is 4D); a penalty stays a penalty (1D-2 still rolls a die).
      let pips = modifier;
      while (pips >= 3) {
        codeDice += 1;
        pips -= 3;
      }
      dice(codeDice + characterPoints, 0);
      return { kind: "code", dice: codeDice, pips, characterPoints };
    }
    case "sum": {
      const groups: DiceGroup[] = [];
      let count = 0;
      for (const { sign, term: t } of terms) {
        if (t.kind !== "dice" || t.count === 0) continue;
        groups.push({ count: t.count, sides: t.sides, sign });
        count += t.count;
        dice(count, t.at);
      }
      return { kind: "sum", groups, modifier };
    }
  }
}

function signed(n: number): string {
  return n === 0 ? "" : n > 0 ? `+${n}` : `${n}`;
}

/** The canonical text of a plan; parse(format(plan)) gives the plan back. */
export function format(plan: RollPlan): string {
  switch (plan.kind) {
    case "keep": {
      const x = plan.explode === undefined ? "" : plan.explode === 10 ? "x" : `x${plan.explode}`;
      // A keep count below zero (only reachable by arithmetic) is written as a subtracted pool.
      const keep = plan.kept < 0 ? `0${x}-0k${-plan.kept}` : `${plan.kept}${x}`;
      return `${plan.rolled}k${keep}${signed(plan.modifier)}`;
    }
    case "fudge":
      return `${plan.dice}dF${signed(plan.modifier)}`;
    case "code":
      return `${plan.dice}D${signed(plan.pips)}${plan.characterPoints ? `+${plan.characterPoints}CP` : ""}`;
    case "sum": {
      const dice = plan.groups.map((g, i) => `${g.sign < 0 ? "-" : i > 0 ? "+" : ""}${g.count}d${g.sides}`).join("");
      if (!dice) return String(plan.modifier);
      return `${dice}${signed(plan.modifier)}`;
    }
  }
}
