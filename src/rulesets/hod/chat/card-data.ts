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
import { DAMAGEABLE_ATTRIBUTES, IMPAIRMENT_TYPES } from "../rules/afflictions";
import { HOD_DEFENSES, type HodDefense } from "../rules/attack";
import type { MetDefense } from "../rules/defense";
import { ATTACK_MODIFIERS } from "../rules/modifiers";
import type { HodModifier } from "../rules/situational";
import { STANCE_IDS, type StanceId } from "../rules/stances";
import { extraDiceAllowed } from "../rules/typed";
import { MAX_DAMAGE_MULTIPLIER, WEAPON_CATEGORIES, type WeaponCategory } from "../rules/weapons";
import { outcomeFormulaAllowed, type HodOutcomeInput, type HodOutcomeTarget } from "../rules/outcome-odds";
import { specialAction } from "../rules/special-actions";
import {
  SPECIAL_DAMAGE_SOURCE_KEYS,
  type HodSpecialOutcomeDamage,
  type HodSpecialOutcomeInput,
} from "../rules/special-outcome-odds";
import { WEAPON_USES } from "../rules/weapon-use";
import type { HodAttackChoices, HodDamageChoices } from "./dialog-form";
import type { HodWeaponSnapshot } from "./documents";
import { CHECK_ATTRIBUTES, type HodCheckAttribute } from "./labels";
import type { ScheduleInfo } from "./schedule";

/**
 * What Heroes of Destiny's cards store (`flags.anthology.card`), and how it is read back: as
 * untrusted data, every field checked. The numbers on a card are for reading; the GM works every
 * applied row out again from the stored dice, what each roll was rolled for, and the documents now.
 */

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** A roll's place among the message's rolls. */
const rollIndex = (v: unknown, field: string) => whole(v, field, 0, 128);
const optionalRoll = (v: unknown, field: string) => (v === null || v === undefined ? null : rollIndex(v, field));
const optionalWhole = (v: unknown, field: string, min = -1e6, max = 1e6) =>
  v === null || v === undefined ? null : whole(v, field, min, max);
const shortList = (v: unknown, field: string, max: number): unknown[] => {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || v.length > max) throw new CardError(`${field} is not a short list`);
  return v;
};

const MODIFIER_IDS = ATTACK_MODIFIERS.map((m) => m.id);
const LINE_IDS = [...MODIFIER_IDS, "range", "stance", "special", "extra"];
const DEFENSE_CHOICES = [...HOD_DEFENSES, "usual"] as const;
const CATEGORIES = Object.keys(WEAPON_CATEGORIES) as WeaponCategory[];
const SCHEDULE_STATES = ["none", "notStarted", "notDue", "due"] as const;

/** The attack dialog's choices as stored (on a card, or in a roll's request). */
export function readAttackChoices(raw: unknown): HodAttackChoices {
  if (!isRecord(raw)) throw new CardError("choices are missing");
  // Ids the table does not know count for nothing (as in the dialog's form): they are dropped.
  const modifiers = shortList(raw.modifiers, "modifiers", 32).filter(
    (m): m is string => typeof m === "string" && MODIFIER_IDS.includes(m),
  );
  return {
    ...(raw.use === undefined ? {} : { use: oneOf(raw.use, WEAPON_USES, "use") }),
    modifiers: [...new Set(modifiers)],
    distance: finite(raw.distance ?? 0, "distance", 0, 1e6),
    modifier: whole(raw.modifier ?? 0, "modifier", -1000, 1000),
    defense: oneOf(raw.defense ?? "primary", DEFENSE_CHOICES, "defense"),
    ...(raw.skillRank === undefined ? {} : { skillRank: whole(raw.skillRank, "skillRank", -100, 100) }),
    damageModifier: whole(raw.damageModifier ?? 0, "damageModifier", -1000, 1000),
    extraDice: text(raw.extraDice ?? "", "extraDice").slice(0, 64),
    ...(raw.damageMultiplier === undefined
      ? {}
      : { damageMultiplier: whole(raw.damageMultiplier, "damageMultiplier", 1, MAX_DAMAGE_MULTIPLIER) }),
    nonlethal: flag(raw.nonlethal),
    ...(raw.charges === undefined ? {} : { charges: whole(raw.charges, "charges", 0, 100) }),
    ...(raw.cast === undefined ? {} : { cast: text(raw.cast, "cast") }),
    ...(raw.ally === undefined ? {} : { ally: text(raw.ally, "ally") }),
    ...(raw.distractAgainst === undefined
      ? {}
      : { distractAgainst: oneOf(raw.distractAgainst, ["attack", "defense"] as const, "distractAgainst") }),
  };
}

