import type { AppliedMark, Card } from "../../../play/card";
import type { CardViewContext } from "../../../play/kind";
import {
  ATTRIBUTE_KEYS,
  CALLED_SHOT_KEYS,
  COVER_KEYS,
  DEFENSE_KEYS,
  LIGHTING_KEYS,
  LOCATION_KEYS,
  MANEUVER_KEYS,
  SMOKE_KEYS,
  POSTURE_KEYS,
  RANGE_KEYS,
  SKILL_KEYS,
  WOUND_KEYS,
} from "../data/labels";
import { UNWIELDY_MODIFIER, activeDefense, isWoundLevel, type HealthMode, type WoundLevel } from "../rules";
import type { OpenD6AttackData, OpenD6AttackRow, OpenD6CheckData, RolledTrait } from "./card-data";
import type { OpenD6RollChoices } from "./dialog-form";
import { outcomeView } from "../../../play/outcome-line";
import { rowOutcome } from "./outcomes";

/** What applying a hit did, as the card's row shows it (the summary an apply stores). */
export interface OpenD6AppliedSummary {
  readonly mode: HealthMode;
  readonly damage: number;
  readonly resistance: number;
  readonly excess: number;
  readonly hitLevel: WoundLevel;
  readonly woundsBefore: WoundLevel;
  readonly woundsAfter: WoundLevel;
  readonly bodyPointsBefore: number;
  readonly bodyPointsAfter: number;
  /** The target's resistance had changed since the card: the GM rolled it again. */
  readonly resistanceRerolled: boolean;
  /** A knockout that put the target out cold. */
  readonly knockedOut?: boolean;
  /** How many hours a knockout keeps the target out (the attack's total less the difficulty), or until woken. */
  readonly knockoutHours?: number;
  /** A knockdown, push or trip: the target stumbled (−2D from its next Reflexes roll). */
  readonly stumbled?: boolean;
  /** A disarm: the weapon aimed at, the target's grip roll, and whether it dropped. */
  readonly disarm?: { readonly weapon: string; readonly grip: number; readonly dropped: boolean };
  /** The status the hit put on the target (held, or down). */
  readonly status?: "restrain" | "prone" | null;
}

export function traitKey(trait: RolledTrait): string {
  return trait.kind === "attribute"
    ? ATTRIBUTE_KEYS[trait.id as keyof typeof ATTRIBUTE_KEYS].label
    : SKILL_KEYS[trait.id]!;
}

/** The choices that changed the roll, as i18n keys with their data. */
function choiceNotes(choices: OpenD6RollChoices, woundPenalty: number) {
  const notes: Array<{ key: string; data: Record<string, string> }> = [];
  if (woundPenalty) notes.push({ key: "ANTHOLOGY.OpenD6.Card.woundPenalty", data: { dice: String(woundPenalty) } });
  if (choices.actions > 1)
    notes.push({
      key: "ANTHOLOGY.OpenD6.Card.actions",
      data: { actions: String(choices.actions), dice: String(choices.actions - 1) },
    });
  if (choices.aim) notes.push({ key: "ANTHOLOGY.OpenD6.Card.aim", data: { dice: String(choices.aim) } });
  if (choices.bonusDice)
    notes.push({ key: "ANTHOLOGY.OpenD6.Card.bonusDice", data: { dice: String(choices.bonusDice) } });
  if (choices.characterPoints)
    notes.push({ key: "ANTHOLOGY.OpenD6.Card.characterPoints", data: { count: String(choices.characterPoints) } });
  if (choices.fatePoint) notes.push({ key: "ANTHOLOGY.OpenD6.Card.fatePoint", data: {} });
  if (choices.stumbled) notes.push({ key: "ANTHOLOGY.OpenD6.Card.stumbledRoll", data: {} });
  if (choices.maneuver === "acrobatics")
    notes.push({
      key: "ANTHOLOGY.OpenD6.Card.acrobatics",
      data: { total: String(choices.acrobaticsTotal ?? 0), difficulty: String(choices.acrobaticsDifficulty ?? 0) },
    });
  return notes;
}

