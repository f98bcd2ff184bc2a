/**
 * An OpenD6 actor's numbers from what it stores: attribute and skill codes (a skill's dice are added
 * to its attribute's), worn armor, Strength Damage, passive defense, the damage resistance code, and
 * the Wound level whose penalty every roll takes. Plain data in, plain data out.
 */
import { addCodes, fromPips, strengthDamage, toPips } from "./codes";
import { acrobaticsDefenseBonus } from "./defense-modifiers";
import type { WoundLevel } from "./combat";
import { WOUND_PENALTY, bodyPointsLevel, outOfAction, type HealthMode } from "./health";
import { initiativeBonus, initiativeFormula, type InitiativeMethod } from "./initiative";
import { OPEND6_ATTRIBUTES, OPEND6_SKILLS, type OpenD6Attribute } from "./traits";

/** An actor as the rules read it (codes as typed; an unreadable one counts as 0D and is reported). */
export interface OpenD6Source {
  readonly attributes: Readonly<Partial<Record<OpenD6Attribute, string>>>;
  /** Dice added to the attribute, by skill id ("" or absent: none). */
  readonly skills: Readonly<Record<string, string>>;
  readonly wounds: WoundLevel;
  readonly bodyPoints: { readonly value: number; readonly max: number };
  /** Worn armor's codes. */
  readonly armor: readonly string[];
}

export interface OpenD6Options {
  readonly mode: HealthMode;
  /** The optional defense modifier (Reflexes or dodge above 4D raise passive defense). */
  readonly defenseBonus?: boolean;
  /** How the world orders combat (a Perception roll every round by default). */
  readonly initiative?: InitiativeMethod;
  /** The optional initiative bonus (high search or Reflexes). */
  readonly initiativeBonus?: boolean;
}

export interface DerivedSkill {
  readonly id: string;
  readonly attribute: OpenD6Attribute;
  /** Dice added to the attribute ("" for none). */
  readonly added: string;
  /** Attribute + added, normalised. */
  readonly code: string;
  readonly trained: boolean;
}

export interface OpenD6Derived {
  readonly attributes: Readonly<Record<OpenD6Attribute, string>>;
  readonly skills: Readonly<Record<string, DerivedSkill>>;
  /** Stored codes that could not be read, by data path under system ("attributes.physique"). */
  readonly invalid: readonly string[];
  readonly strengthDamage: string;
  /** Worn armor's codes added up. */
  readonly armor: string;
  /** What a hit is resisted with: Physique + armor for Wound levels, armor alone for Body Points. */
  readonly resistance: string;
  readonly passiveDefense: number;
  /** The optional modifier's acrobatics bonus to active or passive defense at Short range or more. */
  readonly acrobaticsDefense: number;
  readonly mode: HealthMode;
  /** The level whose penalty applies (stored for Wound levels; from Body Points left otherwise). */
  readonly woundLevel: WoundLevel;
  /** Dice taken from every roll. */
  readonly woundPenalty: number;
  readonly outOfAction: boolean;
  /** The initiative formula the combat tracker rolls, and the optional bonus in it. */
  readonly initiative: { readonly formula: string; readonly bonus: number };
}

/** A stored code read, or null when it is not one. "" reads as 0D. */
export function readCode(value: unknown): string | null {
  if (value === "" || value === undefined || value === null) return "0D";
  if (typeof value !== "string") return null;
  try {
    return fromPips(toPips(value));
  } catch {
    return null;
  }
}

/** Dice of a code, pips dropped. */
export const diceOf = (code: string): number => Math.floor(toPips(code) / 3);

/** The optional defense bonus: +1 per 2D (rounded up) of Reflexes or dodge above 4D, the better of them. */
export function defenseBonus(reflexes: string, dodge: string): number {
  const over = Math.max(diceOf(reflexes), diceOf(dodge)) - 4;
  return over > 0 ? Math.ceil(over / 2) : 0;
}

export function derive(source: OpenD6Source, options: OpenD6Options): OpenD6Derived {
  const invalid: string[] = [];
  const read = (value: unknown, path: string): string => {
    const code = readCode(value);
    if (code === null) invalid.push(path);
    return code ?? "0D";
  };
  const attributes = Object.fromEntries(
    OPEND6_ATTRIBUTES.map((a) => [a, read(source.attributes[a], `attributes.${a}`)]),
  ) as Record<OpenD6Attribute, string>;
  const skills: Record<string, DerivedSkill> = {};
  for (const skill of OPEND6_SKILLS) {
    const raw = source.skills[skill.id];
    const added = read(typeof raw === "string" ? raw.replace(/^\s*\+/, "") : raw, `skills.${skill.id}`);
    const trained = toPips(added) > 0;
    skills[skill.id] = {
      id: skill.id,
      attribute: skill.attribute,
      added: trained ? added : "",
      code: addCodes(attributes[skill.attribute], added),
      trained,
    };
  }
  const armor = source.armor.reduce((sum, code, i) => addCodes(sum, read(code, `armor.${i}`)), "0D");
  const mode = options.mode;
  const resistance = mode === "wounds" ? addCodes(attributes.physique, armor) : armor;
  const level = mode === "wounds" ? source.wounds : bodyPointsLevel(source.bodyPoints.value, source.bodyPoints.max);
  const bonus = options.initiativeBonus ? initiativeBonus(attributes.reflexes, skills.search!.added || "0D") : 0;
  const codes = {
    perception: attributes.perception,
    search: skills.search!.code,
    reflexes: attributes.reflexes,
    dodge: skills.dodge!.code,
  };
  return {
    attributes,
    skills,
    invalid,
    // Physique or lifting: lifting's dice are Physique's plus what the skill adds.
    strengthDamage: strengthDamage(skills.lifting!.code),
    armor,
    resistance,
    passiveDefense: 10 + (options.defenseBonus ? defenseBonus(attributes.reflexes, skills.dodge!.code) : 0),
    acrobaticsDefense: options.defenseBonus ? acrobaticsDefenseBonus(skills.acrobatics!.code) : 0,
    mode,
    woundLevel: level,
    woundPenalty: WOUND_PENALTY[level],
    outOfAction: outOfAction(level),
    initiative: { formula: initiativeFormula(options.initiative ?? "round", codes, bonus), bonus },
  };
}
