/**
 * FUDGE's roll dialog as plain data: what it offers (traits, difficulties, stances, the ranged
 * situation), what a submitted form means, and the live line of exact odds. Foundry-free.
 */
import { ladderLabel, type LadderLabel } from "../../../dice/ladder";
import {
  MINIMUM_CHOICES,
  STANCE_IDS,
  WOUNDS,
  defenderMinimum,
  stance as stanceMods,
  type StanceId,
  type Wound,
} from "../rules/combat";
import { meleeExchange, type Fighter } from "../rules/exchange";
import { chanceToReach, dodgedOdds, meleeOdds, opposedCheckOdds } from "../rules/odds";
import { NPC_DICE, type NpcDice } from "../rules/actions";
import {
  DIFFICULTY_MAX,
  DIFFICULTY_MIN,
  FUDGE_ATTRIBUTES,
  MODIFIER_MAX,
  RANGE_BANDS,
  RANGE_DIFFICULTY,
  archerShots,
  dodgePenalty,
  rangedModifier,
  type RangeBand,
} from "../rules/play";
import {
  FUDGE_ATTACK_GROUP_KEYS,
  FUDGE_ATTACK_TYPE_KEYS,
  FUDGE_ATTRIBUTE_KEYS,
  FUDGE_LOCATION_KEYS,
  FUDGE_RANGE_KEYS,
  FUDGE_STANCE_KEYS,
  FUDGE_WOUND_KEYS,
} from "../data/labels";
import { AIM_DEGREE, AIM_PARTS, ATTACK_TYPES, ATTACK_TYPE_GROUPS, aimDegree } from "../rules/locations";
import { traitFromValue, traitValue, type TraitChoice } from "../data/source";
import type { AttackChoices, ResponseChoices, ResponseMode } from "./card-data";

export type DialogKind = "check" | "attack" | "response";

/** A trait the dialog offers, with its level now. */
export interface TraitOption {
  readonly value: string;
  /** An i18n key, or a skill's own name (shown as typed, escaped by Handlebars). */
  readonly label: string;
  readonly localize: boolean;
  readonly level: number;
}

/** The actor's traits: attributes, skills, untrained defaults, a situational roll. */
export function traitOptions(
  attributes: Readonly<Record<string, number>>,
  skills: ReadonlyArray<{ id: string; name: string; level: number }>,
): TraitOption[] {
  return [
    ...FUDGE_ATTRIBUTES.map((a) => ({
      value: `attribute:${a}`,
      label: FUDGE_ATTRIBUTE_KEYS[a],
      localize: true,
      level: attributes[a] ?? 0,
    })),
    ...skills.map((s) => ({ value: `skill:${s.id}`, label: s.name, localize: false, level: s.level })),
    { value: "untrained", label: "ANTHOLOGY.Fudge.Dialog.untrained", localize: true, level: -2 },
    { value: "untrained-helped", label: "ANTHOLOGY.Fudge.Dialog.untrainedHelped", localize: true, level: -1 },
    { value: "situational", label: "ANTHOLOGY.Fudge.Dialog.situational", localize: true, level: 0 },
  ];
}

/** What the dialog is opened with. */
export interface FudgeDialogInput {
  readonly kind: DialogKind;
  readonly traits: readonly TraitOption[];
  readonly trait: TraitChoice;
  /** What the roll takes now: wounds and stun (≤ 0), with a won Tactics roll and the effects' bonus. */
  readonly penalty: number;
  /** The part of `penalty` that Active Effects add (`system.bonuses.rolls`), shown on its own line. */
  readonly effects?: number;
  /** The part of `penalty` a won Tactics roll adds (+1), shown on its own line. */
  readonly tactics?: number;
  readonly stance: StanceId;
  /** A stunned fighter keeps its stance: the dialog offers no other. */
  readonly stanceLocked?: boolean;
  /** Attack: the weapon's kind; response: what is answered. */
  readonly ranged?: boolean;
  /** Attack: a propelled missile (bow, gun), dodged at −2 or −3; dodge: what the shot takes off it. */
  readonly propelled?: boolean;
  readonly dodgeAt?: number;
  readonly mode?: ResponseMode;
  /** Check: whether there are targets to oppose it. */
  readonly targets?: number;
  /** Attack: the default minimum against the first target (Scale). */
  readonly minimum?: number;
  /** Attack (ranged): the world's difficulty by range band (the text's unless the GM changed it). */
  readonly ranges?: Readonly<Record<RangeBand, number>>;
  /**
   * Attack (ranged), for the odds line: the first target's missile shield, its Scale relative to the
   * shooter's, and its dodge (Agility with its wounds; the propelled missile's −2 or −3 comes off in
   * the odds line, as the shooter picks it).
   */
  readonly rangedTarget?: { readonly shield: number; readonly relativeScale: number; readonly dodge: number } | null;
  /** Attack bare-handed: the traits (form values) that are Martial Arts, striking at +0 instead of −1. */
  readonly martialArts?: readonly string[];
  /** Response (melee): the weapons the defender may fight back with. */
  readonly weapons?: ReadonlyArray<{ id: string; name: string; selected?: boolean }>;
  /** For the odds line: the first target's fighter (attack) or the attacker's (response), when known. */
  readonly opponent?: {
    readonly fighter?: Fighter;
    readonly level?: number;
    /** Resisting a check: the lowest result the roller needs, if any. */
    readonly minimum?: number | null;
  } | null;
  /** Resisting a check for an NPC: the dialog offers 4dF, 2dF, 1dF or no roll. */
  readonly npcDice?: boolean;
  /** For the odds line: this side's fighter without its skill, modifier and stance. */
  readonly self?: Fighter | null;
}

