import { ladderLabel, type LadderLabel } from "./ladder";
import type { DieResult, RollOutcome } from "./outcome";

/** One die on the chat card: its explosion chain as text (`10+7`), CSS classes and a tooltip key. */
export interface CardDie {
  readonly label: string;
  readonly className: string;
  readonly titleKey: string;
}

export interface CardBadge {
  readonly key: string;
  readonly tone: "good" | "bad" | "note";
}

/** Everything the roll card template shows, as plain data; Foundry-free and testable. */
/** The roll measured against a difficulty or an opponent's result. */
export interface CardVersus {
  readonly target: number;
  readonly resultKey: string;
  readonly tone: "good" | "bad" | "note";
  /** FUDGE: levels above (+) or below (-) the target, signed text. */
  readonly relativeDegree?: string;
  /** FUDGE: the target read on the ladder. */
  readonly targetLabel?: LadderLabel;
}

export interface Against {
  readonly target: number;
  /** An opposed roll: equal results are a stand-off rather than a success. */
  readonly opposed?: boolean;
}

export interface RollCard {
  readonly formula: string;
  readonly total: number;
  readonly impossible: boolean;
  readonly dice: readonly CardDie[];
  readonly badges: readonly CardBadge[];
  /** FUDGE: the rolled degree on the trait ladder. */
  readonly ladder?: LadderLabel;
  readonly versus?: CardVersus;
}

const FUDGE_FACE: Record<number, [string, string]> = {
  [-1]: ["\u2212", "minus"],
  0: ["\u00a0", "blank"],
  1: ["+", "plus"],
};

function cardDie(d: DieResult): CardDie {
  const classes = ["anthology-die", `d${d.sides}`, d.kept ? "kept" : "dropped"];
  let label = d.faces.join("+");
  if (d.fudge) {
    const [text, cls] = FUDGE_FACE[d.value]!;
    label = text;
    classes.push("fudge", cls);
  }
  if (d.value < 0 && !d.fudge) label = `\u2212${d.faces.join("+")}`;
  if (d.sides === 10 && d.faces[0] === 10) classes.push("natural-max");
  if (d.exploded) classes.push("exploded");
  if (d.capped) classes.push("capped");
  if (d.wild) classes.push("wild");
  if (d.characterPoint) classes.push("character-point");
  if (d.removed) classes.push("removed");
  const titleKey = d.removed
    ? "ANTHOLOGY.Dice.Card.removed"
    : d.wild
      ? "ANTHOLOGY.Dice.Card.wild"
      : d.characterPoint
        ? "ANTHOLOGY.Dice.Card.characterPoint"
        : d.kept
          ? "ANTHOLOGY.Dice.Card.kept"
          : "ANTHOLOGY.Dice.Card.dropped";
  return { label, className: classes.join(" "), titleKey };
}

const COMPLICATION_KEYS = {
  note: "ANTHOLOGY.Dice.Card.complicationNote",
  remove: "ANTHOLOGY.Dice.Card.complicationRemove",
  gm: "ANTHOLOGY.Dice.Card.complicationGm",
} as const;

function versus(outcome: RollOutcome, against: Against): CardVersus {
  const fudge = outcome.plan.kind === "fudge";
  const degree = outcome.total - against.target;
  const standoff = against.opposed === true && degree === 0 && !outcome.impossible;
  const success = !outcome.impossible && degree >= 0 && !standoff;
  return {
    target: against.target,
    resultKey: standoff
      ? "ANTHOLOGY.Dice.Card.standoff"
      : success
        ? "ANTHOLOGY.Dice.Card.success"
        : "ANTHOLOGY.Dice.Card.failure",
    tone: standoff ? "note" : success ? "good" : "bad",
    ...(fudge && !outcome.impossible
      ? { relativeDegree: degree > 0 ? `+${degree}` : String(degree), targetLabel: ladderLabel(against.target) }
      : {}),
  };
}

export function rollCard(outcome: RollOutcome, against?: Against): RollCard {
  const badges: CardBadge[] = [];
  if (outcome.impossible) badges.push({ key: "ANTHOLOGY.Dice.Card.impossible", tone: "bad" });
  if (outcome.critical) badges.push({ key: "ANTHOLOGY.Dice.Card.critical", tone: "good" });
  if (outcome.complication) badges.push({ key: COMPLICATION_KEYS[outcome.complicationRule ?? "note"], tone: "bad" });
  if (outcome.dice.some((d) => d.capped)) badges.push({ key: "ANTHOLOGY.Dice.Card.capped", tone: "note" });
  return {
    formula: outcome.formula,
    total: outcome.total,
    impossible: outcome.impossible,
    dice: outcome.dice.map(cardDie),
    badges,
    ...(outcome.plan.kind === "fudge" ? { ladder: ladderLabel(outcome.total) } : {}),
    ...(against ? { versus: versus(outcome, against) } : {}),
  };
}
