/**
 * What Fading Suns' cards store, and how it is read back: as untrusted data, every field checked. The
 * numbers on a card are for reading; the GM works the outcome out again when applying.
 */
import {
  CardError,
  MAX_TARGETS,
  finite,
  flag,
  oneOf,
  ref,
  text,
  whole,
  type CardRef,
  type CardSchema,
} from "../../../play/card";
import {
  CALLED_SHOT,
  CHARACTERISTICS,
  CONDITIONS,
  FIGHT_ACTIONS,
  FIRE_ACTIONS,
  GOAL_LEVELS,
  MAX_AIM,
  MAX_COMPLEMENTARY_VP,
  MAX_ATTACKS,
  MAX_GROUP,
  MOVES,
  OWN_COVER,
  CONTEST_ACTIONS,
  RESIST_ACTIONS,
  RANGE_BANDS,
  SIGHT,
  SUSTAINED_TASKS,
  SOUND,
  SPIRIT_SITUATIONS,
  TARGET_COVER,
  TARGET_POSTURE,
  WEAPON_KINDS,
  WEAPON_SKILLS,
  ids,
  type Characteristic,
  type GoalOutcome,
  type GoalPart,
  type ContestAction,
  type KnockdownSide,
  type ResistAction,
  type SustainedTask,
  type TargetDefense,
  type WeaponKind,
  type WeaponSkill,
} from "../rules";
import type { FsRollChoices } from "./dialog-form";

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const OUTCOMES = ["success", "critical", "failure", "criticalFailure"] as const;
const d20 = (v: unknown, field: string) => whole(v, field, 1, 20);
const optionalD20 = (v: unknown, field: string) => (v === null || v === undefined ? null : d20(v, field));
const optional = <T>(raw: unknown, read: (v: unknown) => T) => (raw === undefined ? {} : read(raw));

/** The dialog's choices, as stored (in a roll's request or a card). */
export function readChoices(raw: unknown): FsRollChoices {
  if (!isRecord(raw)) throw new CardError("choices are missing");
  const conditions = raw.conditions ?? [];
  if (!Array.isArray(conditions) || conditions.length > CONDITIONS.length) throw new CardError("conditions");
  const calledShot = whole(raw.calledShot ?? 0, "calledShot", -6, 0);
  if (!(CALLED_SHOT as readonly number[]).includes(calledShot)) throw new CardError("calledShot");
  return {
    level: oneOf(raw.level ?? "standard", ids(GOAL_LEVELS), "level"),
    sight: oneOf(raw.sight ?? "none", ids(SIGHT), "sight"),
    sound: oneOf(raw.sound ?? "none", ids(SOUND), "sound"),
    conditions: conditions.map((c) => oneOf(c, ids(CONDITIONS), "conditions")),
    calledShot,
    ownCover: oneOf(raw.ownCover ?? "none", ids(OWN_COVER), "ownCover"),
    fromGround: flag(raw.fromGround),
    move: oneOf(raw.move ?? "none", ids(MOVES), "move"),
    other: whole(raw.other ?? 0, "other", -30, 30),
    combat: flag(raw.combat),
    ...optional(raw.spirit, (v) => ({ spirit: oneOf(v, ids(SPIRIT_SITUATIONS), "spirit") })),
    ...optional(raw.complementary, (v) => ({ complementary: whole(v, "complementary", 0, MAX_COMPLEMENTARY_VP) })),
    ...optional(raw.quickRating, (v) => ({ quickRating: whole(v, "quickRating", 0, 40) })),
    ...optional(raw.sameTurn, (v) => ({ sameTurn: flag(v) })),
    ...optional(raw.task, (v) => ({ task: oneOf(v, ids(SUSTAINED_TASKS), "task") })),
    ...optional(raw.characteristic, (v) => ({ characteristic: oneOf(v, CHARACTERISTICS, "characteristic") })),
    ...optional(raw.fightAction, (v) => ({ fightAction: oneOf(v, ids(FIGHT_ACTIONS), "fightAction") })),
    ...optional(raw.fireAction, (v) => ({ fireAction: oneOf(v, ids(FIRE_ACTIONS), "fireAction") })),
    ...optional(raw.range, (v) => ({ range: oneOf(v, RANGE_BANDS, "range") })),
    ...optional(raw.aim, (v) => ({ aim: whole(v, "aim", 0, MAX_AIM) })),
    ...optional(raw.charge, (v) => ({ charge: whole(v, "charge", 0, 100) })),
    ...optional(raw.targetCover, (v) => ({ targetCover: oneOf(v, ids(TARGET_COVER), "targetCover") })),
    ...optional(raw.targetPosture, (v) => ({ targetPosture: oneOf(v, ids(TARGET_POSTURE), "targetPosture") })),
    ...optional(raw.targetSlippery, (v) => ({ targetSlippery: flag(v) })),
    ...optional(raw.group, (v) => ({ group: whole(v, "group", 1, MAX_GROUP) })),
    ...optional(raw.attacks, (v) => ({ attacks: whole(v, "attacks", 1, MAX_ATTACKS) })),
  };
}

