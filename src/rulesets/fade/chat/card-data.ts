import { FADE_SKILL_IDS } from "../rules/skills";
import { CardError, finite, flag, oneOf, ref, text, whole, type CardRef, type CardSchema } from "../../../play/card";
import {
  BODY_PARTS,
  DEFENSE_IDS,
  isBodyPart,
  MODIFIER_IDS,
  type BodyPart,
  type EnergyProfile,
  type FadeAttackResult,
  type FadeDefenseId,
  type FadeModifierId,
} from "../rules";
import type { DialogWeapon, FadeRollChoices } from "./dialog-form";

/**
 * What The Fade's cards store, and how it is read back: as untrusted data, every field checked.
 * Numbers shown on a card are for reading only; the GM works the outcome out again when applying.
 */

const RESULTS: readonly FadeAttackResult[] = ["criticalHit", "hit", "miss", "criticalFailure", "impossible"];

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** A roll's place among the message's rolls. */
const rollIndex = (v: unknown, field: string) => whole(v, field, 0, 64);
const optionalRoll = (v: unknown, field: string) => (v === null || v === undefined ? null : rollIndex(v, field));
const optionalPart = (v: unknown, field: string): BodyPart | null =>
  v === null || v === undefined ? null : oneOf(v, BODY_PARTS, field);

function pool(v: unknown, field: string): { rolled: number; kept: number } | undefined {
  if (v === undefined || v === null) return undefined;
  if (!isRecord(v)) throw new CardError(`${field} is not a pool`);
  return {
    rolled: whole(v.rolled ?? 0, `${field}.rolled`, -100, 100),
    kept: whole(v.kept ?? 0, `${field}.kept`, -100, 100),
  };
}

/** The choices of the roll dialog, as stored. */
export function readChoices(raw: unknown): FadeRollChoices {
  if (!isRecord(raw)) throw new CardError("choices are missing");
  const modifiers = raw.modifiers ?? [];
  if (!Array.isArray(modifiers) || modifiers.length > MODIFIER_IDS.length) throw new CardError("modifiers");
  const extra = pool(raw.extra, "extra");
  const damageExtra = pool(raw.damageExtra, "damageExtra");
  return {
    modifiers: [...new Set(modifiers.map((m) => oneOf(m, MODIFIER_IDS, "modifier") as FadeModifierId))],
    ...(extra ? { extra } : {}),
    ...(damageExtra ? { damageExtra } : {}),
    ...(raw.spell === undefined ? {} : { spell: flag(raw.spell) }),
    ...(raw.defense === undefined ? {} : { defense: oneOf(raw.defense, DEFENSE_IDS, "defense") as FadeDefenseId }),
    ...(raw.calledShot === undefined ? {} : { calledShot: oneOf(raw.calledShot, BODY_PARTS, "calledShot") }),
    ...(raw.defaultBody === undefined ? {} : { defaultBody: flag(raw.defaultBody) }),
    ...(raw.critical === undefined ? {} : { critical: flag(raw.critical) }),
    ...(raw.coupDeGrace === undefined ? {} : { coupDeGrace: flag(raw.coupDeGrace) }),
    ...(raw.reaction === undefined ? {} : { reaction: text(raw.reaction, "reaction") }),
    ...(raw.skill === undefined ? {} : { skill: oneOf(raw.skill, FADE_SKILL_IDS, "skill") }),
    ...(raw.dc === undefined || raw.dc === null ? {} : { dc: finite(raw.dc, "dc") }),
  };
}

/** A weapon as it was when it rolled: for the card's text (the GM reads the live item). */
export function readWeapon(raw: unknown): DialogWeapon {
  if (!isRecord(raw)) throw new CardError("weapon is missing");
  return {
    baseDamage: text(raw.baseDamage ?? "", "weapon.baseDamage"),
    finesse: flag(raw.finesse),
    spell: flag(raw.spell),
    twoHanded: flag(raw.twoHanded),
    canTwoHand: flag(raw.canTwoHand),
    penetration: finite(raw.penetration ?? 0, "weapon.penetration", 0, 1000),
    damageType: text(raw.damageType ?? "", "weapon.damageType"),
    explodesOn: whole(raw.explodesOn ?? 0, "weapon.explodesOn", 0, 100),
    range: finite(raw.range ?? 0, "weapon.range", 0, 100000),
    defense: oneOf(raw.defense ?? "defense", DEFENSE_IDS, "weapon.defense"),
  };
}

