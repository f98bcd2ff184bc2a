import type { AppliedMark, Card } from "../../../play/card";
import type { CardViewContext } from "../../../play/kind";
import { DAMAGEABLE_ATTRIBUTES, isImpairmentType, type DamageableAttribute } from "../rules/afflictions";
import { HOD_ATTRIBUTE_KEYS } from "../data/labels";
import { criticalRange } from "../rules/attack";
import type { HodDamageState } from "../rules/health";
import {
  DAMAGE_TYPE_KEYS,
  DEFENSE_KEYS,
  SKILL_KEYS,
  SPECIAL_ACTION_KEYS,
  SPEED_CLASS_KEYS,
  STANCE_KEYS,
} from "../rules/labels";
import { specialAction } from "../rules/special-actions";
import type { SpeedClass } from "../rules/speed";
import type {
  HodAttackData,
  HodAttackRow,
  HodCheckData,
  HodDamageData,
  HodDefenseResult,
  HodRowDamage,
  HodSpecialData,
  HodSpecialRow,
  HodStanceData,
  HodRestData,
} from "./card-data";
import { modifierLines } from "./dialog-form";
import { outcomeViews } from "../../../play/outcome-line";
import type { HodOutcomeInput } from "../rules/outcome-odds";
import type { HodSpecialOutcomeInput } from "../rules/special-outcome-odds";
import { oddsOrNull, specialOddsOrNull } from "./outcomes";
import { ATTRIBUTE_KEYS, SCHEDULE_KEYS, signed, typedView } from "./labels";
import type { ScheduleInfo } from "./schedule";
import { EFFECT_KEYS, ROW_ACTIONS, releaseDue, specialAppliable } from "./effects";

type Tone = "good" | "bad" | "note";

const RESULT_KEYS = {
  critical: "ANTHOLOGY.HoD.Card.Result.critical",
  hit: "ANTHOLOGY.HoD.Card.Result.hit",
  miss: "ANTHOLOGY.HoD.Card.Result.miss",
  fumble: "ANTHOLOGY.HoD.Card.Result.fumble",
} as const;

/** What applying a hit did to the target's track, as the row shows it (the summary an apply stores). */
export interface HodAppliedSummary {
  readonly damage: number;
  /** What the target's damage reduction took off the damage (0 when none). */
  readonly reduction?: number;
  readonly nonlethal: boolean;
  readonly before: HodDamageState;
  readonly after: HodDamageState;
  readonly wounded: boolean;
  readonly dying: boolean;
  readonly dead: boolean;
  /** The DC of the Constitution check to stay conscious the hit called for, when one was due. */
  readonly unconsciousCheck: number | null;
  /** Hits the target took earlier on the same Time Count, judged together with this one. */
  readonly simultaneous?: number;
  /** The effective Threshold of Pain when that count began, which every hit of it met. */
  readonly countTop?: number;
  /** The impairment the hit left (the optional rule); several when Simultaneous Actions made earlier hits of its count leave one too. */
  readonly impairment?: string | readonly string[];
  /** What the hit added to the casting DC of a spell the target was still preparing. */
  readonly spellTaken?: number;
  /** What a special action's effects did (i18n keys of EFFECT_KEYS). */
  readonly effects?: readonly string[];
  /** A coup de grâce the target survived: its follow-up attack is due. */
  readonly followUp?: boolean;
  /** The weapon a disarm knocked from the target's hand (its name). */
  readonly dropped?: string;
}

/** The Time Count line of a card, or null when the actor is not in a Time Count combat. */
export function scheduleLine(
  info: ScheduleInfo,
  name: string,
): { key: string; data: Record<string, string>; tone: Tone } | null {
  switch (info.state) {
    case "none":
      return null;
    case "notStarted":
      return { key: SCHEDULE_KEYS.notStarted, data: { name }, tone: "note" };
    case "due":
      return { key: SCHEDULE_KEYS.due, data: { name, tc: String(info.tc ?? 0) }, tone: "note" };
    case "notDue":
      return info.next === undefined
        ? { key: SCHEDULE_KEYS.notInCount, data: { name }, tone: "bad" }
        : { key: SCHEDULE_KEYS.notDue, data: { name, next: String(info.next), tc: String(info.tc ?? 0) }, tone: "bad" };
  }
}