function readParts(raw: unknown): GoalPart[] {
  if (!Array.isArray(raw) || raw.length > 32) throw new CardError("parts");
  return raw.map((p, i) => {
    if (!isRecord(p)) throw new CardError(`parts[${i}]`);
    return { id: text(p.id, `parts[${i}].id`), value: finite(p.value, `parts[${i}].value`, -100, 100) };
  });
}

/** The skill a goal roll used: a natural skill by id, or a learned skill (an item) by uuid and name. */
export interface RolledSkill {
  readonly kind: "natural" | "learned";
  readonly id: string;
  readonly name: string;
}

export function readSkill(raw: unknown): RolledSkill {
  if (!isRecord(raw)) throw new CardError("skill is missing");
  return {
    kind: oneOf(raw.kind, ["natural", "learned"] as const, "skill.kind"),
    id: text(raw.id, "skill.id"),
    name: text(raw.name ?? "", "skill.name"),
  };
}

/** The d20 and its reroll, and how the roll went. */
interface Rolled {
  readonly natural: number;
  readonly parts: GoalPart[];
  readonly goal: number;
  readonly roll: number;
  readonly reroll: number | null;
}

function readRolled(raw: Record<string, unknown>): Rolled {
  return {
    natural: whole(raw.natural, "natural", -100, 100),
    parts: readParts(raw.parts),
    goal: whole(raw.goal, "goal", -200, 200),
    roll: d20(raw.roll, "roll"),
    reroll: optionalD20(raw.reroll, "reroll"),
  };
}

/** A goal roll card. */
export interface FsGoalData extends Rolled {
  readonly characteristic: Characteristic;
  readonly skill: RolledSkill;
  readonly choices: FsRollChoices;
  readonly combat: boolean;
  readonly outcome: GoalOutcome;
  readonly victoryPoints: number;
  /** A roll answering another card: a contest's row, or (row null) a further roll of a sustained task. */
  readonly link: { readonly against: string; readonly row: number | null } | null;
  /** A sustained task: the chart's task, the further rolls' messages and the VP gathered (the GM's count). */
  readonly task: SustainedTask | null;
  readonly steps: string[];
  readonly total: number;
}

/** A contest's row: the target's answer once the GM has linked it (net VP and who won). */
export interface FsContestRow {
  readonly result: {
    readonly response: string;
    readonly vp: number;
    readonly winner: "a" | "b" | "push";
    readonly net: number;
  } | null;
}

function readLink(raw: unknown): FsGoalData["link"] {
  if (raw === null || raw === undefined) return null;
  if (!isRecord(raw)) throw new CardError("link");
  return {
    against: text(raw.against, "link.against"),
    row: raw.row === null || raw.row === undefined ? null : whole(raw.row, "link.row", 0, MAX_TARGETS - 1),
  };
}