/** A damage dialog's choices as stored. */
export function readDamageChoices(raw: unknown): HodDamageChoices {
  if (!isRecord(raw)) throw new CardError("choices are missing");
  return {
    critical: flag(raw.critical),
    nonlethal: flag(raw.nonlethal),
    modifier: whole(raw.modifier ?? 0, "modifier", -1000, 1000),
    extraDice: text(raw.extraDice ?? "", "extraDice").slice(0, 64),
    ...(raw.times === undefined ? {} : { times: whole(raw.times, "times", 1, MAX_DAMAGE_MULTIPLIER) }),
  };
}

/** A weapon as it was when it rolled: for the card's text (the GM reads the item as it is now). */
export function readWeapon(raw: unknown): HodWeaponSnapshot {
  if (!isRecord(raw)) throw new CardError("weapon is missing");
  const durability = isRecord(raw.durability) ? raw.durability : {};
  return {
    category: oneOf(raw.category ?? "unarmed", CATEGORIES, "weapon.category"),
    damage: text(raw.damage ?? "", "weapon.damage"),
    speedClass: text(raw.speedClass ?? "standard", "weapon.speedClass"),
    precise: flag(raw.precise),
    composite: flag(raw.composite),
    nonlethal: flag(raw.nonlethal),
    range: finite(raw.range ?? 0, "weapon.range", 0, 1e6),
    thrown: flag(raw.thrown),
    twoHanded: flag(raw.twoHanded),
    damageType: text(raw.damageType ?? "", "weapon.damageType"),
    defense:
      raw.defense === null || raw.defense === undefined ? null : oneOf(raw.defense, HOD_DEFENSES, "weapon.defense"),
    proficient: flag(raw.proficient),
    noAffinity: flag(raw.noAffinity),
    durability: {
      value: finite(durability.value ?? 0, "weapon.durability.value"),
      max: finite(durability.max ?? 0, "weapon.durability.max"),
    },
  };
}

/** A roll's modifier lines as shown; a line of an id no one writes is dropped. */
function readModifiers(raw: unknown): HodModifier[] {
  return shortList(raw, "modifiers", 32).flatMap((m, i) => {
    if (!isRecord(m)) throw new CardError(`modifiers[${i}] is not a modifier`);
    if (typeof m.id !== "string" || !LINE_IDS.includes(m.id)) return [];
    return [{ id: m.id, value: whole(m.value, "modifier value", -1000, 1000) }];
  });
}

export function readSchedule(raw: unknown): ScheduleInfo {
  if (!isRecord(raw)) return { state: "none" };
  return {
    state: oneOf(raw.state ?? "none", SCHEDULE_STATES, "schedule.state"),
    ...(raw.tc === undefined ? {} : { tc: finite(raw.tc, "schedule.tc") }),
    ...(raw.next === undefined ? {} : { next: finite(raw.next, "schedule.next") }),
  };
}

/** A defense an attack was judged against: the one met (its stance may change it) and the outcome. */
export interface HodDefenseResult extends MetDefense {
  readonly hit: boolean;
  readonly critical: boolean;
  readonly margin: number;
  /** A hit only because of the natural 20. */
  readonly automatic: boolean;
}

