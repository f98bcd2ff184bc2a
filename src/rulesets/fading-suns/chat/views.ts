import type { AppliedMark, Card } from "../../../play/card";
import type { CardViewContext } from "../../../play/kind";
import {
  CHARACTERISTIC_KEYS,
  FIGHT_KEYS,
  FIRE_KEYS,
  PART_KEYS,
  RANGE_KEYS,
  SKILL_KEYS,
  TASK_KEYS,
} from "../data/labels";
import { isNaturalSkill, typedGoalValues, type FsTyped, type GoalOutcome, type GoalPart } from "../rules";
import { outcomeViews } from "../../../play/outcome-line";
import { attackSkill } from "./attack-math";
import { rowOutcome } from "./outcomes";
import type {
  FsAttackData,
  FsAttackRow,
  FsContestRow,
  FsGoalData,
  FsHoldData,
  FsKnockdownData,
  FsResistData,
} from "./card-data";

/** What applying a hit did, as the row shows it (the summary an apply stores). */
export interface FsAppliedSummary {
  readonly damage: number;
  readonly armor: number;
  readonly taken: number;
  readonly before: number;
  readonly after: number;
  readonly down: boolean;
}

export const OUTCOME_KEYS: Readonly<Record<GoalOutcome, string>> = Object.freeze({
  success: "ANTHOLOGY.FadingSuns.Card.success",
  critical: "ANTHOLOGY.FadingSuns.Card.critical",
  failure: "ANTHOLOGY.FadingSuns.Card.failure",
  criticalFailure: "ANTHOLOGY.FadingSuns.Card.criticalFailure",
});

const tone = (outcome: GoalOutcome) =>
  outcome === "success" || outcome === "critical" ? "good" : outcome === "criticalFailure" ? "bad" : "note";

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** The goal's modifiers as the card lists them. */
export function partsView(parts: readonly GoalPart[]) {
  return parts.map((p) => ({ key: PART_KEYS[p.id] ?? "ANTHOLOGY.FadingSuns.Part.other", value: signed(p.value) }));
}

const html = (context: CardViewContext, index: number) => context.rollHtml[index] ?? "";

/** A typed value with its value filled in ({value}), on the card and in the GM's notice. */
export const TYPED_VALUE_KEYS: Readonly<Record<string, string>> = Object.freeze({
  other: "ANTHOLOGY.FadingSuns.Typed.Value.other",
  complementary: "ANTHOLOGY.FadingSuns.Typed.Value.complementary",
});

/** What the roller typed (none: an empty list), for the GM to see before applying. */
export function typedView(choices: FsTyped): Array<{ key: string; value: string }> {
  return typedGoalValues(choices).map((t) => ({ key: TYPED_VALUE_KEYS[t.field]!, value: t.value }));
}

/** Why the reroll was rolled, if it was: a 20, or a critical in combat. */
function rerollKey(roll: number, reroll: number | null): string | null {
  if (reroll === null) return null;
  return roll === 20 ? "ANTHOLOGY.FadingSuns.Card.rerollTwenty" : "ANTHOLOGY.FadingSuns.Card.rerollCritical";
}

/** A goal roll card: what was rolled, the goal, the d20 (and reroll), the outcome and Victory Points. */
export function goalCardView(card: Card<FsGoalData, FsContestRow>, context: CardViewContext, needed = 0) {
  const d = card.data;
  const actorName = card.actor?.name ?? "";
  return {
    answer: d.link?.row != null,
    task: d.task
      ? { key: TASK_KEYS[d.task], total: d.total, needed, done: d.total >= needed, rolls: d.steps.length + 1 }
      : null,
    rows: card.targets.map((t, index) => {
      const r = t.data.result;
      return {
        index,
        name: t.name,
        result: r && {
          vp: r.vp,
          net: r.net,
          winner: r.winner === "push" ? null : r.winner === "a" ? actorName : t.name,
        },
      };
    }),
    actorName,
    characteristicKey: CHARACTERISTIC_KEYS[d.characteristic],
    skillKey: d.skill.kind === "natural" && isNaturalSkill(d.skill.id) ? SKILL_KEYS[d.skill.id] : null,
    skillName: d.skill.name,
    natural: d.natural,
    goal: d.goal,
    parts: partsView(d.parts),
    typed: typedView(d.choices),
    roll: d.roll,
    reroll: d.reroll,
    rerollKey: rerollKey(d.roll, d.reroll),
    rollHtml: html(context, 0),
    rerollHtml: d.reroll === null ? "" : html(context, 1),
    resultKey: OUTCOME_KEYS[d.outcome],
    tone: tone(d.outcome),
    victoryPoints: d.victoryPoints,
    combat: d.combat,
  };
}

