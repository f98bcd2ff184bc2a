/**
 * What OpenD6's cards store, and how it is read back: as untrusted data, every field checked. Numbers
 * shown on a card are for reading only; the GM works the outcome out again when applying.
 */
import { CardError, finite, flag, oneOf, ref, text, whole, type CardRef, type CardSchema } from "../../../play/card";
import {
  CALLED_SHOTS,
  COVERS,
  DEFENSE_KINDS,
  HIT_LOCATIONS,
  LIGHTINGS,
  MANEUVERS,
  SMOKES,
  MAX_AIM_DICE,
  MAX_SHOTS,
  MAX_CP_PER_ROLL,
  OPEND6_ATTRIBUTES,
  OPEND6_SKILL_IDS,
  POSTURES,
  RANGES,
  SPENDS,
  WEAPON_SKILLS,
  type SpendRecord,
} from "../rules";
import type { OpenD6RollChoices } from "./dialog-form";

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

const rollIndex = (v: unknown, field: string) => whole(v, field, 0, 64);
const optionalRoll = (v: unknown, field: string) => (v === null || v === undefined ? null : rollIndex(v, field));
const optionalNumber = (v: unknown, field: string) => (v === null || v === undefined ? null : finite(v, field));

/** The dialog's choices, as stored (in a roll's request or a card). */
export function readChoices(raw: unknown): OpenD6RollChoices {
  if (!isRecord(raw)) throw new CardError("choices are missing");
  return {
    actions: whole(raw.actions ?? 1, "actions", 1, 10),
    bonusDice: whole(raw.bonusDice ?? 0, "bonusDice", 0, 20),
    characterPoints: whole(raw.characterPoints ?? 0, "characterPoints", 0, MAX_CP_PER_ROLL),
    fatePoint: flag(raw.fatePoint),
    ...(raw.difficulty === undefined ? {} : { difficulty: optionalNumber(raw.difficulty, "difficulty") }),
    ...(raw.range === undefined ? {} : { range: oneOf(raw.range, RANGES, "range") }),
    ...(raw.cover === undefined ? {} : { cover: oneOf(raw.cover, COVERS, "cover") }),
    ...(raw.posture === undefined ? {} : { posture: oneOf(raw.posture, POSTURES, "posture") }),
    ...(raw.aim === undefined ? {} : { aim: whole(raw.aim, "aim", 0, MAX_AIM_DICE) }),
    ...(raw.defense === undefined || raw.defense === null
      ? {}
      : { defense: oneOf(raw.defense, DEFENSE_KINDS, "defense") }),
    ...(raw.maneuver === undefined ? {} : { maneuver: oneOf(raw.maneuver, MANEUVERS, "maneuver") }),
    ...(raw.calledShot === undefined ? {} : { calledShot: oneOf(raw.calledShot, CALLED_SHOTS, "calledShot") }),
    ...(raw.location === undefined ? {} : { location: oneOf(raw.location, HIT_LOCATIONS, "location") }),
    ...(raw.shots === undefined ? {} : { shots: whole(raw.shots, "shots", 1, MAX_SHOTS) }),
    ...(raw.quickDraw === undefined ? {} : { quickDraw: whole(raw.quickDraw, "quickDraw", 0, 20) }),
    ...(raw.acrobaticsDifficulty === undefined
      ? {}
      : { acrobaticsDifficulty: whole(raw.acrobaticsDifficulty, "acrobaticsDifficulty", 0, 1000) }),
    ...(raw.acrobaticsTotal === undefined
      ? {}
      : { acrobaticsTotal: whole(raw.acrobaticsTotal, "acrobaticsTotal", 0, 1000) }),
    ...(raw.twoWeapons === undefined ? {} : { twoWeapons: flag(raw.twoWeapons) }),
    ...(raw.lighting === undefined ? {} : { lighting: oneOf(raw.lighting, LIGHTINGS, "lighting") }),
    ...(raw.smoke === undefined ? {} : { smoke: oneOf(raw.smoke, SMOKES, "smoke") }),
    ...(raw.unwieldy === undefined ? {} : { unwieldy: flag(raw.unwieldy) }),
    ...(raw.modifier === undefined ? {} : { modifier: whole(raw.modifier, "modifier", -1000, 1000) }),
    ...(raw.parryWith === undefined ? {} : { parryWith: text(raw.parryWith, "parryWith") }),
    ...(raw.stumbled === undefined ? {} : { stumbled: flag(raw.stumbled) }),
    ...(raw.disarmWeapon === undefined ? {} : { disarmWeapon: text(raw.disarmWeapon, "disarmWeapon") }),
  };
}

