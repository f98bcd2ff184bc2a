import { NotationError, type OutcomeOdds } from "../../../dice";
import type { AppliedMark, Card, CardTarget } from "../../../play/card";
import { outcomeView } from "../../../play/outcome-line";
import type { CardViewContext } from "../../../play/kind";
import {
  ATTACK_RESULT_KEYS,
  BODY_PART_KEYS,
  DEFENSE_KEYS,
  FADE_STATUSES,
  HEALTH_STATE_KEYS,
  MODIFIERS,
  NEGATION_KEYS,
  chosenPart,
  declaredCalledShot,
  isBodyPart,
  outcomeOdds,
  type BodyPart,
  type FadeDamageStepId,
  type FadeNegation,
} from "../rules";
import type {
  FadeAttackData,
  FadeAttackRow,
  FadeCheckData,
  FadeDamageData,
  FadeDamageRow,
  FadeSkillData,
  FadeProvokeData,
  FadeProvokeRow,
  ProvokeReason,
} from "./card-data";
import { fadeSkill } from "../rules/skills";
import { FADE_SKILL_ACTION_KEYS, FADE_SKILL_KEYS } from "../data/labels";
import type { FadeRollChoices } from "./dialog-form";

/** What applying a Fade hit did, as the card's row shows it (the summary an apply stores). */
export interface FadeAppliedSummary {
  readonly part: BodyPart;
  readonly steps: ReadonlyArray<{
    readonly step: FadeDamageStepId;
    readonly before: number;
    readonly after: number;
    readonly key: string;
    readonly data: Readonly<Record<string, string>>;
  }>;
  readonly negatedBy: FadeNegation | null;
  readonly hpBefore: number;
  readonly hpAfter: number;
  readonly hpChange: number;
  readonly healthState: "conscious" | "unconscious" | "dead";
  readonly effectKey: string | null;
  /** The part a severing effect cut off (the part the hit landed on). */
  readonly severedPart?: BodyPart | null;
  readonly statuses: readonly string[];
  readonly bleed: number | null;
  /** The missing parts the location landed on before the part hit, each rolled again. */
  readonly rerolledFrom?: readonly BodyPart[];
}

const TONE: Record<string, "good" | "bad" | "note"> = {
  criticalHit: "good",
  hit: "good",
  miss: "bad",
  criticalFailure: "bad",
  impossible: "bad",
};

const modifierKeys = (choices: FadeRollChoices) =>
  (choices.modifiers ?? []).map((m) => MODIFIERS[m]?.key).filter((k): k is string => Boolean(k));

const signed = (n: number | undefined) => (n && n > 0 ? `+${n}` : String(n ?? 0));

/** Extra dice typed in the dialog, as the card shows them to the GM ("+2k+1"), or null when none. */
export function typedExtra(choices: FadeRollChoices) {
  const pool = (p: FadeRollChoices["extra"]) =>
    p && (p.rolled || p.kept) ? `${signed(p.rolled)}k${signed(p.kept)}` : null;
  const roll = pool(choices.extra);
  const damage = pool(choices.damageExtra);
  return roll || damage ? { roll: roll ?? "0k0", damage: damage ?? "0k0" } : null;
}

const statusName = (id: string) => FADE_STATUSES.find((s) => s.id === id)?.name ?? null;

/** An applied row's summary as the template shows it; null until applied. */
export function appliedView(mark: AppliedMark | null) {
  if (!mark) return null;
  const s = mark.summary as Partial<FadeAppliedSummary>;
  const change = Number(s.hpChange ?? 0);
  const state = s.healthState ?? "conscious";
  return {
    partKey: s.part ? BODY_PART_KEYS[s.part] : null,
    steps: (s.steps ?? []).map((step) => ({ ...step, changed: step.before !== step.after })),
    negatedKey: s.negatedBy ? NEGATION_KEYS[s.negatedBy] : null,
    hpBefore: s.hpBefore ?? 0,
    hpAfter: s.hpAfter ?? 0,
    hpChange: change > 0 ? `+${change}` : String(change),
    healed: change > 0,
    healthState: state,
    healthKey: HEALTH_STATE_KEYS[state] ?? HEALTH_STATE_KEYS.conscious,
    effectKey: s.effectKey ?? null,
    severedPartKey: s.severedPart ? BODY_PART_KEYS[s.severedPart] : null,
    statusKeys: (s.statuses ?? []).map(statusName).filter((k): k is NonNullable<typeof k> => k !== null),
    bleed: s.bleed ?? null,
    rerolledFromKeys: (Array.isArray(s.rerolledFrom) ? s.rerolledFrom : [])
      .filter(isBodyPart)
      .map((p) => BODY_PART_KEYS[p]),
  };
}