const n = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);
const snapshot = (raw: unknown): HodDamageState => {
  const s = (raw ?? {}) as Partial<Record<keyof HodDamageState, unknown>>;
  return {
    hp: n(s.hp),
    fatigue: n(s.fatigue),
    thresholdOfPain: n(s.thresholdOfPain),
    bonusHp: n(s.bonusHp),
    invigoration: n(s.invigoration),
  };
};

/**
 * An applied row's summary as the template shows it (null until applied): the Threshold of Pain and
 * the fatigue before and after, what bonus HP and Invigoration absorbed, the HP lost, and what the
 * target is now. Read as plain data: the mark is only what the card shows.
 */
export function appliedView(mark: AppliedMark | null) {
  if (!mark) return null;
  const s = mark.summary as Partial<HodAppliedSummary>;
  // What a special action's effects did (i18n keys): a row may have them without any damage.
  const effects = (Array.isArray(s.effects) ? s.effects : [])
    .filter((k): k is string => typeof k === "string" && k.startsWith("ANTHOLOGY.HoD.Effects.Applied."))
    .map((key) => ({ key }));
  const hit = s.after !== undefined;
  // A hit applied before its card was brought up to date: its result is on the card that followed.
  const legacy = !hit && effects.length === 0;
  const before = snapshot(s.before);
  const after = snapshot(s.after);
  const reduction = Math.max(0, n(s.reduction));
  // What got through the target's damage reduction: that is what the Threshold of Pain meets.
  const damage = Math.max(0, n(s.damage) - reduction);
  const nonlethal = s.nonlethal === true;
  const dead = s.dead === true;
  const dying = s.dying === true;
  const wounded = s.wounded === true;
  const states = [
    dead ? { key: "ANTHOLOGY.HoD.Card.State.dead", tone: "bad" } : null,
    !dead && dying ? { key: "ANTHOLOGY.HoD.Card.State.dying", tone: "bad" } : null,
    wounded ? { key: "ANTHOLOGY.HoD.Card.State.wounded", tone: "bad" } : null,
  ].filter((state): state is { key: string; tone: Tone } => state !== null);
  const check =
    typeof s.unconsciousCheck === "number" && Number.isFinite(s.unconsciousCheck) ? s.unconsciousCheck : null;
  // A hit on a count where the target took earlier hits met the Threshold the count began with.
  const simultaneous = Math.max(0, Math.trunc(n(s.simultaneous)));
  const metTop = simultaneous ? n(s.countTop) : before.thresholdOfPain;
  const impairmentKeys = [s.impairment]
    .flat()
    .filter(isImpairmentType)
    .map((t) => `ANTHOLOGY.HoD.DamageType.${t}`);
  return {
    damage: n(s.damage),
    reduction,
    nonlethal,
    top: { before: before.thresholdOfPain, after: after.thresholdOfPain },
    // Damage above the Threshold of Pain is a real hit; at or below it (or nonlethal) it only tires.
    overThreshold: !nonlethal && damage > metTop,
    simultaneous: simultaneous ? { earlier: simultaneous, top: metTop } : null,
    metTop,
    impairmentKey: impairmentKeys[0] ?? null,
    impairmentKeys,
    spellTaken: typeof s.spellTaken === "number" && s.spellTaken > 0 ? s.spellTaken : null,
    fatigue: { before: before.fatigue, after: after.fatigue, added: after.fatigue - before.fatigue },
    bonusAbsorbed: before.bonusHp - after.bonusHp,
    invigorationAbsorbed: before.invigoration - after.invigoration,
    hp: { before: before.hp, after: after.hp, lost: before.hp - after.hp },
    states,
    health: dead ? "dead" : dying ? "dying" : wounded ? "wounded" : "standing",
    unconsciousCheck: check,
    legacy,
    hit,
    effects,
    followUp: s.followUp === true,
    dropped: typeof s.dropped === "string" ? s.dropped : "",
  };
}

const html = (context: CardViewContext, index: number | null) =>
  index === null ? "" : (context.rollHtml[index] ?? "");