/** The spends after a roll as the card shows them (the GM reads them again from the dice). */
function readSpends(raw: unknown): SpendRecord[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw) || raw.length > 64) throw new CardError("spends is not a short list");
  return raw.map((s, i) => {
    if (!isRecord(s)) throw new CardError(`spends[${i}] is not a spend`);
    return {
      kind: oneOf(s.kind, SPENDS, `spends[${i}].kind`),
      roll: rollIndex(s.roll, `spends[${i}].roll`),
      total: finite(s.total, `spends[${i}].total`),
    };
  });
}

/** What a check rolled: an attribute, or a skill (its attribute's dice and its own). */
export interface RolledTrait {
  readonly kind: "attribute" | "skill";
  readonly id: string;
}

export function readTrait(raw: unknown): RolledTrait {
  if (!isRecord(raw)) throw new CardError("trait is missing");
  const kind = oneOf(raw.kind, ["attribute", "skill"] as const, "trait.kind");
  const id =
    kind === "attribute" ? oneOf(raw.id, OPEND6_ATTRIBUTES, "trait.id") : oneOf(raw.id, OPEND6_SKILL_IDS, "trait.id");
  return { kind, id };
}

/** A check card: the trait, the code and penalties, the roll, and how it went against the difficulty. */
export interface OpenD6CheckData {
  readonly trait: RolledTrait;
  readonly choices: OpenD6RollChoices;
  /** The code before the dialog's choices. */
  readonly code: string;
  readonly formula: string;
  readonly woundPenalty: number;
  readonly total: number;
  readonly difficulty: number | null;
  readonly success: boolean | null;
  readonly complication: boolean;
  /** Points spent after the roll, each with its roll (the total includes them). */
  readonly spends?: readonly SpendRecord[];
}

export const checkSchema: CardSchema<OpenD6CheckData, Record<string, never>> = {
  data: (raw) => ({
    trait: readTrait(raw.trait),
    choices: readChoices(raw.choices),
    code: text(raw.code ?? "", "code"),
    formula: text(raw.formula ?? "", "formula"),
    woundPenalty: whole(raw.woundPenalty ?? 0, "woundPenalty", 0, 100),
    total: finite(raw.total ?? 0, "total"),
    difficulty: optionalNumber(raw.difficulty, "difficulty"),
    success: raw.success === null || raw.success === undefined ? null : flag(raw.success),
    complication: flag(raw.complication),
    spends: readSpends(raw.spends),
  }),
  target: () => ({}),
};

/** A weapon as it was when it rolled: for the card's text (the GM reads the live item). */
export interface CardWeapon {
  readonly damage: string;
  readonly skill: string;
}

/** An attack card: the weapon, the choices, the attack roll. */
export interface OpenD6AttackData {
  /** The weapon, or null for an unarmed blow (brawling, Strength Damage). */
  readonly item: CardRef | null;
  readonly weapon: CardWeapon;
  readonly choices: OpenD6RollChoices;
  readonly code: string;
  readonly formula: string;
  readonly woundPenalty: number;
  readonly attackRoll: number;
  readonly total: number;
  readonly complication: boolean;
  /** The damage code rolled on a hit. */
  readonly damageCode: string;
  /** Points spent after the attack roll, each with its roll (the total includes them). */
  readonly spends?: readonly SpendRecord[];
}

