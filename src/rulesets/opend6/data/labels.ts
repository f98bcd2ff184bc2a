/**
 * i18n keys of the OpenD6 fields, attributes, skills and levels: built by labelKeys where a table
 * follows one pattern (the language test reads what it builds), written out where not. The data models
 * give them to their fields as labels and the sheets read them from here.
 */
import { byId, labelKeys } from "../../common";
import {
  CALLED_SHOTS,
  COVERS,
  HIT_LOCATIONS,
  LIGHTINGS,
  MANEUVERS,
  OPEND6_ATTRIBUTES,
  OPEND6_SKILL_IDS,
  POSTURES,
  RANGES,
  SMOKES,
  WOUND_LEVELS,
} from "../rules";

/** Each attribute's name and abbreviation. */
export const ATTRIBUTE_KEYS = byId(OPEND6_ATTRIBUTES, (a) => ({
  label: `ANTHOLOGY.OpenD6.Attributes.${a}`,
  abbr: `ANTHOLOGY.OpenD6.Attributes.${a}Abbr`,
}));

export const SKILL_KEYS: Readonly<Record<string, string>> = labelKeys("ANTHOLOGY.OpenD6.Skills", OPEND6_SKILL_IDS);

export const WOUND_KEYS = labelKeys("ANTHOLOGY.OpenD6.Wounds", WOUND_LEVELS);

export const ACTOR_KEYS = labelKeys(
  "ANTHOLOGY.OpenD6.FIELDS",
  ["characterPoints", "fatePoints", "move", "scale", "wounds", "bodyPoints", "bodyPointsMax", "notes"],
  ".label",
);

export const WEAPON_KEYS = labelKeys(
  "ANTHOLOGY.OpenD6.FIELDS",
  ["damage", "skill", "short", "medium", "long", "edged", "dropped"],
  ".label",
);

export const ARMOR_KEYS = Object.freeze({
  armor: "ANTHOLOGY.OpenD6.FIELDS.armor.label",
  equipped: "ANTHOLOGY.OpenD6.FIELDS.equipped.label",
});

export const RANGE_KEYS = labelKeys("ANTHOLOGY.OpenD6.Range", RANGES);

export const COVER_KEYS = labelKeys("ANTHOLOGY.OpenD6.Cover", COVERS);

export const POSTURE_KEYS = labelKeys("ANTHOLOGY.OpenD6.Posture", POSTURES);

export const DIFFICULTY_KEYS: Readonly<Record<string, string>> = labelKeys("ANTHOLOGY.OpenD6.Difficulty", [
  "veryEasy",
  "easy",
  "moderate",
  "difficult",
  "veryDifficult",
  "heroic",
]);

export const DEFENSE_KEYS: Readonly<Record<"none" | "full" | "partial", string>> = labelKeys(
  "ANTHOLOGY.OpenD6.Defense",
  ["none", "full", "partial"],
);

export const MANEUVER_KEYS = labelKeys("ANTHOLOGY.OpenD6.Maneuver", MANEUVERS);

export const CALLED_SHOT_KEYS = labelKeys("ANTHOLOGY.OpenD6.CalledShot", CALLED_SHOTS);

export const LOCATION_KEYS = labelKeys("ANTHOLOGY.OpenD6.Location", HIT_LOCATIONS);

export const LIGHTING_KEYS = labelKeys("ANTHOLOGY.OpenD6.Lighting", LIGHTINGS);

export const SMOKE_KEYS = labelKeys("ANTHOLOGY.OpenD6.Smoke", SMOKES);