/** The points spent after a roll, each with its dice. */
function spendsView(spends: OpenD6CheckData["spends"], context: CardViewContext) {
  return (spends ?? []).map((s) => ({
    key: s.kind === "fatePoint" ? "ANTHOLOGY.OpenD6.Card.spentFatePoint" : "ANTHOLOGY.OpenD6.Card.spentCharacterPoint",
    total: s.total,
    rollHtml: context.rollHtml[s.roll] ?? "",
  }));
}

/** A check card: the trait, the roll, and the result against the difficulty (or the total for the GM). */
export function checkCardView(card: Card<OpenD6CheckData, Record<string, never>>, context: CardViewContext) {
  const d = card.data;
  return {
    actorName: card.actor?.name ?? "",
    traitKey: traitKey(d.trait),
    code: d.code,
    formula: d.formula,
    notes: choiceNotes(d.choices, d.woundPenalty),
    rollHtml: context.rollHtml[0] ?? "",
    spends: spendsView(d.spends, context),
    total: d.total,
    difficulty: d.difficulty,
    complication: d.complication,
    defense: d.choices.defense
      ? {
          key:
            d.choices.defense === "full" ? "ANTHOLOGY.OpenD6.Card.fullDefense" : "ANTHOLOGY.OpenD6.Card.partialDefense",
          value: activeDefense(d.choices.defense, d.total),
        }
      : null,
    resultKey:
      d.success === null ? null : d.success ? "ANTHOLOGY.OpenD6.Card.success" : "ANTHOLOGY.OpenD6.Card.failure",
    tone: d.success === null ? "note" : d.success ? "good" : "bad",
  };
}

const level = (value: unknown): WoundLevel => (isWoundLevel(value) ? value : "none");

/** An applied row's summary as the template shows it; null until applied. */
export function appliedView(mark: AppliedMark | null) {
  if (!mark) return null;
  const s = mark.summary as Partial<OpenD6AppliedSummary>;
  const bodyPoints = s.mode === "bodyPoints";
  return {
    damage: s.damage ?? 0,
    resistance: s.resistance ?? 0,
    excess: s.excess ?? 0,
    injured: (s.excess ?? 0) > 0,
    bodyPoints,
    hitLevelKey: WOUND_KEYS[level(s.hitLevel)],
    woundsBeforeKey: WOUND_KEYS[level(s.woundsBefore)],
    woundsAfterKey: WOUND_KEYS[level(s.woundsAfter)],
    bodyPointsBefore: s.bodyPointsBefore ?? 0,
    bodyPointsAfter: s.bodyPointsAfter ?? 0,
    resistanceRerolled: s.resistanceRerolled === true,
    knockedOut: s.knockedOut === true,
    knockoutHours: typeof s.knockoutHours === "number" ? s.knockoutHours : null,
    stumbled: s.stumbled === true,
    disarm: s.disarm
      ? { weapon: String(s.disarm.weapon ?? ""), grip: Number(s.disarm.grip ?? 0), dropped: s.disarm.dropped === true }
      : null,
    statusKey:
      s.status === "restrain"
        ? "ANTHOLOGY.OpenD6.Card.held"
        : s.status === "prone"
          ? "ANTHOLOGY.OpenD6.Card.thrown"
          : null,
  };
}

const html = (context: CardViewContext, index: number | null) =>
  index === null ? "" : (context.rollHtml[index] ?? "");

