import { byId, labelKeys } from "../../common";
import { FADE_SKILL_ACTIONS } from "../rules";

/**
 * i18n keys of the Fade data fields: built by labelKeys where a table follows one pattern (the language
 * test reads what it builds), written out where not. The data models give them to their fields as
 * labels and the sheets read them from here, so a field has one label.
 */
export const FADE_ATTRIBUTES = Object.freeze([
  "strength",
  "agility",
  "endurance",
  "smarts",
  "luck",
  "magic",
  "resistance",
] as const);

export type FadeAttribute = (typeof FADE_ATTRIBUTES)[number];

/** Each attribute's label and abbreviation. */
export const FADE_ATTRIBUTE_KEYS = byId(FADE_ATTRIBUTES, (a) =>
  labelKeys(`ANTHOLOGY.Fade.FIELDS.${a}`, ["label", "abbr"]),
);

/** Labels of the actor's other fields, by their path under `system`. */
export const FADE_ACTOR_KEYS = labelKeys(
  "ANTHOLOGY.Fade.FIELDS",
  [
    "level",
    "classHp",
    "hpGained",
    "hp",
    "speciesSize",
    "classSoak",
    "speed",
    "speedLoss",
    "attacksPerRound",
    "naturalDeflection",
    "naturalDeflectionStacks",
    "undead",
    "luckRerollsUsed",
    "notes",
  ],
  ".label",
);

/** Misc. bonuses: numbers, and pools of dice, kept dice and a flat bonus. */
export const FADE_BONUS_KEYS = labelKeys(
  "ANTHOLOGY.Fade.FIELDS.bonuses",
  ["hp", "soak", "allDefenses", "defense", "avoid", "mentalDefense", "bodilyDefense", "toHit", "damage"],
  ".label",
);

/** Labels of the pools only effects add to (`system.effectBonuses`). */
export const FADE_EFFECT_BONUS_KEYS = labelKeys("ANTHOLOGY.Fade.FIELDS.effectBonuses", ["dodge", "skills"], ".label");

export const FADE_POOL_PART_KEYS = labelKeys("ANTHOLOGY.Fade.FIELDS.pool", ["rolled", "kept", "flat"]);

export const FADE_ENERGY_KEYS = labelKeys(
  "ANTHOLOGY.Fade.FIELDS.energy",
  ["resistances", "immunities", "absorptions", "weaknesses"],
  ".label",
);

export const FADE_WEAPON_KEYS = labelKeys(
  "ANTHOLOGY.Fade.FIELDS",
  [
    "baseDamage",
    "finesse",
    "spell",
    "twoHanded",
    "canTwoHand",
    "penetration",
    "damageType",
    "explodesOn",
    "range",
    "defense",
  ],
  ".label",
);

export const FADE_ARMOR_KEYS = labelKeys(
  "ANTHOLOGY.Fade.FIELDS",
  ["deflection", "stacks", "speedPenalty", "equipped"],
  ".label",
);

/** The faces a weapon's dice can explode on; 0 is "never". */
export const EXPLODES_ON_CHOICES: Readonly<Record<number, string>> = Object.freeze({
  0: "ANTHOLOGY.Fade.ExplodesOn.none",
  10: "ANTHOLOGY.Fade.ExplodesOn.10",
  9: "ANTHOLOGY.Fade.ExplodesOn.9",
  8: "ANTHOLOGY.Fade.ExplodesOn.8",
  7: "ANTHOLOGY.Fade.ExplodesOn.7",
});

/** The skills' names, by skill id (rules/skills.ts). */
export const FADE_SKILL_KEYS: Readonly<Record<string, string>> = labelKeys("ANTHOLOGY.Fade.Skills", [
  "deception",
  "heal",
  "persuasion",
  "useComputers",
  "useMagicDevice",
  "artisan",
  "acrobatics",
  "drive",
  "ride",
  "handleAnimal",
  "linguistics",
  "awareness",
  "fortitude",
  "knowledges",
  "spellcraft",
  "stealth",
]);

/** The action types' names, by id. */
export const FADE_SKILL_ACTION_KEYS: Readonly<Record<string, string>> = labelKeys(
  "ANTHOLOGY.Fade.SkillAction",
  FADE_SKILL_ACTIONS,
);

/** Labels of the species, class and feat fields the actor has no field for. */
export const FADE_TRAIT_KEYS = labelKeys(
  "ANTHOLOGY.Fade.FIELDS",
  ["hpPerLevel", "rerolls", "speedBonus", "deflectionAll", "extraAttacks"],
  ".label",
);