function readDefenseResult(raw: unknown, field: string): HodDefenseResult {
  if (!isRecord(raw)) throw new CardError(`${field} is missing`);
  return {
    id: oneOf(raw.id, HOD_DEFENSES, `${field}.id`),
    met: oneOf(raw.met ?? raw.id, HOD_DEFENSES, `${field}.met`),
    value: finite(raw.value, `${field}.value`),
    stance:
      raw.stance === null || raw.stance === undefined ? null : (oneOf(raw.stance, STANCE_IDS, "stance") as StanceId),
    stanceModifier: finite(raw.stanceModifier ?? 0, `${field}.stanceModifier`),
    hit: flag(raw.hit),
    critical: flag(raw.critical),
    margin: finite(raw.margin ?? 0, `${field}.margin`),
    automatic: flag(raw.automatic),
  };
}

/** A hit's damage, rolled with it into the same card. */
/** What a card keeps of its actor's check to stay conscious after its own fatigue (a special action, a cast). */
export interface FatigueCheckData {
  readonly unconsciousCheck?: number | null;
  readonly checked?: boolean;
}

export interface HodRowDamage {
  /** The damage roll's place among the message's rolls. */
  readonly roll: number;
  /** Extra dice rolled apart (a special action's multiplied damage never multiplies them). */
  readonly extraRoll: number | null;
  readonly formula: string;
  /** What the dice came to, before the factor and the floor of 1. */
  readonly rolled: number;
  /** What the hit deals: the factor applied, at least 1. */
  readonly total: number;
  readonly critical: boolean;
  readonly nonlethal: boolean;
  /** A special action's factor on the rolled total (½ quick strike, ×2 coup de grâce); 1 otherwise. */
  readonly factor: number;
}

function readRowDamage(raw: unknown): HodRowDamage | null {
  if (raw === null || raw === undefined) return null;
  if (!isRecord(raw)) throw new CardError("damage is not a hit's damage");
  return {
    roll: rollIndex(raw.roll, "damage.roll"),
    extraRoll: optionalRoll(raw.extraRoll, "damage.extraRoll"),
    formula: text(raw.formula ?? "", "damage.formula"),
    rolled: finite(raw.rolled ?? 0, "damage.rolled"),
    total: finite(raw.total ?? 0, "damage.total"),
    critical: flag(raw.critical),
    nonlethal: flag(raw.nonlethal),
    factor: finite(raw.factor ?? 1, "damage.factor", 0, 100),
  };
}

/** The roll to hit of an attack or special action, as the card shows it. */
interface HodRollData {
  readonly modifiers: readonly HodModifier[];
  /** Accuracy + attribute (+ size) before the modifiers (or a special action's own base). */
  readonly base: number;
  readonly formula: string;
  /** The d20 as it fell (the three d6 together on 3d6). */
  readonly natural: number;
  readonly total: number;
  /** A natural 1 on a d20 attack that is not a spell. */
  readonly fumble: boolean;
  /** The weapon's Durability after the fumble took a point (null: none lost). */
  readonly durabilityLeft: number | null;
  readonly schedule: ScheduleInfo;
}

function readRoll(raw: Record<string, unknown>): HodRollData {
  return {
    modifiers: readModifiers(raw.modifiers),
    base: finite(raw.base ?? 0, "base"),
    formula: text(raw.formula ?? "", "formula"),
    natural: finite(raw.natural ?? 0, "natural"),
    total: finite(raw.total ?? 0, "total"),
    fumble: flag(raw.fumble),
    durabilityLeft: optionalWhole(raw.durabilityLeft, "durabilityLeft", 0),
    schedule: readSchedule(raw.schedule),
  };
}

/** An attack card: the weapon, the choices, the roll once, and a row per target. */
export interface HodAttackData extends HodRollData {
  readonly item: CardRef;
  readonly weapon: HodWeaponSnapshot;
  readonly choices: HodAttackChoices;
  readonly attackRoll: number;
  /** Without a target: its Roll damage has been used (a hit rolls its damage once). */
  readonly damageRolled: boolean;
}