/** A hit's damage as a row shows it: the total, the dice, and why it differs from what they came to. */
function damageView(damage: HodRowDamage | null, context: CardViewContext) {
  if (!damage) return null;
  return {
    total: damage.total,
    rolled: damage.rolled,
    // The floor of 1 raised it (a factor, not the floor, makes a doubled total larger than the dice).
    raised: damage.total > Math.floor(damage.rolled * damage.factor),
    critical: damage.critical,
    nonlethal: damage.nonlethal,
    factor: damage.factor !== 1 ? String(damage.factor) : null,
    html: html(context, damage.roll) + html(context, damage.extraRoll),
  };
}

/**
 * The chances the attack had against a row's target when it was rolled, from what the row stored (one
 * line, as the dialog showed it); none for a row from before them or one whose data cannot be read.
 */
function rowOutcomes(name: string, input: HodOutcomeInput | null) {
  const odds = oddsOrNull(input);
  return odds ? outcomeViews([{ name, odds }]) : [];
}

/** The same line for a special action's row (`hodSpecialOutcomeOdds` on what the row stored). */
function specialRowOdds(name: string, input: HodSpecialOutcomeInput | null) {
  const odds = specialOddsOrNull(input);
  return odds ? outcomeViews([{ name, odds }]) : [];
}

/** One defense a roll was judged against, as a row shows it. */
function defenseView(result: HodDefenseResult, fumble: boolean) {
  const outcome = fumble ? "fumble" : result.critical ? "critical" : result.hit ? "hit" : "miss";
  return {
    labelKey: DEFENSE_KEYS[result.met],
    value: result.value,
    margin: signed(result.margin),
    stanceKey: result.stance ? STANCE_KEYS[result.stance].name : null,
    result: outcome,
    resultKey: RESULT_KEYS[outcome],
    tone: (result.hit ? "good" : "bad") as Tone,
    automatic: result.automatic,
  };
}

/** A row's check to stay conscious: offered once its hit is applied and called for one. */
const consciousness = (applied: ReturnType<typeof appliedView>) =>
  applied && applied.unconsciousCheck !== null ? { dc: applied.unconsciousCheck } : null;

/**
 * The attack card: the bonus and its modifiers and the d20 once, then a row per target with the
 * defense met, the result, and a hit's damage (rolled with it) and what applying it did.
 */
/** How a weapon that can be both was used, as the roll asked: the card's line, or null. */
const useKey = (choices: { readonly use?: string } | null) =>
  choices?.use === "melee"
    ? "ANTHOLOGY.HoD.Card.useMelee"
    : choices?.use === "thrown"
      ? "ANTHOLOGY.HoD.Card.useThrown"
      : null;

export function attackCardView(card: Card<HodAttackData, HodAttackRow>, context: CardViewContext) {
  const d = card.data;
  const actorName = card.actor?.name ?? "";
  const noTarget = card.targets.length === 0;
  const inRange = d.weapon.category !== "spell" && criticalRange(d.natural, { precise: d.weapon.precise });
  return {
    actorName,
    itemName: d.item.name,
    formula: d.formula,
    base: signed(d.base),
    modifiers: modifierLines(d.modifiers),
    useKey: useKey(d.choices),
    // What the roller typed, for the GM to see before applying (the apply reads it from the roll).
    typed: typedView(d.choices),
    rollHtml: html(context, d.attackRoll),
    natural: d.natural,
    total: d.total,
    fumble: d.fumble,
    durabilityLeft: d.durabilityLeft,
    mayBreak: d.durabilityLeft === 0,
    noTarget,
    // Without a target the GM judges; a natural in the critical range is worth saying.
    criticalRange: noTarget && !d.fumble && inRange,
    extraDice: d.choices.extraDice || null,
    schedule: scheduleLine(d.schedule, actorName),
    rows: card.targets.map((t, index) => {
      const defense = defenseView(t.data.defense, d.fumble);
      const applied = appliedView(t.applied);
      return {
        index,
        name: t.name,
        defense,
        result: defense.result,
        hit: t.data.defense.hit,
        // A hit, or a spell's miss that still does half damage (its damage rolled on the row).
        appliable: t.data.defense.hit || t.data.damage !== null,
        missHalf: !t.data.defense.hit && t.data.damage !== null,
        damage: damageView(t.data.damage, context),
        applied,
        consciousness: consciousness(applied),
        outcomes: rowOutcomes(t.name, t.data.outcome ?? null),
      };
    }),
  };
}