/** An applied row's summary as the template shows it; null until applied. */
export function appliedView(mark: AppliedMark | null) {
  if (!mark) return null;
  const s = mark.summary as Partial<FsAppliedSummary>;
  return {
    damage: s.damage ?? 0,
    armor: s.armor ?? 0,
    taken: s.taken ?? 0,
    before: s.before ?? 0,
    after: s.after ?? 0,
    hurt: (s.taken ?? 0) > 0,
    down: s.down === true,
  };
}

/** The attack card: the roll once, then a row per target with its Defense, goal, outcome and damage. */
export function attackCardView(card: Card<FsAttackData, FsAttackRow>, context: CardViewContext) {
  const d = card.data;
  const c = d.choices;
  const melee = d.weapon.kind === "melee";
  const ranged = d.weapon.kind === "ranged";
  return {
    actorName: card.actor?.name ?? "",
    itemName: d.item?.name ?? null,
    skillKey: SKILL_KEYS[attackSkill(d.weapon, c)],
    natural: d.natural,
    goal: d.goal,
    parts: partsView(d.parts),
    typed: typedView(c),
    actionKey: melee ? FIGHT_KEYS[c.fightAction ?? "strike"] : ranged ? FIRE_KEYS[c.fireAction ?? "shoot"] : null,
    rangeKey: melee ? null : RANGE_KEYS[c.range ?? "short"],
    effectKey:
      melee && c.fightAction && c.fightAction !== "strike"
        ? {
            grapple: "ANTHOLOGY.FadingSuns.Effect.grapple",
            knockdown: "ANTHOLOGY.FadingSuns.Effect.knockdown",
            disarm: "ANTHOLOGY.FadingSuns.Effect.disarm",
            knockOut: "ANTHOLOGY.FadingSuns.Effect.knockOut",
          }[c.fightAction]
        : ranged && c.fireAction === "suppressing"
          ? "ANTHOLOGY.FadingSuns.Effect.suppressing"
          : null,
    damage: d.damage,
    // What the attacker's effects added to the damage, signed (none: null, no mention on the card).
    damageEffects: d.damage.effects ? signed(d.damage.effects) : null,
    baseDamage: d.damage.base + d.damage.strength + d.damage.stance + d.damage.action + (d.damage.effects ?? 0),
    effectDice: d.effectDice,
    roll: d.roll,
    reroll: d.reroll,
    rerollKey: rerollKey(d.roll, d.reroll),
    rollHtml: html(context, 0),
    rerollHtml: d.reroll === null ? "" : html(context, 1),
    noTarget: card.targets.length === 0,
    rows: card.targets.map((t, index) => ({
      index,
      name: t.name,
      defense: t.data.defense.value,
      goal: t.data.goal,
      hit: t.data.hit,
      resultKey: OUTCOME_KEYS[t.data.outcome],
      tone: tone(t.data.outcome),
      victoryPoints: t.data.victoryPoints,
      damage: t.data.damage,
      armor: t.data.armor,
      // The chances to hit, hurt and drop this target, from the card's own data (none on older cards).
      outcomes: outcomeViews([rowOutcome(d, t.data, t.name)].filter((o) => o !== null)),
      // Knockdown's DMG 0: a hit with nothing to take off Vitality; applied, it puts the hit on record.
      noDamage: t.data.hit && t.data.damage === 0,
      knockdown: t.data.hit && c.fightAction === "knockdown",
      // Once applied, a knockdown's or grapple's attacker rolls for the contest (the button says which).
      contestKey:
        t.applied && (c.fightAction === "knockdown" || c.fightAction === "grapple")
          ? CONTEST_KEYS[c.fightAction].roll
          : null,
      applied: appliedView(t.applied),
      // Once applied, a knock-out's or disarm's target rolls against the damage (the button says which).
      resistKey:
        t.applied && (c.fightAction === "knockOut" || c.fightAction === "disarm")
          ? RESIST_KEYS[c.fightAction].button
          : null,
    })),
  };
}