/** One target of an attack: the defense met and the result, and for a hit its damage. */
export interface HodAttackRow {
  readonly defense: HodDefenseResult;
  readonly damage: HodRowDamage | null;
  /**
   * What the outcome odds were worked out from when the attack was rolled (the roll's bonus, the defense,
   * the damage formulas, the target's track then): shown on the row, never read by the GM's apply.
   */
  readonly outcome?: HodOutcomeInput | null;
}

/**
 * A row's stored outcome odds input, or null when it is missing or anything in it is not what the flow
 * writes (display only: a card's author may have rewritten it, so the dice are kept within bounds too).
 */
export function readOutcome(raw: unknown): HodOutcomeInput | null {
  if (!isRecord(raw)) return null;
  const target = readOutcomeTarget(raw.target);
  const damage = oddsFormula(raw.damage);
  const criticalDamage = oddsFormula(raw.criticalDamage);
  const bonus = oddsNumber(raw.bonus);
  const defense = oddsNumber(raw.defense);
  if (bonus === null || defense === null || damage === undefined || criticalDamage === undefined) return null;
  if (!target) return null;
  return {
    bonus,
    defense,
    precise: raw.precise === true,
    spell: raw.spell === true,
    die: raw.die === "3d6" ? "3d6" : "d20",
    damage,
    criticalDamage,
    nonlethal: raw.nonlethal === true,
    ...(raw.halfOnMiss === true ? { halfOnMiss: true } : {}),
    target,
  };
}

/** A whole number a row's stored odds input may hold (display only: kept within bounds). */
const oddsNumber = (v: unknown) => (typeof v === "number" && Number.isInteger(v) && Math.abs(v) <= 1e6 ? v : null);

/** A stored damage formula: null, a plain sum within `outcomeDiceBound`, or undefined when it is neither. */
const oddsFormula = (v: unknown) =>
  v === null ? null : typeof v === "string" && v.length <= 200 && outcomeFormulaAllowed(v) ? v : undefined;

/** A stored odds input's target: its track, damage reduction and check, or null when any is not a number. */
function readOutcomeTarget(raw: unknown): HodOutcomeTarget | null {
  if (!isRecord(raw)) return null;
  const keys = ["hp", "fatigue", "fullTop", "topLost", "bonusHp", "invigoration", "reduction", "constitution"] as const;
  const target = Object.fromEntries(keys.map((k) => [k, oddsNumber(raw[k] ?? 0)]));
  if (Object.values(target).some((v) => v === null)) return null;
  return target as unknown as HodOutcomeTarget;
}

/** A special row's stored damage input, or undefined when anything in it is not what the flow writes. */
function readSpecialDamage(raw: unknown): HodSpecialOutcomeDamage | null | undefined {
  if (raw === null || raw === undefined) return null;
  if (!isRecord(raw) || !isRecord(raw.source)) return undefined;
  const s = raw.source;
  const source = Object.fromEntries(SPECIAL_DAMAGE_SOURCE_KEYS.map((k) => [k, oddsNumber(s[k] ?? 0)]));
  const modifier = oddsNumber(raw.modifier ?? 0);
  const extraDice = raw.extraDice ?? "";
  const w = raw.weapon;
  const weapon =
    w === null
      ? null
      : isRecord(w) && Object.hasOwn(WEAPON_CATEGORIES, String(w.category)) && typeof oddsFormula(w.damage) === "string"
        ? {
            category: String(w.category),
            damage: String(w.damage),
            composite: w.composite === true,
            nonlethal: w.nonlethal === true,
          }
        : undefined;
  // Only the extra dice a player can type (at most 4, none over a d12): more, even within the odds' own
  // bound, would make every client judge every pair of main and extra totals on each render.
  const extraOk =
    extraDice === "" ||
    (typeof extraDice === "string" && extraDiceAllowed(extraDice) && typeof oddsFormula(extraDice) === "string");
  if (Object.values(source).some((v) => v === null) || modifier === null || weapon === undefined || !extraOk) {
    return undefined;
  }
  return { source: source as Record<string, number>, weapon, modifier, extraDice: extraDice as string };
}