export const goalSchema: CardSchema<FsGoalData, FsContestRow> = {
  data: (raw) => ({
    link: readLink(raw.link),
    task: raw.task === null || raw.task === undefined ? null : oneOf(raw.task, ids(SUSTAINED_TASKS), "task"),
    steps: Array.isArray(raw.steps) && raw.steps.length <= 100 ? raw.steps.map((s, i) => text(s, `steps[${i}]`)) : [],
    total: whole(raw.total ?? 0, "total", 0, 10000),
    ...readRolled(raw),
    characteristic: oneOf(raw.characteristic, CHARACTERISTICS, "characteristic"),
    skill: readSkill(raw.skill),
    choices: readChoices(raw.choices),
    combat: flag(raw.combat),
    outcome: oneOf(raw.outcome, OUTCOMES, "outcome"),
    victoryPoints: whole(raw.victoryPoints, "victoryPoints", 0, 40),
  }),
  target: (raw) => {
    const r = raw.result;
    if (!isRecord(r)) return { result: null };
    return {
      result: {
        response: text(r.response, "result.response"),
        vp: whole(r.vp, "result.vp", 0, 40),
        winner: oneOf(r.winner, ["a", "b", "push"] as const, "result.winner"),
        net: whole(r.net, "result.net", 0, 40),
      },
    };
  },
};

/** A weapon as it was when it rolled (null DMG: unarmed). */
export interface CardWeapon {
  readonly damage: number | null;
  readonly goal: number;
  readonly skill: WeaponSkill;
  readonly kind: WeaponKind;
}

/** An attack card: the weapon (none: unarmed), the choices, the goal before Defense, the d20s. */
export interface FsAttackData extends Rolled {
  readonly item: CardRef | null;
  readonly weapon: CardWeapon;
  readonly choices: FsRollChoices;
  /** A hit's damage: weapon (or the action's), Strength, stance, burst. */
  readonly damage: {
    readonly base: number;
    readonly strength: number;
    readonly stance: number;
    readonly action: number;
    /** What the attacker's Active Effects add (system.bonuses.damage); absent on older cards: 0. */
    readonly effects?: number;
  };
  readonly effectDice: number;
}

/**
 * A target's numbers when the attack was rolled, beside its Defense and armor, for the row's outcome odds
 * (display only: the GM's apply reads the target now): Vitality left, and a knock-out's Endurance + Vigor
 * with the wound penalties from the last level up.
 */
export interface FsFoe {
  readonly vitality: number;
  readonly endurance: number;
  readonly vigor: number;
  readonly woundPenalties: readonly number[];
}

function readFoe(raw: unknown): FsFoe | null {
  if (raw === null || raw === undefined) return null;
  if (!isRecord(raw)) throw new CardError("foe");
  const penalties = raw.woundPenalties ?? [];
  if (!Array.isArray(penalties) || penalties.length > 10) throw new CardError("foe.woundPenalties");
  return {
    vitality: whole(raw.vitality, "foe.vitality", -1000, 1000),
    endurance: whole(raw.endurance ?? 0, "foe.endurance", 0, 100),
    vigor: whole(raw.vigor ?? 0, "foe.vigor", 0, 100),
    woundPenalties: penalties.map((p, i) => whole(p, `foe.woundPenalties[${i}]`, -20, 0)),
  };
}

/** One target of an attack: its Defense, the goal against it, how the roll went, a hit's damage. */
export interface FsAttackRow {
  readonly defense: TargetDefense;
  readonly goal: number;
  readonly outcome: GoalOutcome;
  readonly victoryPoints: number;
  readonly hit: boolean;
  readonly damage: number | null;
  readonly armor: number;
  /** The target's numbers for the row's outcome odds (absent on older cards: no odds line). */
  readonly foe?: FsFoe | null;
}