const num = (v: FormDataEntryValue | undefined, fallback: number, min: number, max: number): number => {
  const n = typeof v === "string" && v.trim() !== "" ? Math.trunc(Number(v)) : fallback;
  return Number.isFinite(n) ? Math.max(min, Math.min(max, n)) : fallback;
};
const pickOrNull = <T extends string>(v: FormDataEntryValue | undefined, allowed: readonly T[]): T | null =>
  typeof v === "string" && (allowed as readonly string[]).includes(v) ? (v as T) : null;
const pick = <T extends string>(v: FormDataEntryValue | undefined, allowed: readonly T[], fallback: T): T =>
  typeof v === "string" && (allowed as readonly string[]).includes(v) ? (v as T) : fallback;

export interface CheckChoices {
  readonly trait: TraitChoice;
  readonly modifier: number;
  /** A difficulty level, or null for an opposed check against the targets. */
  readonly difficulty: number | null;
  /** Opposed: the lowest result that succeeds at all, or null. */
  readonly minimum: number | null;
}

function formMap(entries: Iterable<[string, FormDataEntryValue]>): Map<string, FormDataEntryValue> {
  return new Map(entries);
}

function traitOf(form: Map<string, FormDataEntryValue>, input: FudgeDialogInput): TraitChoice {
  const v = form.get("trait");
  return (typeof v === "string" && traitFromValue(v)) || input.trait;
}

const pullOf = (v: FormDataEntryValue | undefined): Wound | null =>
  typeof v === "string" && (WOUNDS as readonly string[]).includes(v) ? (v as Wound) : null;

export function checkChoices(input: FudgeDialogInput, entries: Iterable<[string, FormDataEntryValue]>): CheckChoices {
  const f = formMap(entries);
  const opposed = f.get("difficulty") === "opposed" && (input.targets ?? 0) > 0;
  return {
    trait: traitOf(f, input),
    modifier: num(f.get("modifier"), 0, -MODIFIER_MAX, MODIFIER_MAX),
    difficulty: opposed ? null : num(f.get("difficulty"), 0, DIFFICULTY_MIN, DIFFICULTY_MAX),
    minimum:
      opposed && typeof f.get("minimum") === "string" && f.get("minimum") !== ""
        ? num(f.get("minimum"), 0, DIFFICULTY_MIN, DIFFICULTY_MAX)
        : null,
  };
}