/**
 * A special row's stored odds input, or null when it is missing or anything in it is not what the flow
 * writes (display only: read as leniently as an attack row's, the dice kept within bounds).
 */
export function readSpecialOdds(raw: unknown): HodSpecialOutcomeInput | null {
  if (!isRecord(raw) || typeof raw.action !== "string" || !specialAction(raw.action)) return null;
  const target = readOutcomeTarget(raw.target);
  const bonus = oddsNumber(raw.bonus);
  const damage = readSpecialDamage(raw.damage);
  if (!target || bonus === null || damage === undefined || !isRecord(raw.defenses)) return null;
  const defenses: Partial<Record<HodDefense, number>> = {};
  for (const [id, value] of Object.entries(raw.defenses)) {
    const n = oddsNumber(value);
    if (!(HOD_DEFENSES as readonly string[]).includes(id) || n === null) return null;
    defenses[id as HodDefense] = n;
  }
  const weaponDefense = raw.weaponDefense;
  if (weaponDefense !== undefined && !(HOD_DEFENSES as readonly unknown[]).includes(weaponDefense)) return null;
  return {
    action: raw.action,
    bonus,
    defenses,
    ...(weaponDefense === undefined ? {} : { weaponDefense: weaponDefense as HodDefense }),
    precise: raw.precise === true,
    spell: raw.spell === true,
    die: raw.die === "3d6" ? "3d6" : "d20",
    damage,
    nonlethal: raw.nonlethal === true,
    ...(raw.immuneToCriticals === true ? { immuneToCriticals: true } : {}),
    target,
  };
}

export const attackSchema: CardSchema<HodAttackData, HodAttackRow> = {
  data: (raw) => ({
    ...readRoll(raw),
    item: ref(raw.item, "item"),
    weapon: readWeapon(raw.weapon),
    choices: readAttackChoices(raw.choices),
    attackRoll: rollIndex(raw.attackRoll, "attackRoll"),
    damageRolled: flag(raw.damageRolled),
  }),
  target: (raw) => ({
    defense: readDefenseResult(raw.defense, "defense"),
    damage: readRowDamage(raw.damage),
    outcome: readOutcome(raw.outcome),
  }),
};

/** A special action's card: the action, the roll once (none while preparing), its fatigue, a row per target. */
export interface HodSpecialData extends HodRollData {
  /** A SPECIAL_ACTIONS id. */
  readonly special: string;
  readonly item: CardRef | null;
  readonly weapon: HodWeaponSnapshot | null;
  readonly choices: HodAttackChoices | null;
  readonly die: "d20" | "3d6";
  readonly skillRank: number | null;
  /** Null while preparing: nothing was rolled. */
  readonly attackRoll: number | null;
  /** Fatigue the performer took for it. */
  readonly fatigue: number;
  /** The DC of the performer's check to stay conscious its fatigue called for, if any. */
  readonly unconsciousCheck: number | null;
  /** That check has been rolled. */
  readonly checked: boolean;
  /** The preparation was scheduled instead (nothing rolled yet). */
  readonly preparing: boolean;
  /** A follow-up without a roll: the card and row it follows (`<message id>-<row>`). */
  readonly from?: string | null;
}

/** One target of a special action: the roll against each defense it meets, the outcomes, and their damage. */
export interface HodSpecialRow {
  readonly results: readonly HodDefenseResult[];
  /** For "or" actions: the defense the target picks (the one the roll does worse against). */
  readonly chosen: HodDefense | null;
  /** i18n keys of the outcomes that happened. */
  readonly outcomes: readonly string[];
  readonly damage: HodRowDamage | null;
  /**
   * What the outcome odds were worked out from when the action was rolled (the roll's bonus, the
   * defenses met, what its damage is rolled from, the target's track then): shown on the row, never
   * read by the GM's apply.
   */
  readonly odds?: HodSpecialOutcomeInput | null;
}