/** An attack card: the weapon, the choices, the attack roll, and whether Luck rerolled it. */
export interface FadeAttackData {
  readonly item: CardRef;
  readonly weapon: DialogWeapon;
  readonly choices: FadeRollChoices;
  readonly pool: string;
  /** The damage roll's pool as the attack built it, for each row's outcome odds; none on older cards. */
  readonly damagePool?: string;
  readonly attackRoll: number;
  /** This card is a Luck reroll of another. */
  readonly luckReroll: boolean;
  /** This card's roll was rerolled with Luck: its rows can no longer be applied. */
  readonly rerolled: boolean;
  /** The foes this attack provoked (a spell or ranged attack while threatened), by name; none on older cards. */
  readonly provokes?: readonly string[];
}

/** One target of an attack: the defense met and the result, and for a hit where it landed and its damage. */
export interface FadeAttackRow {
  readonly defense: { readonly id: FadeDefenseId; readonly vsSpells: boolean; readonly value: number };
  readonly result: FadeAttackResult;
  readonly damageRoll: number | null;
  readonly locationRoll: number | null;
  readonly part: BodyPart | null;
  readonly damage: number | null;
  /** The target's declared dodge or parry the attack met: its card, its total, and which it was. */
  readonly dodge: { readonly card: string; readonly total: number; readonly parry: boolean } | null;
  /** The target's numbers when attacked, for the row's outcome odds (display only); none on older cards. */
  readonly numbers?: FadeTargetNumbers | null;
}

/** What a row's outcome odds read of its target: Deflection by part, Soak, HP, death, energy, lost parts. */
export interface FadeTargetNumbers {
  readonly deflection: Readonly<Record<BodyPart, number>>;
  readonly soak: number;
  readonly hp: number;
  readonly hpMax: number;
  readonly deathAt: number;
  readonly energy?: EnergyProfile;
  readonly missing: readonly BodyPart[];
}

/** At most this many damage types in each list of a stored energy profile. */
const MAX_TYPES = 32;

const types = (v: unknown, field: string): string[] =>
  Array.isArray(v) ? v.slice(0, MAX_TYPES).map((t, i) => text(t, `${field}.${i}`)) : [];

/** A row's stored target numbers, checked; anything amiss reads as none (the row shows no odds). */
function readNumbers(raw: unknown): FadeTargetNumbers | null {
  if (!isRecord(raw) || !isRecord(raw.deflection)) return null;
  try {
    const deflection = {} as Record<BodyPart, number>;
    for (const part of BODY_PARTS) deflection[part] = finite(raw.deflection[part] ?? 0, `deflection.${part}`, 0, 1000);
    const energy = isRecord(raw.energy) ? raw.energy : null;
    const resistances = energy && isRecord(energy.resistances) ? energy.resistances : {};
    return {
      deflection,
      soak: finite(raw.soak, "soak", 0, 1000),
      hp: finite(raw.hp, "hp", -1e6, 1e6),
      hpMax: finite(raw.hpMax, "hpMax", -1e6, 1e6),
      deathAt: finite(raw.deathAt, "deathAt", -1e6, 1e6),
      ...(energy
        ? {
            energy: {
              resistances: Object.fromEntries(
                Object.entries(resistances)
                  .slice(0, MAX_TYPES)
                  .map(([t, v]) => [t, finite(v, `resistances.${t}`, 0, 1000)]),
              ),
              immunities: types(energy.immunities, "immunities"),
              absorptions: types(energy.absorptions, "absorptions"),
              weaknesses: types(energy.weaknesses, "weaknesses"),
            },
          }
        : {}),
      missing: Array.isArray(raw.missing) ? [...new Set(raw.missing.filter(isBodyPart))] : [],
    };
  } catch (error) {
    if (error instanceof CardError) return null;
    throw error;
  }
}

export const attackSchema: CardSchema<FadeAttackData, FadeAttackRow> = {
  data: (raw) => ({
    item: ref(raw.item, "item"),
    weapon: readWeapon(raw.weapon),
    choices: readChoices(raw.choices),
    pool: text(raw.pool ?? "", "pool"),
    ...(typeof raw.damagePool === "string" ? { damagePool: text(raw.damagePool, "damagePool") } : {}),
    attackRoll: rollIndex(raw.attackRoll, "attackRoll"),
    luckReroll: flag(raw.luckReroll),
    rerolled: flag(raw.rerolled),
    provokes: Array.isArray(raw.provokes) ? raw.provokes.slice(0, 32).map((n, i) => text(n, `provokes.${i}`)) : [],
  }),
  target: (raw) => {
    if (!isRecord(raw.defense)) throw new CardError("defense is missing");
    return {
      defense: {
        id: oneOf(raw.defense.id, DEFENSE_IDS, "defense.id"),
        vsSpells: flag(raw.defense.vsSpells),
        value: finite(raw.defense.value, "defense.value"),
      },
      result: oneOf(raw.result, RESULTS, "result"),
      damageRoll: optionalRoll(raw.damageRoll, "damageRoll"),
      locationRoll: optionalRoll(raw.locationRoll, "locationRoll"),
      part: optionalPart(raw.part, "part"),
      damage: raw.damage === null || raw.damage === undefined ? null : finite(raw.damage, "damage"),
      dodge: isRecord(raw.dodge)
        ? {
            card: text(raw.dodge.card, "dodge.card"),
            total: finite(raw.dodge.total, "dodge.total"),
            parry: flag(raw.dodge.parry),
          }
        : null,
      numbers: readNumbers(raw.numbers),
    };
  },
};