export function attackChoices(input: FudgeDialogInput, entries: Iterable<[string, FormDataEntryValue]>): AttackChoices {
  const f = formMap(entries);
  const range = pick<RangeBand>(f.get("range"), RANGE_BANDS, "medium");
  const sprinting = f.get("sprinting") === "on";
  // An aimed blow lands where it was aimed: no location roll. Units in a mass battle aim at nothing.
  const aim = f.get("mass") === "on" ? null : pickOrNull(f.get("aim"), AIM_PARTS);
  const attackType = pickOrNull(f.get("location"), ATTACK_TYPES);
  return {
    trait: traitOf(f, input),
    modifier: num(f.get("modifier"), 0, -MODIFIER_MAX, MODIFIER_MAX),
    stance: pick(f.get("stance"), STANCE_IDS, input.stance),
    foes: num(f.get("foes"), 1, 1, 12),
    minimum: num(f.get("minimum"), input.minimum ?? -2, MINIMUM_CHOICES.lowest, MINIMUM_CHOICES.highest),
    berserk: f.get("berserk") === "on",
    feint: f.get("feint") === "on",
    pull: pullOf(f.get("pull")),
    stun: f.get("stun") === "on",
    unopposed: f.get("unopposed") === "on",
    difficulty: input.ranged
      ? rangedChoiceDifficulty(input.ranges ?? RANGE_DIFFICULTY, range, f.get("difficulty"))
      : num(f.get("difficulty"), -2, DIFFICULTY_MIN, DIFFICULTY_MAX),
    range,
    cover: f.get("cover") === "on",
    darkness: f.get("darkness") === "on",
    running: f.get("running") === "on" && !sprinting,
    sprinting,
    aiming: f.get("aiming") === "on",
    mass: f.get("mass") === "on",
    // A volley only for a skilled archer's ranged weapon: as many arrows as the skill allows.
    arrows: input.ranged ? num(f.get("arrows"), 1, 1, archerShots(levelOfTrait(input, traitOf(f, input)))) : 1,
    // "on" (the old checkbox's value) is the random table; an attack type reads its own.
    location: !aim && (f.get("location") === "on" || attackType !== null),
    attackType: aim ? null : attackType,
    aim,
    // A propelled missile is dodged at −2, or −3 when the shooter says so.
    dodgePenalty: input.propelled && f.get("dodgePenalty") === "3" ? 3 : 2,
  };
}

/**
 * A shot's difficulty: the range band's; at extreme range ("Great or higher") the one the shooter
 * picks in the extreme-difficulty select, never below the band's. The select counts at extreme range
 * only.
 */
function rangedChoiceDifficulty(
  ranges: Readonly<Record<RangeBand, number>>,
  range: RangeBand,
  extreme: FormDataEntryValue | undefined,
): number {
  if (range !== "extreme") return ranges[range];
  return Math.max(ranges.extreme, num(extreme, ranges.extreme, DIFFICULTY_MIN, DIFFICULTY_MAX));
}

export function responseChoices(
  input: FudgeDialogInput,
  entries: Iterable<[string, FormDataEntryValue]>,
): ResponseChoices {
  const f = formMap(entries);
  const weapon = f.get("weapon");
  return {
    trait: traitOf(f, input),
    modifier: num(f.get("modifier"), 0, -MODIFIER_MAX, MODIFIER_MAX),
    stance: input.stanceLocked ? input.stance : pick(f.get("stance"), STANCE_IDS, input.stance),
    foes: num(f.get("foes"), 1, 1, 12),
    weapon: typeof weapon === "string" && (input.weapons ?? []).some((w) => w.id === weapon) ? weapon : null,
    berserk: f.get("berserk") === "on",
    feint: f.get("feint") === "on",
    pull: pullOf(f.get("pull")),
    // Only a melee defender may choose to defend only.
    defendOnly: input.mode === "defend" && f.get("defendOnly") === "on",
    // Fewer dice only for an NPC resisting a check, as the GM likes.
    dice: input.mode === "resist" && input.npcDice ? pickDice(f.get("dice")) : 4,
  };
}

const pickDice = (v: FormDataEntryValue | undefined): NpcDice =>
  (NPC_DICE as readonly number[]).includes(Number(v)) && typeof v === "string" && v !== "" ? (Number(v) as NpcDice) : 4;

const levelOfTrait = (input: FudgeDialogInput, trait: TraitChoice): number =>
  input.traits.find((t) => t.value === traitValue(trait))?.level ?? 0;

/**
 * A formula from its flat part: "4dF", "4dF+2", "4dF-1"; with fewer dice for an NPC's side of an
 * opposed action "2dF+1", "1dF", and with none the flat part alone ("1", "-2").
 */
export function fudgeFormula(flat: number, dice: number = 4): string {
  if (dice === 0) return String(flat);
  return flat === 0 ? `${dice}dF` : `${dice}dF${flat > 0 ? "+" : "-"}${Math.abs(flat)}`;
}

/** The dialog's live line: the formula, and the exact chance in words (an i18n key and its data). */
export interface FudgeLine {
  readonly formula: string;
  readonly key: string;
  readonly data: Readonly<Record<string, string>>;
  readonly vs: number | null;
}

const pct = (p: number): string => `${(Math.round(p * 1000) / 10).toFixed(1)}%`;