export const specialSchema: CardSchema<HodSpecialData, HodSpecialRow> = {
  data: (raw) => ({
    ...readRoll(raw),
    special: text(raw.special, "special"),
    item: raw.item === null || raw.item === undefined ? null : ref(raw.item, "item"),
    weapon: raw.weapon === null || raw.weapon === undefined ? null : readWeapon(raw.weapon),
    choices: raw.choices === null || raw.choices === undefined ? null : readAttackChoices(raw.choices),
    die: oneOf(raw.die ?? "d20", ["d20", "3d6"] as const, "die"),
    skillRank: optionalWhole(raw.skillRank, "skillRank", -100, 100),
    attackRoll: optionalRoll(raw.attackRoll, "attackRoll"),
    fatigue: finite(raw.fatigue ?? 0, "fatigue", 0, 1000),
    unconsciousCheck: optionalWhole(raw.unconsciousCheck, "unconsciousCheck", 0),
    checked: flag(raw.checked),
    preparing: flag(raw.preparing),
    from: raw.from === null || raw.from === undefined ? null : text(raw.from, "from").slice(0, 100),
  }),
  target: (raw) => ({
    results: shortList(raw.results, "results", HOD_DEFENSES.length).map((r, i) =>
      readDefenseResult(r, `results[${i}]`),
    ),
    chosen: raw.chosen === null || raw.chosen === undefined ? null : oneOf(raw.chosen, HOD_DEFENSES, "chosen"),
    outcomes: shortList(raw.outcomes, "outcomes", 16).map((o) => text(o, "outcome")),
    damage: readRowDamage(raw.damage),
    odds: readSpecialOdds(raw.odds),
  }),
};

/** A damage card: a hit's damage rolled without an attack card (the sheet's Damage button). */
export interface HodDamageData {
  readonly item: CardRef;
  readonly choices: HodDamageChoices;
  readonly damageType: string;
  readonly formula: string;
  readonly damageRoll: number;
  /** Extra dice rolled apart (a card from before damage was rolled with its hit). */
  readonly extraRoll: number | null;
  /** A special action's factor (a card from before damage was rolled with its hit); 1 otherwise. */
  readonly factor: number;
  /** The special action it is the damage of (a card from before), or null. */
  readonly special: string | null;
  readonly rolled: number;
  readonly total: number;
}

export const damageSchema: CardSchema<HodDamageData, Record<string, never>> = {
  data: (raw) => ({
    item: ref(raw.item, "item"),
    choices: readDamageChoices(raw.choices),
    damageType: text(raw.damageType ?? "", "damageType"),
    formula: text(raw.formula ?? "", "formula"),
    damageRoll: rollIndex(raw.damageRoll, "damageRoll"),
    extraRoll: optionalRoll(raw.extraRoll, "extraRoll"),
    factor: finite(raw.factor ?? 1, "factor", 0, 100),
    special: raw.special === null || raw.special === undefined ? null : text(raw.special, "special"),
    rolled: finite(raw.rolled ?? 0, "rolled"),
    total: finite(raw.total ?? 0, "total"),
  }),
  target: () => ({}),
};

/** A 3d6 check card. */
export interface HodCheckData {
  /** The attribute added. */
  readonly attribute: HodCheckAttribute;
  readonly modifier: number;
  readonly formula: string;
  /** The three dice's sum. */
  readonly natural: number;
  readonly total: number;
  readonly dc: number | null;
  readonly success: boolean | null;
  readonly margin: number | null;
  /** The check to stay conscious (failing it knocks the roller out). */
  readonly consciousness: boolean;
  /** Failed to stay conscious: out for at least this many TC. */
  readonly unconsciousTc: number | null;
  /** The check to regain consciousness (passing it wakes the roller). */
  readonly waking: boolean;
  /** A failed try to wake: the next try comes this many TC later (1d10, the card's second roll). */
  readonly recheckTc: number | null;
}