/**
 * A row's chances to hit, hurt and drop its target, from the card's own data: the to-hit and damage
 * pools it rolled, its choices, the Defense and dodge it met, and the target's numbers when attacked
 * (display only: the GM's apply works the hit out again). Null on older cards, which lack them, and
 * when the data cannot be a roll. The card is anyone's data, so what bounds the work is the dice
 * engine's own limit: a pool of more dice than a roll may have (LIMITS.maxDice, 100) does not parse,
 * exactly as the sheet's roll of such a pool is refused. Within it a row takes under 70 ms once its
 * pools' distributions are known, whatever its Defense; the slowest pools to work out the first time
 * (about 100 Negative Dice exploding on 8 or 9) take 0.12 to 0.3 s, once a session (docs/the-fade.md,
 * "Outcome odds").
 */
export function rowOdds(data: FadeAttackData, row: FadeAttackRow): OutcomeOdds | null {
  const numbers = row.numbers;
  if (!data.damagePool || !numbers) return null;
  try {
    return outcomeOdds({
      toHit: data.pool,
      damage: data.damagePool,
      defense: row.defense.value,
      ...(row.dodge ? { dodge: row.dodge.total } : {}),
      part: chosenPart(data.choices),
      calledShot: declaredCalledShot(data.choices) !== null,
      coupDeGrace: data.choices.coupDeGrace === true,
      penetration: data.weapon.penetration ?? 0,
      damageType: data.weapon.damageType ?? "",
      target: {
        derived: { deflection: numbers.deflection, soak: numbers.soak, hpMax: numbers.hpMax, deathAt: numbers.deathAt },
        hp: numbers.hp,
        ...(numbers.energy ? { energy: numbers.energy } : {}),
        missing: numbers.missing,
      },
    });
  } catch (error) {
    if (error instanceof NotationError || error instanceof RangeError) return null;
    throw error;
  }
}

const html = (context: CardViewContext, index: number | null) =>
  index === null ? "" : (context.rollHtml[index] ?? "");

/** The attack card: the roll once, then a row per target with its defense, the result, and a hit's damage. */
export function attackCardView(card: Card<FadeAttackData, FadeAttackRow>, context: CardViewContext) {
  const d = card.data;
  return {
    actorName: card.actor?.name ?? "",
    itemName: d.item.name,
    pool: d.pool,
    modifierKeys: modifierKeys(d.choices),
    typedExtra: typedExtra(d.choices),
    calledShotKey: d.choices.calledShot ? BODY_PART_KEYS[d.choices.calledShot] : null,
    defaultBody: d.choices.defaultBody === true,
    coupDeGrace: d.choices.coupDeGrace === true,
    rollHtml: html(context, d.attackRoll),
    luckReroll: d.luckReroll,
    rerolled: d.rerolled,
    provokes: (d.provokes ?? []).join(", "),
    rows: card.targets.map((t: CardTarget<FadeAttackRow>, index) => {
      const hit = t.data.result === "hit" || t.data.result === "criticalHit";
      const odds = rowOdds(d, t.data);
      return {
        outcomes: odds ? [outcomeView({ name: t.name, odds })] : [],
        index,
        name: t.name,
        defense: {
          labelKey: DEFENSE_KEYS[t.data.defense.id],
          value: t.data.defense.value,
          vsSpells: t.data.defense.vsSpells,
        },
        dodge: t.data.dodge ? { total: t.data.dodge.total, parry: t.data.dodge.parry } : null,
        result: t.data.result,
        resultKey: ATTACK_RESULT_KEYS[t.data.result],
        tone: TONE[t.data.result],
        hit,
        damage: t.data.damage,
        partKey: t.data.part ? BODY_PART_KEYS[t.data.part] : null,
        damageHtml: html(context, t.data.locationRoll) + html(context, t.data.damageRoll),
        applied: appliedView(t.applied),
      };
    }),
    noTarget: card.targets.length === 0,
  };
}

