/**
 * OpenD6's attributes and the skills under each, as data. The text names the attributes it uses
 * (Reflexes, Physique, Perception, ...) and many skills (dodge, brawling, melee combat, marksmanship,
 * ...); the full list follows D6 Adventure, whose combat chapter the text is (docs/rules-decisions.md).
 */
import { isOneOf } from "../../common";

export const OPEND6_ATTRIBUTES = Object.freeze([
  "reflexes",
  "coordination",
  "physique",
  "knowledge",
  "perception",
  "presence",
] as const);

export type OpenD6Attribute = (typeof OPEND6_ATTRIBUTES)[number];

/** A skill and the attribute its dice are added to. */
export interface OpenD6Skill {
  readonly id: string;
  readonly attribute: OpenD6Attribute;
}

const skills = (attribute: OpenD6Attribute, ids: readonly string[]): OpenD6Skill[] =>
  ids.map((id) => ({ id, attribute }));

/** Every skill, grouped by attribute in the order a sheet lists them. */
export const OPEND6_SKILLS: readonly OpenD6Skill[] = Object.freeze([
  ...skills("reflexes", [
    "acrobatics",
    "brawling",
    "climbing",
    "contortion",
    "dodge",
    "driving",
    "flying",
    "jumping",
    "meleeCombat",
    "riding",
    "sneak",
  ]),
  ...skills("coordination", ["lockpicking", "marksmanship", "missileWeapons", "piloting", "sleightOfHand", "throwing"]),
  ...skills("physique", ["lifting", "running", "stamina", "swimming"]),
  ...skills("knowledge", [
    "business",
    "demolitions",
    "forgery",
    "languages",
    "medicine",
    "navigation",
    "scholar",
    "security",
    "tech",
  ]),
  ...skills("perception", [
    "artist",
    "gambling",
    "hide",
    "investigation",
    "knowHow",
    "repair",
    "search",
    "streetwise",
    "survival",
    "tracking",
  ]),
  ...skills("presence", [
    "animalHandling",
    "bluff",
    "charm",
    "command",
    "disguise",
    "intimidation",
    "mettle",
    "persuasion",
    "willpower",
  ]),
]);

export const OPEND6_SKILL_IDS: readonly string[] = Object.freeze(OPEND6_SKILLS.map((s) => s.id));

/** A skill by id, or undefined. */
export function opend6Skill(id: unknown): OpenD6Skill | undefined {
  return typeof id === "string" ? OPEND6_SKILLS.find((s) => s.id === id) : undefined;
}

export function isAttribute(id: unknown): id is OpenD6Attribute {
  return isOneOf(OPEND6_ATTRIBUTES, id);
}

/** The combat skills a weapon can be used with. */
export const WEAPON_SKILLS = Object.freeze(["brawling", "meleeCombat", "marksmanship", "missileWeapons", "throwing"]);

/**
 * The standard difficulties a GM picks from for a check (D6 Adventure's: the text gives only combat's),
 * by their usual number; any other number can be typed.
 */
export const DIFFICULTIES = Object.freeze([
  { id: "veryEasy", value: 5 },
  { id: "easy", value: 10 },
  { id: "moderate", value: 15 },
  { id: "difficult", value: 20 },
  { id: "veryDifficult", value: 25 },
  { id: "heroic", value: 30 },
] as const);

/** Whether a roll of this attribute or skill is Reflexes or Reflexes-based (a stumble takes 2D from the next). */
export function reflexesBased(id: string): boolean {
  return id === "reflexes" || OPEND6_SKILLS.some((s) => s.id === id && s.attribute === "reflexes");
}