export const checkSchema: CardSchema<HodCheckData, Record<string, never>> = {
  data: (raw) => ({
    attribute: oneOf(raw.attribute, CHECK_ATTRIBUTES, "attribute"),
    modifier: finite(raw.modifier ?? 0, "modifier"),
    formula: text(raw.formula ?? "", "formula"),
    natural: finite(raw.natural ?? 0, "natural"),
    total: finite(raw.total ?? 0, "total"),
    dc: raw.dc === null || raw.dc === undefined ? null : finite(raw.dc, "dc"),
    success: raw.success === null || raw.success === undefined ? null : flag(raw.success),
    margin: raw.margin === null || raw.margin === undefined ? null : finite(raw.margin, "margin"),
    consciousness: flag(raw.consciousness),
    unconsciousTc: optionalWhole(raw.unconsciousTc, "unconsciousTc", 0),
    waking: flag(raw.waking),
    recheckTc: optionalWhole(raw.recheckTc, "recheckTc", 0),
  }),
  target: () => ({}),
};

/** A stance card: into which stance (or back to a basic one), at what speed. */
export interface HodStanceData {
  /** The stance now ("" basic) and the one left. */
  readonly stance: StanceId | "";
  readonly from: StanceId | "";
  /** Still shifting: drawbacks only until the actor's next action. */
  readonly shifting: boolean;
  /** The speed class the change costs. */
  readonly speedClass: string;
  readonly schedule: ScheduleInfo;
}

const stanceOrBasic = (v: unknown, field: string): StanceId | "" =>
  v === "" || v === undefined || v === null ? "" : (oneOf(v, STANCE_IDS, field) as StanceId);

export const stanceSchema: CardSchema<HodStanceData, Record<string, never>> = {
  data: (raw) => ({
    stance: stanceOrBasic(raw.stance, "stance"),
    from: stanceOrBasic(raw.from, "from"),
    shifting: flag(raw.shifting),
    speedClass: text(raw.speedClass ?? "free", "speedClass"),
    schedule: readSchedule(raw.schedule),
  }),
  target: () => ({}),
};

/** What a roll was rolled for (`roll.options.anthology.request`), read as untrusted data. */
export interface HodRollRequest<C> {
  /** The weapon's uuid (null: none, a bare hand). */
  readonly item: string | null;
  readonly choices: C;
  /** The targets it was rolled against. */
  readonly targets: readonly string[];
  /** A special action's id. */
  readonly special?: string;
}

/** Reads a request's envelope and its choices through `choices`; throws CardError on anything wrong. */
export function readRequest<C>(raw: unknown, choices: (raw: unknown) => C): HodRollRequest<C> {
  if (!isRecord(raw)) throw new CardError("request");
  const targets = raw.targets;
  if (!Array.isArray(targets) || targets.length > MAX_TARGETS || !targets.every((t) => typeof t === "string")) {
    throw new CardError("request targets");
  }
  if (raw.item !== null && typeof raw.item !== "string") throw new CardError("request item");
  return {
    item: raw.item,
    choices: choices(raw.choices),
    targets,
    ...(typeof raw.special === "string" ? { special: raw.special } : {}),
  };
}

/** A rest card: a night's sleep or a day of bed rest, and what came back. */
export interface HodRestData {
  readonly bedRest: boolean;
  readonly invigoration: number;
  readonly impairments: readonly string[];
  readonly attributes: readonly string[];
  readonly petrification: number;
}

const names = (v: unknown, field: string, allowed: readonly string[]) =>
  shortList(v, field, allowed.length).map((x, i) => oneOf(x, allowed, `${field}.${i}`));

export const restSchema: CardSchema<HodRestData, Record<string, never>> = {
  data: (raw) => ({
    bedRest: flag(raw.bedRest),
    invigoration: whole(raw.invigoration ?? 0, "invigoration", 0, 1e6),
    impairments: names(raw.impairments, "impairments", IMPAIRMENT_TYPES),
    attributes: names(raw.attributes, "attributes", DAMAGEABLE_ATTRIBUTES),
    petrification: whole(raw.petrification ?? 0, "petrification", 0, 1e6),
  }),
  target: () => ({}),
};