/** One target of an attack: the difficulty it set, whether it was hit, and a hit's damage and resistance. */
export interface OpenD6AttackRow {
  readonly difficulty: {
    readonly defense: number;
    readonly options: number;
    readonly range: number;
    readonly cover: number;
    readonly posture: number;
    readonly scale: number;
    readonly situation?: number;
    readonly value: number;
  };
  /** The attack total with scale's skill bonus, as compared. */
  readonly attack: number;
  readonly hit: boolean;
  readonly damageRoll: number | null;
  readonly resistanceRoll: number | null;
  readonly damage: number | null;
  readonly resistance: number | null;
  readonly resistanceCode: string | null;
  /** The target stood behind an active defense (its value is the difficulty's defense). */
  readonly activeDefense?: "full" | "partial" | null;
  /**
   * A miss that still hurts: "parry", a blade parried an unarmed blow (this row's target is the
   * attacker, `by` the parrying defender); "block", a body blocked a blade (this row's target).
   */
  readonly struck?: "parry" | "block" | null;
  readonly by?: string | null;
  /**
   * The blade's listed damage code a miss deals this target: it stood behind a body block, unarmored,
   * when the attack was rolled. For the row's chances only (display); the apply reads the defense again.
   */
  readonly missDamage?: string | null;
  /** A disarm's hit: the target's grip roll (Physique or lifting) against the damage. */
  readonly gripRoll?: number | null;
  readonly grip?: number | null;
}

export const attackSchema: CardSchema<OpenD6AttackData, OpenD6AttackRow> = {
  data: (raw) => {
    if (!isRecord(raw.weapon)) throw new CardError("weapon is missing");
    return {
      item: raw.item === null ? null : ref(raw.item, "item"),
      weapon: {
        damage: text(raw.weapon.damage ?? "", "weapon.damage"),
        skill: oneOf(raw.weapon.skill, WEAPON_SKILLS, "weapon.skill"),
      },
      choices: readChoices(raw.choices),
      code: text(raw.code ?? "", "code"),
      formula: text(raw.formula ?? "", "formula"),
      woundPenalty: whole(raw.woundPenalty ?? 0, "woundPenalty", 0, 100),
      attackRoll: rollIndex(raw.attackRoll ?? 0, "attackRoll"),
      total: finite(raw.total ?? 0, "total"),
      complication: flag(raw.complication),
      damageCode: text(raw.damageCode ?? "", "damageCode"),
      spends: readSpends(raw.spends),
    };
  },
  target: (raw) => {
    const d = raw.difficulty;
    if (!isRecord(d)) throw new CardError("difficulty is missing");
    return {
      difficulty: {
        defense: finite(d.defense, "difficulty.defense"),
        options: finite(d.options ?? 0, "difficulty.options"),
        range: finite(d.range ?? 0, "difficulty.range"),
        cover: finite(d.cover ?? 0, "difficulty.cover"),
        posture: finite(d.posture ?? 0, "difficulty.posture"),
        scale: finite(d.scale ?? 0, "difficulty.scale"),
        situation: finite(d.situation ?? 0, "difficulty.situation"),
        value: finite(d.value, "difficulty.value"),
      },
      attack: finite(raw.attack ?? 0, "attack"),
      hit: flag(raw.hit),
      damageRoll: optionalRoll(raw.damageRoll, "damageRoll"),
      resistanceRoll: optionalRoll(raw.resistanceRoll, "resistanceRoll"),
      damage: optionalNumber(raw.damage, "damage"),
      resistance: optionalNumber(raw.resistance, "resistance"),
      resistanceCode:
        raw.resistanceCode === null || raw.resistanceCode === undefined
          ? null
          : text(raw.resistanceCode, "resistanceCode"),
      activeDefense:
        raw.activeDefense === null || raw.activeDefense === undefined
          ? null
          : oneOf(raw.activeDefense, DEFENSE_KINDS, "activeDefense"),
      struck:
        raw.struck === null || raw.struck === undefined
          ? null
          : oneOf(raw.struck, ["parry", "block"] as const, "struck"),
      by: raw.by === null || raw.by === undefined ? null : text(raw.by, "by"),
      missDamage: raw.missDamage === null || raw.missDamage === undefined ? null : text(raw.missDamage, "missDamage"),
      gripRoll: optionalRoll(raw.gripRoll, "gripRoll"),
      grip: optionalNumber(raw.grip, "grip"),
    };
  },
};