/** A damage card: a hit's damage rolled without an attack card (the sheet's Damage button). */
export interface FadeDamageData {
  readonly item: CardRef;
  readonly weapon: DialogWeapon;
  readonly choices: FadeRollChoices;
  readonly pool: string;
  readonly damageRoll: number;
}

/** One target of a damage card: where the hit landed (a called shot's part, or a d10). */
export interface FadeDamageRow {
  readonly locationRoll: number | null;
  readonly part: BodyPart;
}

export const damageSchema: CardSchema<FadeDamageData, FadeDamageRow> = {
  data: (raw) => ({
    item: ref(raw.item, "item"),
    weapon: readWeapon(raw.weapon),
    choices: readChoices(raw.choices),
    pool: text(raw.pool ?? "", "pool"),
    damageRoll: rollIndex(raw.damageRoll, "damageRoll"),
  }),
  target: (raw) => ({
    locationRoll: optionalRoll(raw.locationRoll, "locationRoll"),
    part: oneOf(raw.part, BODY_PARTS, "part"),
  }),
};

/** A dodge or parry card: what to add to the defense. */
export interface FadeCheckData {
  /** The weapon that parries; null for a dodge. */
  readonly item: CardRef | null;
  readonly choices: FadeRollChoices;
  readonly pool: string;
  readonly total: number;
  readonly impossible: boolean;
  readonly luckReroll: boolean;
  readonly rerolled: boolean;
}

export const checkSchema: CardSchema<FadeCheckData, Record<string, never>> = {
  data: (raw) => ({
    item: raw.item === null || raw.item === undefined ? null : ref(raw.item, "item"),
    choices: readChoices(raw.choices),
    pool: text(raw.pool ?? "", "pool"),
    total: finite(raw.total ?? 0, "total"),
    impossible: flag(raw.impossible),
    luckReroll: flag(raw.luckReroll),
    rerolled: flag(raw.rerolled),
  }),
  target: () => ({}),
};

/** A skill check: the skill, its pool, and how it went against the DC (when one was set). */
export interface FadeSkillData {
  readonly skill: string;
  readonly choices: FadeRollChoices;
  readonly pool: string;
  readonly total: number;
  readonly impossible: boolean;
  readonly dc: number | null;
  readonly success: boolean | null;
  readonly criticalFailure: boolean;
  readonly luckReroll: boolean;
  readonly rerolled: boolean;
}

export const skillSchema: CardSchema<FadeSkillData, Record<string, never>> = {
  data: (raw) => ({
    skill: oneOf(raw.skill, FADE_SKILL_IDS, "skill"),
    choices: readChoices(raw.choices),
    pool: text(raw.pool ?? "", "pool"),
    total: finite(raw.total ?? 0, "total"),
    impossible: flag(raw.impossible),
    dc: raw.dc === null || raw.dc === undefined ? null : finite(raw.dc, "dc"),
    success: raw.success === null || raw.success === undefined ? null : flag(raw.success),
    criticalFailure: flag(raw.criticalFailure),
    luckReroll: flag(raw.luckReroll),
    rerolled: flag(raw.rerolled),
  }),
  target: () => ({}),
};

/** What provoked: a move out of or through threatened squares, a spell, a ranged attack, an item. */
export const PROVOKE_REASONS = ["move", "spell", "ranged", "item"] as const;
export type ProvokeReason = (typeof PROVOKE_REASONS)[number];

export interface FadeProvokeData {
  readonly reason: ProvokeReason;
}

/** One threatener: whether it took its attack of opportunity (the attack card's id). */
export interface FadeProvokeRow {
  readonly taken: string | null;
}

export const provokeSchema: CardSchema<FadeProvokeData, FadeProvokeRow> = {
  data: (raw) => ({ reason: oneOf(raw.reason, PROVOKE_REASONS, "reason") }),
  target: (raw) => ({ taken: raw.taken === null || raw.taken === undefined ? null : text(raw.taken, "taken") }),
};