/** The attack card: the roll once, then a row per target with its difficulty, the result, and a hit's damage. */
export function attackCardView(card: Card<OpenD6AttackData, OpenD6AttackRow>, context: CardViewContext) {
  const d = card.data;
  const c = d.choices;
  return {
    actorName: card.actor?.name ?? "",
    itemName: d.item?.name ?? "",
    unarmed: d.item === null,
    skillKey: SKILL_KEYS[d.weapon.skill] ?? "",
    code: d.code,
    formula: d.formula,
    damageCode: d.damageCode,
    notes: [
      ...choiceNotes(c, d.woundPenalty),
      ...(c.cover && c.cover !== "none" ? [{ key: COVER_KEYS[c.cover], data: {} }] : []),
      ...(c.posture && c.posture !== "standing" ? [{ key: POSTURE_KEYS[c.posture], data: {} }] : []),
      ...(c.maneuver && c.maneuver !== "none" ? [{ key: MANEUVER_KEYS[c.maneuver], data: {} }] : []),
      ...(c.calledShot && c.calledShot !== "none" ? [{ key: CALLED_SHOT_KEYS[c.calledShot], data: {} }] : []),
      ...(c.location && c.location !== "none" ? [{ key: LOCATION_KEYS[c.location], data: {} }] : []),
      ...((c.shots ?? 1) > 1 ? [{ key: "ANTHOLOGY.OpenD6.Card.shots", data: { count: String(c.shots) } }] : []),
      ...(c.quickDraw ? [{ key: "ANTHOLOGY.OpenD6.Card.quickDraw", data: { dice: String(c.quickDraw) } }] : []),
      ...(c.twoWeapons ? [{ key: "ANTHOLOGY.OpenD6.Card.twoWeapons", data: {} }] : []),
      ...(c.lighting && c.lighting !== "none" ? [{ key: LIGHTING_KEYS[c.lighting], data: {} }] : []),
      ...(c.smoke && c.smoke !== "none" ? [{ key: SMOKE_KEYS[c.smoke], data: {} }] : []),
      ...(c.unwieldy ? [{ key: "ANTHOLOGY.OpenD6.Card.unwieldy", data: { modifier: `+${UNWIELDY_MODIFIER}` } }] : []),
      ...(c.modifier
        ? [
            {
              key: "ANTHOLOGY.OpenD6.Card.modifier",
              data: { modifier: c.modifier > 0 ? `+${c.modifier}` : `\u2212${-c.modifier}` },
            },
          ]
        : []),
    ],
    rangeKey: RANGE_KEYS[c.range ?? "short"],
    rollHtml: html(context, d.attackRoll),
    spends: spendsView(d.spends, context),
    total: d.total,
    complication: d.complication,
    noTarget: card.targets.length === 0,
    rows: card.targets.map((t, index) => {
      // The chances this attack had against the row's target, from the card's own data.
      const outcome = rowOutcome(card, t);
      return {
        index,
        name: t.name,
        outcomes: outcome ? [outcomeView(outcome)] : [],
        difficulty: t.data.difficulty.value,
        defense: t.data.difficulty.defense,
        activeKey: t.data.activeDefense ? DEFENSE_KEYS[t.data.activeDefense] : null,
        attack: t.data.attack,
        hit: t.data.hit,
        // A miss that still hurts: a blade's parry hurts the attacker, a body's block of a blade the blocker.
        harmed: t.data.hit || Boolean(t.data.struck),
        struckKey:
          t.data.struck === "parry"
            ? "ANTHOLOGY.OpenD6.Card.parried"
            : t.data.struck === "block"
              ? "ANTHOLOGY.OpenD6.Card.blocked"
              : null,
        parry: t.data.struck === "parry",
        resultKey: t.data.hit ? "ANTHOLOGY.OpenD6.Card.hit" : "ANTHOLOGY.OpenD6.Card.miss",
        tone: t.data.hit ? "good" : "bad",
        damage: t.data.damage,
        resistance: t.data.resistance,
        resistanceCode: t.data.resistanceCode,
        grip: t.data.grip ?? null,
        damageHtml: html(context, t.data.damageRoll) + html(context, t.data.resistanceRoll),
        applied: appliedView(t.applied),
      };
    }),
  };
}