export function checkLine(input: FudgeDialogInput, c: CheckChoices): FudgeLine {
  const level = levelOfTrait(input, c.trait) + c.modifier + input.penalty;
  const formula = fudgeFormula(level);
  if (c.difficulty === null) {
    const against = input.opponent?.level;
    if (against === undefined) return { formula, key: "ANTHOLOGY.Fudge.Dialog.oddsOpposedUnknown", data: {}, vs: null };
    const o = opposedCheckOdds(level, against, { minimum: c.minimum });
    return { formula, key: "ANTHOLOGY.Fudge.Dialog.oddsOpposed", data: { win: pct(o.win), tie: pct(o.tie) }, vs: null };
  }
  return {
    formula,
    key: "ANTHOLOGY.Fudge.Dialog.oddsCheck",
    data: { chance: pct(chanceToReach(level, c.difficulty)) },
    vs: c.difficulty,
  };
}

export function attackLine(input: FudgeDialogInput, c: AttackChoices): FudgeLine {
  const level = (c.arrows > 1 ? 0 : levelOfTrait(input, c.trait)) + c.modifier + input.penalty;
  const formula = fudgeFormula(level);
  const self = input.self;
  const opponent = input.opponent?.fighter;
  if (c.unopposed || input.ranged) {
    // A shot counts the situation the shooter ticked and the target's missile shield and Scale.
    const target = input.rangedTarget;
    const offense =
      level +
      (input.ranged
        ? rangedModifier({
            cover: c.cover,
            darkness: c.darkness,
            running: c.running,
            sprinting: c.sprinting,
            aiming: c.aiming,
            shield: target?.shield ?? 0,
            relativeScale: target?.relativeScale ?? 0,
          })
        : stanceMods(c.stance).offense);
    // An aimed blow needs its part's relative degree: that many levels past the difficulty or dodge, less one.
    const past = aimDegree(c.aim) - 1;
    if (c.unopposed || (!opponent && !target)) {
      return {
        formula,
        key: "ANTHOLOGY.Fudge.Dialog.oddsHit",
        data: { chance: pct(chanceToReach(offense, c.difficulty + past)) },
        vs: c.difficulty + past,
      };
    }
    const dodge =
      (target ? target.dodge : (opponent?.skill ?? 0) + (opponent?.modifier ?? 0)) +
      dodgePenalty(input.propelled === true, c.dodgePenalty ?? 2);
    return {
      formula,
      key: "ANTHOLOGY.Fudge.Dialog.oddsHit",
      data: { chance: pct(dodgedOdds(offense, dodge + past, c.difficulty)) },
      vs: null,
    };
  }
  if (!self || !opponent) return { formula, key: "ANTHOLOGY.Fudge.Dialog.oddsNoTarget", data: {}, vs: null };
  // Bare hands fought with a Martial Art are +0, one up on the −1 the dialog was opened with.
  const art = input.martialArts?.includes(traitValue(c.trait)) ? 1 : 0;
  const me: Fighter = {
    ...self,
    reach: self.reach + art,
    blow: { ...self.blow, size: self.blow.size + art },
    aimDegree: aimDegree(c.aim),
    skill: levelOfTrait(input, c.trait),
    modifier: c.modifier + input.penalty,
    stance: c.stance,
    foes: c.foes,
    minimum: c.minimum,
    berserk: c.berserk,
    feint: c.feint,
  };
  const o = meleeOdds(me, { ...opponent, minimum: defenderMinimum(c.minimum) });
  return {
    formula,
    key: "ANTHOLOGY.Fudge.Dialog.oddsMelee",
    data: { hit: pct(o.aHits), hitBack: pct(o.bHits) },
    vs: null,
  };
}