/**
 * A special action's card: the roll once, then a row per target with its result against each defense
 * the action meets (the target's pick marked for "or" actions), every outcome the text gives with
 * those that happened marked, their damage and what applying it did; what the action needs and costs,
 * and the check to stay conscious its fatigue calls for.
 */
export function specialCardView(card: Card<HodSpecialData, HodSpecialRow>, context: CardViewContext) {
  const d = card.data;
  const action = specialAction(d.special);
  const actorName = card.actor?.name ?? "";
  const outcomes = action?.outcomes ?? [];
  return {
    actorName,
    nameKey: SPECIAL_ACTION_KEYS[d.special] ?? "ANTHOLOGY.HoD.Card.unknownSpecial",
    itemName: d.item?.name ?? null,
    preparing: d.preparing,
    preparationKey: action?.preparation ? SPEED_CLASS_KEYS[action.preparation] : null,
    skillKey: action?.attack.kind === "skill" ? (SKILL_KEYS[action.attack.skill] ?? null) : null,
    skillRank: d.skillRank,
    // The skill's rank has its own line.
    typed: typedView(d.choices && { ...d.choices, skillRank: undefined }),
    useKey: useKey(d.choices),
    formula: d.formula,
    base: signed(d.base),
    modifiers: modifierLines(d.modifiers),
    rollHtml: html(context, d.attackRoll),
    noTarget: card.targets.length === 0,
    // Without a target nothing is marked: the GM reads the roll against the outcomes.
    outcomes: outcomes.map((o) => ({ key: o.key })),
    orChoice: action?.defense.mode === "or",
    requirementKey: action?.requirementKey ?? null,
    specialKey: action?.specialKey ?? null,
    fumble: d.fumble,
    durabilityLeft: d.durabilityLeft,
    mayBreak: d.durabilityLeft === 0,
    fatigue: d.fatigue,
    unconsciousCheck: d.unconsciousCheck,
    checked: d.checked,
    schedule: scheduleLine(d.schedule, actorName),
    rows: card.targets.map((t, index) => {
      const happened = new Set(t.data.outcomes);
      const applied = appliedView(t.applied);
      return {
        index,
        name: t.name,
        defenses: t.data.results.map((r) => ({ ...defenseView(r, false), chosen: t.data.chosen === r.id })),
        outcomes: outcomes.map((o) => ({ key: o.key, happened: happened.has(o.key) })),
        // The chances the action had on this target when it was rolled (display only).
        odds: specialRowOdds(t.name, t.data.odds ?? null),
        damage: damageView(t.data.damage, context),
        appliable: specialAppliable(card, index),
        rowAction: rowActionOf(d.special, applied),
        escapes: stapleEscapesOf(d.special, applied),
        // A grab's row: its grabber may let go at will while the grab holds.
        release: releaseDue(card, index),
        applied,
        consciousness: consciousness(applied),
      };
    }),
  };
}

/** The button an applied row offers (a tackle's free grab, a drag's broken grab, a shunt's letting go). */
function rowActionOf(special: string, applied: ReturnType<typeof appliedView>) {
  const [id, key, label] = ROW_ACTIONS[special] ?? [];
  return applied?.effects.some((e) => e.key === key) ? { id, key: label } : null;
}

/** A staple's escape buttons on its applied row (Acrobatics not when the weapon pierced the target). */
function stapleEscapesOf(special: string, applied: ReturnType<typeof appliedView>) {
  if (special !== "staple" || !applied) return null;
  const keys = applied.effects.map((e) => e.key);
  if (keys.includes(EFFECT_KEYS.stapled)) return { athletics: true, acrobatics: true };
  return keys.includes(EFFECT_KEYS.pierced) ? { athletics: true, acrobatics: false } : null;
}

