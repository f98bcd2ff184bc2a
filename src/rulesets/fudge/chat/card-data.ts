/**
 * FUDGE card data as stored on chat messages, read as untrusted input (CardError on anything wrong).
 * Numbers here are what the card shows; the GM's apply works every one of them out again from the
 * dice and the documents.
 */
import { CardError, finite, flag, oneOf, ref, text, whole, type CardRef, type CardSchema } from "../../../play/card";
import { STANCE_IDS, WOUNDS, type StanceId, type Wound } from "../rules/combat";
import { AIM_PARTS, ATTACK_TYPES, BODY_PARTS, type AimPart, type AttackType, type BodyPart } from "../rules/locations";
import { RANGE_BANDS, type PropelledDodge, type RangeBand } from "../rules/play";
import { NPC_DICE, type NpcDice } from "../rules/actions";

/** Where a hit lands: the random table's parts, the attack-type table's and the aimed blows'. */
export const HIT_LOCATIONS = BODY_PARTS;
export type HitLocation = BodyPart;
import { readTrait, type TraitChoice } from "../data/source";

function npcDice(raw: unknown, field: string): NpcDice {
  const n = whole(raw, field, 0, 4);
  if (!(NPC_DICE as readonly number[]).includes(n)) throw new CardError(`${field} is not 4, 2, 1 or 0 dice`);
  return n as NpcDice;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function trait(raw: unknown, field: string): TraitChoice {
  const t = readTrait(raw);
  if (!t) throw new CardError(`${field} is not a trait`);
  return t;
}

const level = (v: unknown, field: string) => whole(v, field, -50, 50);
const optionalLevel = (v: unknown, field: string) => (v === null || v === undefined ? null : level(v, field));
const wound = (v: unknown, field: string): Wound | null =>
  v === null || v === undefined ? null : oneOf(v, WOUNDS, field);

/** A side of a worked-out attack, as a card shows it. */
export interface SideSummary {
  readonly offense: number;
  readonly defense: number;
  readonly hits: boolean;
  readonly relativeDegree: number;
  readonly damage: number | null;
  readonly graze: boolean;
  readonly wound: "undamaged" | Wound | null;
  /** Scale alone kept the hit from doing damage: the GM rolls one die at Apply (shown; read again). */
  readonly scaleStopped?: boolean;
}

function side(raw: unknown, field: string): SideSummary {
  if (!isRecord(raw)) throw new CardError(`${field} is missing`);
  return {
    offense: level(raw.offense, `${field}.offense`),
    defense: level(raw.defense, `${field}.defense`),
    hits: flag(raw.hits),
    relativeDegree: level(raw.relativeDegree, `${field}.relativeDegree`),
    damage: optionalLevel(raw.damage, `${field}.damage`),
    graze: flag(raw.graze),
    wound: raw.wound === "undamaged" ? "undamaged" : wound(raw.wound, `${field}.wound`),
    scaleStopped: flag(raw.scaleStopped),
  };
}

/**
 * What an attack or opposed check came to on one row: the attacker's side (a) and, in a melee
 * exchange, the defender's blow back (b); for a check, the two rolled degrees.
 */
export interface RowResult {
  readonly a: SideSummary;
  readonly b: SideSummary | null;
  readonly standOff: boolean;
  /** The response card this row was answered by, if any. */
  readonly response: string | null;
  /** The response's rolled result, as shown. */
  readonly responseTotal: number | null;
}

export function rowResult(raw: unknown): RowResult | null {
  if (raw === null || raw === undefined) return null;
  if (!isRecord(raw)) throw new CardError("result is not a result");
  return {
    a: side(raw.a, "result.a"),
    b: raw.b === null || raw.b === undefined ? null : side(raw.b, "result.b"),
    standOff: flag(raw.standOff),
    response: raw.response === null || raw.response === undefined ? null : text(raw.response, "result.response"),
    responseTotal: optionalLevel(raw.responseTotal, "result.responseTotal"),
  };
}

/** A target row of a check or attack card. */
export interface FudgeRow {
  /** Whether the target answers with its own roll (opposed), or the row was judged at once. */
  readonly opposed: boolean;
  readonly result: RowResult | null;
}

const rowSchema = (raw: Record<string, unknown>): FudgeRow => ({
  opposed: flag(raw.opposed),
  result: rowResult(raw.result),
});

/** A check: a trait (or a situational roll) against a difficulty, or opposed by each target. */
export interface FudgeCheckData {
  readonly trait: TraitChoice;
  readonly traitName: string;
  /** The trait's level when rolled. */
  readonly level: number;
  readonly modifier: number;
  readonly penalty: number;
  readonly difficulty: number | null;
  /** The rolled degree (what the card shows; the GM reads the dice again). */
  readonly total: number;
  /** Opposed: the lowest result that succeeds at all, or null (the reader gives null when absent). */
  readonly minimum?: number | null;
  /** A unit leader's Tactics roll: its winner gets +1 to all rolls during the combat (false when absent). */
  readonly tactics?: boolean;
}

export const checkSchema: CardSchema<FudgeCheckData, FudgeRow> = {
  data: (raw) => ({
    trait: trait(raw.trait, "trait"),
    traitName: text(raw.traitName, "traitName"),
    level: level(raw.level, "level"),
    modifier: level(raw.modifier, "modifier"),
    penalty: level(raw.penalty, "penalty"),
    difficulty: optionalLevel(raw.difficulty, "difficulty"),
    total: level(raw.total, "total"),
    minimum: optionalLevel(raw.minimum, "minimum"),
    tactics: flag(raw.tactics),
  }),
  target: rowSchema,
};

/** What an attacker chose in the attack dialog (also carried by the roll itself). */
export interface AttackChoices {
  readonly trait: TraitChoice;
  readonly modifier: number;
  readonly stance: StanceId;
  readonly foes: number;
  readonly minimum: number;
  readonly berserk: boolean;
  readonly feint: boolean;
  readonly pull: Wound | null;
  readonly stun: boolean;
  /** The target cannot fight back (unaware, helpless): an unopposed roll against `difficulty`. */
  readonly unopposed: boolean;
  /** Unopposed melee: the difficulty (usually Poor). Ranged: the range band's difficulty. */
  readonly difficulty: number;
  readonly range: RangeBand;
  readonly cover: boolean;
  readonly darkness: boolean;
  readonly running: boolean;
  readonly sprinting: boolean;
  readonly aiming: boolean;
  /** A mass battle: units roll skill + relative Scale, the winner's weapon and degree set the losses. */
  readonly mass: boolean;
  /** A skilled archer's volley: this many arrows this round, each shot at Fair. */
  readonly arrows: number;
  /** Roll where a hit lands (4dF on the text's location table). */
  readonly location: boolean;
  /** Read the location roll on the attack-type table (high, low, shot, brawl); null: the random table. */
  readonly attackType: AttackType | null;
  /** An aimed blow: the part aimed at (it needs the text's relative degree), or null. */
  readonly aim: AimPart | null;
  /** A propelled missile is dodged at −2 or −3 (the reader gives 2 when absent). */
  readonly dodgePenalty?: PropelledDodge;
}

export function readAttackChoices(raw: unknown): AttackChoices {
  if (!isRecord(raw)) throw new CardError("choices are missing");
  return {
    trait: trait(raw.trait, "choices.trait"),
    modifier: level(raw.modifier, "choices.modifier"),
    stance: oneOf(raw.stance ?? "normal", STANCE_IDS, "choices.stance"),
    foes: whole(raw.foes ?? 1, "choices.foes", 1, 12),
    minimum: level(raw.minimum ?? -2, "choices.minimum"),
    berserk: flag(raw.berserk),
    feint: flag(raw.feint),
    pull: wound(raw.pull, "choices.pull"),
    stun: flag(raw.stun),
    unopposed: flag(raw.unopposed),
    difficulty: level(raw.difficulty ?? 0, "choices.difficulty"),
    range: oneOf(raw.range ?? "medium", RANGE_BANDS, "choices.range"),
    cover: flag(raw.cover),
    darkness: flag(raw.darkness),
    running: flag(raw.running),
    sprinting: flag(raw.sprinting),
    aiming: flag(raw.aiming),
    mass: flag(raw.mass),
    arrows: whole(raw.arrows ?? 1, "choices.arrows", 1, 5),
    location: flag(raw.location),
    attackType:
      raw.attackType === null || raw.attackType === undefined
        ? null
        : oneOf(raw.attackType, ATTACK_TYPES, "choices.attackType"),
    aim: raw.aim === null || raw.aim === undefined ? null : oneOf(raw.aim, AIM_PARTS, "choices.aim"),
    dodgePenalty: whole(raw.dodgePenalty ?? 2, "choices.dodgePenalty", 2, 3) as PropelledDodge,
  };
}

/** An attack with a weapon (or bare hands): melee or ranged, a row per target. */
export interface FudgeAttackData {
  /** The weapon item, or null for bare hands. */
  readonly item: CardRef | null;
  readonly ranged: boolean;
  readonly choices: AttackChoices;
  readonly traitName: string;
  readonly level: number;
  readonly penalty: number;
  readonly total: number;
  /** Where a hit lands, when the attacker rolled for it. */
  readonly location: HitLocation | null;
}

export const attackSchema: CardSchema<FudgeAttackData, FudgeRow> = {
  data: (raw) => ({
    item: raw.item === null || raw.item === undefined ? null : ref(raw.item, "item"),
    ranged: flag(raw.ranged),
    choices: readAttackChoices(raw.choices),
    traitName: text(raw.traitName, "traitName"),
    level: level(raw.level, "level"),
    penalty: level(raw.penalty, "penalty"),
    total: level(raw.total, "total"),
    location:
      raw.location === null || raw.location === undefined ? null : oneOf(raw.location, HIT_LOCATIONS, "location"),
  }),
  target: rowSchema,
};

export const RESPONSE_MODES = Object.freeze(["resist", "defend", "dodge"] as const);
export type ResponseMode = (typeof RESPONSE_MODES)[number];

/** What a responder chose (also carried by the roll). */
export interface ResponseChoices {
  readonly trait: TraitChoice;
  readonly modifier: number;
  readonly stance: StanceId;
  readonly foes: number;
  /** The weapon the defender fights back with (melee), or null for bare hands. */
  readonly weapon: string | null;
  readonly berserk: boolean;
  readonly feint: boolean;
  readonly pull: Wound | null;
  /** Defending only: the defender cannot hurt the attacker, even winning (the reader gives false when absent). */
  readonly defendOnly?: boolean;
  /** The Fudge dice rolled: 4, or for an NPC resisting a check 2, 1 or 0 (the reader gives 4 when absent). */
  readonly dice?: NpcDice;
}

export function readResponseChoices(raw: unknown): ResponseChoices {
  if (!isRecord(raw)) throw new CardError("choices are missing");
  return {
    trait: trait(raw.trait, "choices.trait"),
    modifier: level(raw.modifier, "choices.modifier"),
    stance: oneOf(raw.stance ?? "normal", STANCE_IDS, "choices.stance"),
    foes: whole(raw.foes ?? 1, "choices.foes", 1, 12),
    weapon: raw.weapon === null || raw.weapon === undefined ? null : text(raw.weapon, "choices.weapon"),
    berserk: flag(raw.berserk),
    feint: flag(raw.feint),
    pull: wound(raw.pull, "choices.pull"),
    defendOnly: flag(raw.defendOnly),
    dice: npcDice(raw.dice ?? 4, "choices.dice"),
  };
}

/**
 * A target's answer to a check or attack card: its own roll (resisting a check, defending in melee,
 * dodging a shot). A melee defence has one row, the attacker, for the blow back.
 */
export interface FudgeResponseData {
  readonly mode: ResponseMode;
  /** The card answered, and its row. */
  readonly against: string;
  readonly row: number;
  readonly choices: ResponseChoices;
  readonly traitName: string;
  readonly level: number;
  readonly penalty: number;
  readonly total: number;
  /** The exchange as the GM linked it (what the card shows), or null before. */
  readonly result: RowResult | null;
}

export const responseSchema: CardSchema<FudgeResponseData, FudgeRow> = {
  data: (raw) => ({
    mode: oneOf(raw.mode, RESPONSE_MODES, "mode"),
    against: text(raw.against, "against"),
    row: whole(raw.row, "row", 0, 31),
    choices: readResponseChoices(raw.choices),
    traitName: text(raw.traitName, "traitName"),
    level: level(raw.level, "level"),
    penalty: level(raw.penalty, "penalty"),
    total: level(raw.total, "total"),
    result: rowResult(raw.result),
  }),
  target: rowSchema,
};

export { finite };