export function responseLine(input: FudgeDialogInput, c: ResponseChoices): FudgeLine {
  const level = levelOfTrait(input, c.trait) + c.modifier + input.penalty;
  const formula = fudgeFormula(level, c.dice ?? 4);
  const opponent = input.opponent;
  if (input.mode === "defend" && input.self && opponent?.fighter) {
    const me: Fighter = {
      ...input.self,
      skill: levelOfTrait(input, c.trait),
      modifier: c.modifier + input.penalty,
      stance: c.stance,
      foes: c.foes,
      berserk: c.berserk,
      feint: c.feint,
      canHurt: input.self.canHurt && !c.defendOnly,
    };
    const o = meleeOdds(opponent.fighter, me);
    return {
      formula,
      key: "ANTHOLOGY.Fudge.Dialog.oddsDefend",
      data: { hit: pct(o.bHits), hitBack: pct(o.aHits) },
      vs: null,
    };
  }
  if (opponent?.level !== undefined) {
    // The roller's chance on 4dF against this answer, its minimum counted: holding is the rest.
    const o = opposedCheckOdds(opponent.level, level, { minimum: opponent.minimum ?? null, resisterDice: c.dice ?? 4 });
    return { formula, key: "ANTHOLOGY.Fudge.Dialog.oddsResist", data: { win: pct(1 - o.win) }, vs: null };
  }
  return { formula, key: "ANTHOLOGY.Fudge.Dialog.oddsOpposedUnknown", data: {}, vs: null };
}

/** A ladder level's label for a select. */
const ladder = (level: number): LadderLabel => ladderLabel(level);

/** A number signed either way (a bonus of −1 reads "−1", never "+-1"), or null for none. */
const signedOrNull = (n: number): string | null => (n ? (n > 0 ? `+${n}` : `\u2212${-n}`) : null);

/** The dialog template's view. */
export function dialogView(input: FudgeDialogInput) {
  const selected = traitValue(input.trait);
  const range = (from: number, to: number, chosen: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => from + i).map((l) => ({
      value: l,
      label: ladder(l),
      selected: l === chosen,
    }));
  return {
    kind: input.kind,
    isCheck: input.kind === "check",
    isAttack: input.kind === "attack",
    isResponse: input.kind === "response",
    ranged: input.ranged === true,
    melee: input.ranged !== true && (input.kind === "attack" || input.mode === "defend"),
    defend: input.mode === "defend",
    // Wounds and stun take off; a won Tactics roll and effects' bonuses add, each on its own line.
    penalty: signedOrNull(input.penalty - (input.effects ?? 0) - (input.tactics ?? 0)),
    tactics: signedOrNull(input.tactics ?? 0),
    effects: signedOrNull(input.effects ?? 0),
    modifierMin: -MODIFIER_MAX,
    modifierMax: MODIFIER_MAX,
    traits: input.traits.map((t) => ({ ...t, selected: t.value === selected })),
    difficulties: range(DIFFICULTY_MIN, DIFFICULTY_MAX, input.kind === "attack" && !input.ranged ? -2 : 0),
    opposedOffered: (input.targets ?? 0) > 0,
    minimums: range(MINIMUM_CHOICES.lowest, MINIMUM_CHOICES.highest, input.minimum ?? -2),
    checkMinimums: range(DIFFICULTY_MIN, DIFFICULTY_MAX, Number.NaN),
    npcDice: input.mode === "resist" && input.npcDice === true,
    stances: STANCE_IDS.map((s) => ({ value: s, labelKey: FUDGE_STANCE_KEYS[s], selected: s === input.stance })),
    stanceLocked: input.stanceLocked === true,
    pulls: WOUNDS.slice(0, 4).map((w) => ({ value: w, labelKey: FUDGE_WOUND_KEYS[w] })),
    ranges: RANGE_BANDS.map((r) => ({
      value: r,
      labelKey: FUDGE_RANGE_KEYS[r],
      difficulty: ladder((input.ranges ?? RANGE_DIFFICULTY)[r]),
      selected: r === "medium",
    })),
    extremes: range(
      (input.ranges ?? RANGE_DIFFICULTY).extreme,
      DIFFICULTY_MAX,
      (input.ranges ?? RANGE_DIFFICULTY).extreme,
    ),
    weapons: input.weapons ?? [],
    aims: AIM_PARTS.map((part) => ({
      value: part,
      labelKey: FUDGE_LOCATION_KEYS[part],
      degree: String(AIM_DEGREE[part]),
    })),
    // The random table, then the attack-type table's groups (high, low, shot, brawl).
    attackGroups: Object.entries(ATTACK_TYPE_GROUPS).map(([group, types]) => ({
      labelKey: FUDGE_ATTACK_GROUP_KEYS[group as keyof typeof ATTACK_TYPE_GROUPS],
      types: types.map((t) => ({ value: t, labelKey: FUDGE_ATTACK_TYPE_KEYS[t] })),
    })),
    propelled: input.kind === "attack" && input.ranged === true && input.propelled === true,
    dodgeAt: input.mode === "dodge" && input.dodgeAt ? `\u2212${input.dodgeAt}` : null,
  };
}

export { meleeExchange };