/** The damage card: the dice, the total (at least 1), lethal or not, and a row per target with Apply. */
export function damageCardView(card: Card<HodDamageData, Record<string, never>>, context: CardViewContext) {
  const d = card.data;
  return {
    actorName: card.actor?.name ?? "",
    itemName: d.item.name,
    formula: d.formula,
    typed: typedView({
      damageModifier: d.choices.modifier,
      extraDice: d.choices.extraDice,
      damageMultiplier: d.choices.times,
    }),
    rollHtml: html(context, d.damageRoll) + html(context, d.extraRoll),
    total: d.total,
    raised: d.total > Math.floor(d.rolled * d.factor),
    rolled: d.rolled,
    critical: d.choices.critical,
    nonlethal: d.choices.nonlethal,
    damageTypeKey: d.damageType ? (DAMAGE_TYPE_KEYS[d.damageType as keyof typeof DAMAGE_TYPE_KEYS] ?? null) : null,
    damageType: d.damageType,
    factor: d.factor !== 1 ? String(d.factor) : null,
    specialKey: d.special ? (SPECIAL_ACTION_KEYS[d.special] ?? null) : null,
    noTarget: card.targets.length === 0,
    rows: card.targets.map((t, index) => {
      const applied = appliedView(t.applied);
      return { index, name: t.name, applied, consciousness: consciousness(applied) };
    }),
  };
}

/** The 3d6 check card: the roll, the DC, success or failure and by how much; a natural 17 or 18 is noted. */
export function checkCardView(card: Card<HodCheckData, Record<string, never>>, context: CardViewContext) {
  const d = card.data;
  const success = d.success;
  return {
    actorName: card.actor?.name ?? "",
    attributeKey: ATTRIBUTE_KEYS[d.attribute],
    formula: d.formula,
    rollHtml: html(context, 0),
    total: d.total,
    dc: d.dc,
    resultKey:
      success === null ? null : success ? "ANTHOLOGY.HoD.Card.Check.success" : "ANTHOLOGY.HoD.Card.Check.failure",
    tone: success === null ? "note" : success ? "good" : "bad",
    margin: d.margin === null ? null : signed(d.margin),
    naturalHigh: d.natural >= 17,
    consciousness: d.consciousness,
    unconsciousTc: d.unconsciousTc,
    waking: d.waking,
    woke: d.waking && success === true,
    recheckTc: d.recheckTc,
    recheckHtml: d.recheckTc === null ? "" : html(context, 1),
  };
}

/** A stance card: into which stance (or back to a basic one), at what speed, and what it gives and costs. */
export function stanceCardView(card: Card<HodStanceData, Record<string, never>>) {
  const d = card.data;
  const actorName = card.actor?.name ?? "";
  const keys = d.stance ? STANCE_KEYS[d.stance] : null;
  const left = d.from ? STANCE_KEYS[d.from] : null;
  return {
    actorName,
    nameKey: keys?.name ?? null,
    leftKey: left?.name ?? null,
    benefitKey: keys?.benefit ?? null,
    drawbackKey: keys?.drawback ?? null,
    speedKey: SPEED_CLASS_KEYS[d.speedClass as SpeedClass] ?? null,
    free: d.speedClass === "free",
    shifting: d.shifting,
    schedule: scheduleLine(d.schedule, actorName),
  };
}

/** A rest card: which rest, and what came back (nothing: said so). */
export function restCardView(card: Card<HodRestData, Record<string, never>>, context: CardViewContext) {
  const d = card.data;
  const impairments = d.impairments.filter(isImpairmentType).map((t) => `ANTHOLOGY.HoD.DamageType.${t}`);
  const attributes = d.attributes
    .filter((a): a is DamageableAttribute => (DAMAGEABLE_ATTRIBUTES as readonly string[]).includes(a))
    .map((a) => HOD_ATTRIBUTE_KEYS[a].label);
  return {
    actorName: card.actor?.name ?? "",
    bedRest: d.bedRest,
    invigoration: d.invigoration,
    impairments,
    attributes,
    petrification: d.petrification,
    nothing: !d.invigoration && !impairments.length && !attributes.length && !d.petrification,
    rollHtml: html(context, 0),
  };
}