/** The damage card (no attack card before it): the roll, and a row per target with where it landed. */
export function damageCardView(card: Card<FadeDamageData, FadeDamageRow>, context: CardViewContext) {
  const d = card.data;
  return {
    actorName: card.actor?.name ?? "",
    itemName: d.item.name,
    pool: d.pool,
    rollHtml: html(context, d.damageRoll),
    penetration: d.weapon.penetration ?? 0,
    damageType: d.weapon.damageType ?? "",
    typedExtra: typedExtra(d.choices),
    critical: d.choices.critical === true,
    coupDeGrace: d.choices.coupDeGrace === true,
    calledShot: declaredCalledShot(d.choices) !== null,
    rows: card.targets.map((t, index) => ({
      index,
      name: t.name,
      partKey: BODY_PART_KEYS[t.data.part],
      locationHtml: html(context, t.data.locationRoll),
      applied: appliedView(t.applied),
    })),
    noTarget: card.targets.length === 0,
  };
}

/** The dodge or parry card: what to add to the defense. */
export function checkCardView(card: Card<FadeCheckData, Record<string, never>>, context: CardViewContext) {
  const d = card.data;
  return {
    actorName: card.actor?.name ?? "",
    itemName: d.item?.name ?? null,
    pool: d.pool,
    modifierKeys: modifierKeys(d.choices),
    typedExtra: typedExtra(d.choices),
    rollHtml: context.rollHtml[0] ?? "",
    total: d.total,
    impossible: d.impossible,
    luckReroll: d.luckReroll,
    rerolled: d.rerolled,
  };
}

/** A skill check card: the skill, the roll, and the result against the DC (or the total for the GM). */
export function skillCardView(card: Card<FadeSkillData, Record<string, never>>, context: CardViewContext) {
  const d = card.data;
  const skill = fadeSkill(d.skill);
  return {
    actorName: card.actor?.name ?? "",
    skillKey: FADE_SKILL_KEYS[d.skill] ?? "",
    actionKey: skill ? (FADE_SKILL_ACTION_KEYS[skill.action] ?? "") : "",
    pool: d.pool,
    modifierKeys: modifierKeys(d.choices),
    typedExtra: typedExtra(d.choices),
    rollHtml: context.rollHtml[0] ?? "",
    total: d.total,
    dc: d.dc,
    resultKey: d.impossible
      ? "ANTHOLOGY.Fade.Card.Skill.impossible"
      : d.criticalFailure
        ? "ANTHOLOGY.Fade.Card.Skill.criticalFailure"
        : d.success === null
          ? null
          : d.success
            ? "ANTHOLOGY.Fade.Card.Skill.success"
            : "ANTHOLOGY.Fade.Card.Skill.failure",
    tone: d.impossible || d.criticalFailure || d.success === false ? "bad" : d.success ? "good" : "note",
    luckReroll: d.luckReroll,
    rerolled: d.rerolled,
  };
}

const REASON_KEYS: Record<ProvokeReason, string> = {
  move: "ANTHOLOGY.Fade.Opportunity.move",
  spell: "ANTHOLOGY.Fade.Opportunity.spell",
  ranged: "ANTHOLOGY.Fade.Opportunity.ranged",
  item: "ANTHOLOGY.Fade.Opportunity.item",
};

/** The provocation card: who provoked, why, and a row per threatener with its prompt. */
export function provokeCardView(card: Card<FadeProvokeData, FadeProvokeRow>) {
  return {
    actorName: card.actor?.name ?? "",
    reasonKey: REASON_KEYS[card.data.reason],
    rows: card.targets.map((t, index) => ({ index, name: t.name, taken: t.data.taken !== null })),
  };
}