/** The labels of knockdown's and grapple's contests: the attacker's button, each side's card title, the answer button. */
const CONTEST_KEYS = Object.freeze({
  knockdown: {
    roll: "ANTHOLOGY.FadingSuns.Card.contestRoll.knockdown",
    attacker: "ANTHOLOGY.FadingSuns.Card.contestTitle.knockdown.attacker",
    defender: "ANTHOLOGY.FadingSuns.Card.contestTitle.knockdown.defender",
    answer: "ANTHOLOGY.FadingSuns.Card.contestAnswer.knockdown",
  },
  grapple: {
    roll: "ANTHOLOGY.FadingSuns.Card.contestRoll.grapple",
    attacker: "ANTHOLOGY.FadingSuns.Card.contestTitle.grapple.attacker",
    defender: "ANTHOLOGY.FadingSuns.Card.contestTitle.grapple.defender",
    answer: "ANTHOLOGY.FadingSuns.Card.contestAnswer.grapple",
  },
});

/** The labels of a knock-out's and a disarm's follow-up: its button, its card's title, and how it went. */
const RESIST_KEYS = Object.freeze({
  knockOut: {
    button: "ANTHOLOGY.FadingSuns.Card.resist.knockOut",
    title: "ANTHOLOGY.FadingSuns.Card.resistTitle.knockOut",
    heldOn: "ANTHOLOGY.FadingSuns.Card.heldOn.knockOut",
    fails: "ANTHOLOGY.FadingSuns.Card.fails.knockOut",
  },
  disarm: {
    button: "ANTHOLOGY.FadingSuns.Card.resist.disarm",
    title: "ANTHOLOGY.FadingSuns.Card.resistTitle.disarm",
    heldOn: "ANTHOLOGY.FadingSuns.Card.heldOn.disarm",
    fails: "ANTHOLOGY.FadingSuns.Card.fails.disarm",
  },
});

/** A roll against a knock-out's or disarm's damage: the goal, the d20 (and reroll), the outcome and, applied, what followed. */
export function resistCardView(card: Card<FsResistData, Record<string, never>>, context: CardViewContext) {
  const d = card.data;
  const held = d.outcome === "success" || d.outcome === "critical";
  const applied = card.targets[0]?.applied ?? null;
  const summary = (applied?.summary ?? {}) as { knockedOut?: unknown; dropped?: unknown };
  return {
    actorName: card.actor?.name ?? "",
    titleKey: RESIST_KEYS[d.action].title,
    damage: d.damage,
    natural: d.natural,
    goal: d.goal,
    parts: partsView(d.parts),
    roll: d.roll,
    reroll: d.reroll,
    rerollKey: rerollKey(d.roll, d.reroll),
    rollHtml: html(context, 0),
    rerollHtml: d.reroll === null ? "" : html(context, 1),
    resultKey: held ? RESIST_KEYS[d.action].heldOn : RESIST_KEYS[d.action].fails,
    tone: held ? "good" : "bad",
    rows: held
      ? []
      : card.targets.map((t, index) => ({
          index,
          applied: t.applied,
          knockedOut: summary.knockedOut === true,
          dropped: typeof summary.dropped === "string" ? summary.dropped : "",
        })),
  };
}

/** One side of knockdown's contest: the goal, the d20 (and reroll), the outcome; the attacker's row, applied, what followed. */
export function knockdownCardView(card: Card<FsKnockdownData, Record<string, never>>, context: CardViewContext) {
  const d = card.data;
  const attacker = d.side === "attacker";
  return {
    actorName: card.actor?.name ?? "",
    targetName: card.targets[0]?.name ?? "",
    titleKey: CONTEST_KEYS[d.action][d.side],
    answerKey: CONTEST_KEYS[d.action].answer,
    natural: d.natural,
    goal: d.goal,
    parts: partsView(d.parts),
    roll: d.roll,
    reroll: d.reroll,
    rerollKey: rerollKey(d.roll, d.reroll),
    rollHtml: html(context, 0),
    rerollHtml: d.reroll === null ? "" : html(context, 1),
    resultKey: OUTCOME_KEYS[d.outcome],
    tone: tone(d.outcome),
    victoryPoints: d.victoryPoints,
    rows: attacker
      ? card.targets.map((t, index) => {
          const s = (t.applied?.summary ?? {}) as { meters?: unknown; grappled?: unknown };
          return {
            index,
            name: t.name,
            applied: t.applied,
            grappled: s.grappled === true,
            meters: typeof s.meters === "number" ? s.meters : 0,
          };
        })
      : [],
  };
}

/** A grapple's damage for one round: the round, what the attacker's grapple does now, and, applied, what it took. */
export function holdCardView(card: Card<FsHoldData, Record<string, never>>, context: CardViewContext) {
  void context;
  return {
    actorName: card.actor?.name ?? "",
    targetName: card.targets[0]?.name ?? "",
    round: card.data.round,
    rows: card.targets.map((t, index) => ({ index, name: t.name, applied: appliedView(t.applied) })),
  };
}