export const attackSchema: CardSchema<FsAttackData, FsAttackRow> = {
  data: (raw) => {
    const weapon = raw.weapon;
    const damage = raw.damage;
    if (!isRecord(weapon)) throw new CardError("weapon is missing");
    if (!isRecord(damage)) throw new CardError("damage is missing");
    return {
      ...readRolled(raw),
      item: raw.item === null || raw.item === undefined ? null : ref(raw.item, "item"),
      weapon: {
        damage:
          weapon.damage === null || weapon.damage === undefined ? null : whole(weapon.damage, "weapon.damage", 0, 100),
        goal: whole(weapon.goal ?? 0, "weapon.goal", -30, 30),
        skill: oneOf(weapon.skill, WEAPON_SKILLS, "weapon.skill"),
        kind: oneOf(weapon.kind, WEAPON_KINDS, "weapon.kind"),
      },
      choices: readChoices(raw.choices),
      damage: {
        base: whole(damage.base, "damage.base", 0, 100),
        strength: whole(damage.strength ?? 0, "damage.strength", 0, 100),
        stance: whole(damage.stance ?? 0, "damage.stance", 0, 100),
        action: whole(damage.action ?? 0, "damage.action", 0, 100),
        effects: whole(damage.effects ?? 0, "damage.effects", -100, 100),
      },
      effectDice: whole(raw.effectDice ?? 0, "effectDice", 0, 100),
    };
  },
  target: (raw) => {
    const d = raw.defense;
    if (!isRecord(d)) throw new CardError("defense is missing");
    return {
      defense: {
        own: whole(d.own, "defense.own", -100, 100),
        conditions: whole(d.conditions ?? 0, "defense.conditions", -100, 100),
        burst: whole(d.burst ?? 0, "defense.burst", -100, 100),
        value: whole(d.value, "defense.value", -100, 100),
      },
      goal: whole(raw.goal, "goal", -200, 200),
      outcome: oneOf(raw.outcome, OUTCOMES, "outcome"),
      victoryPoints: whole(raw.victoryPoints ?? 0, "victoryPoints", 0, 40),
      hit: flag(raw.hit),
      damage: raw.damage === null || raw.damage === undefined ? null : whole(raw.damage, "damage", 0, 1000),
      armor: whole(raw.armor ?? 0, "armor", 0, 1000),
      foe: readFoe(raw.foe),
    };
  },
};

/**
 * A target's roll against a hit's damage (knock-out: to stay conscious; disarm: to keep its weapon): the
 * attack card and row it answers, the damage on record, the goal, the d20s. Its one row is the roller.
 */
export interface FsResistData extends Rolled {
  readonly against: string;
  readonly row: number;
  readonly action: ResistAction;
  /** The Vitality the hit took, as the target's record says (the goal's penalty). */
  readonly damage: number;
  readonly outcome: GoalOutcome;
  readonly victoryPoints: number;
}

export const resistSchema: CardSchema<FsResistData, Record<string, never>> = {
  data: (raw) => ({
    ...readRolled(raw),
    against: text(raw.against, "against"),
    row: whole(raw.row, "row", 0, MAX_TARGETS - 1),
    action: oneOf(raw.action, RESIST_ACTIONS, "action"),
    damage: whole(raw.damage ?? 0, "damage", 0, 1000),
    outcome: oneOf(raw.outcome, OUTCOMES, "outcome"),
    victoryPoints: whole(raw.victoryPoints ?? 0, "victoryPoints", 0, 40),
  }),
  target: () => ({}),
};

/**
 * One side of knockdown's contest: the attacker's Strength + Fight (against the applied knockdown hit:
 * its attack card and row; its one row is the target, which the GM applies) or the target's Dexterity +
 * Vigor (against the attacker's side: its card, row 0; nothing to apply).
 */
export interface FsKnockdownData extends Rolled {
  /** The fight action whose contest this is: knockdown, or grapple (Strength + Vigor on both sides). */
  readonly action: ContestAction;
  readonly side: KnockdownSide;
  readonly against: string;
  readonly row: number;
  readonly outcome: GoalOutcome;
  readonly victoryPoints: number;
}

export const knockdownSchema: CardSchema<FsKnockdownData, Record<string, never>> = {
  data: (raw) => ({
    ...readRolled(raw),
    action: oneOf(raw.action ?? "knockdown", CONTEST_ACTIONS, "action"),
    side: oneOf(raw.side, ["attacker", "defender"] as const, "side"),
    against: text(raw.against, "against"),
    row: whole(raw.row, "row", 0, MAX_TARGETS - 1),
    outcome: oneOf(raw.outcome, OUTCOMES, "outcome"),
    victoryPoints: whole(raw.victoryPoints ?? 0, "victoryPoints", 0, 40),
  }),
  target: () => ({}),
};

/** A grapple's damage for one round of the hold: the won grapple's contest card it answers, and the round. */
export interface FsHoldData {
  readonly against: string;
  readonly round: number;
}

export const holdSchema: CardSchema<FsHoldData, Record<string, never>> = {
  data: (raw) => ({ against: text(raw.against, "against"), round: whole(raw.round, "round", 0, 100000) }),
  target: () => ({}),
};
