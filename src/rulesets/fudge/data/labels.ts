import { labelKeys } from "../../common";
import { STANCE_IDS } from "../rules/combat";
import { FUDGE_ATTRIBUTES, PAIN_THRESHOLDS, RANGE_BANDS } from "../rules/play";
import { ATTACK_TYPES, BODY_PARTS } from "../rules/locations";

/**
 * i18n keys of FUDGE's data fields and words: built by labelKeys where a table follows one pattern (the
 * language test reads what it builds), written out where not. The data models give them to their
 * fields as labels and the sheets and cards read them from here.
 */
export const FUDGE_ATTRIBUTE_KEYS = labelKeys("ANTHOLOGY.Fudge.FIELDS", FUDGE_ATTRIBUTES, ".label");

export const FUDGE_ACTOR_KEYS = labelKeys(
  "ANTHOLOGY.Fudge.FIELDS",
  [
    "strengthScale",
    "massScale",
    "painThreshold",
    "stance",
    "stunned",
    "stunTaken",
    "unitSize",
    "notes",
    "trueWounds",
    "tactics",
  ],
  ".label",
);

export const FUDGE_WOUND_KEYS = labelKeys("ANTHOLOGY.Fudge.Wound", [
  "undamaged",
  "scratch",
  "light",
  "major",
  "critical",
  "coma",
]);

export const FUDGE_STANCE_KEYS = labelKeys("ANTHOLOGY.Fudge.Stance", STANCE_IDS);

export const FUDGE_PAIN_KEYS = labelKeys("ANTHOLOGY.Fudge.Pain", PAIN_THRESHOLDS);

export const FUDGE_SHIELD_KEYS = labelKeys("ANTHOLOGY.Fudge.Shield", ["small", "medium", "large"]);

/** Weapon sizes, by their damage value: −1 no weapon, 0 small, +1 medium, +2 large, +3 two-handed. */
export const FUDGE_SIZE_KEYS = Object.freeze({
  "-1": "ANTHOLOGY.Fudge.Size.none",
  "0": "ANTHOLOGY.Fudge.Size.small",
  "1": "ANTHOLOGY.Fudge.Size.medium",
  "2": "ANTHOLOGY.Fudge.Size.large",
  "3": "ANTHOLOGY.Fudge.Size.twoHanded",
});

export const FUDGE_ITEM_KEYS = labelKeys(
  "ANTHOLOGY.Fudge.FIELDS",
  [
    "level",
    "attribute",
    "size",
    "sharp",
    "strength",
    "heavyBlunt",
    "muscle",
    "ranged",
    "propelled",
    "twoHanded",
    "skill",
    "damageType",
    "protection",
    "shieldSize",
    "magic",
    "equipped",
    "martialArt",
  ],
  ".label",
);

export const FUDGE_LOCATION_KEYS = labelKeys("ANTHOLOGY.Fudge.Location", BODY_PARTS);

export const FUDGE_ATTACK_TYPE_KEYS = labelKeys("ANTHOLOGY.Fudge.AttackType", ATTACK_TYPES);

export const FUDGE_ATTACK_GROUP_KEYS = labelKeys("ANTHOLOGY.Fudge.AttackGroup", ["high", "low", "shot", "brawl"]);

export const FUDGE_LOSS_KEYS = labelKeys("ANTHOLOGY.Fudge.Loss", [
  "none",
  "minor",
  "quarter",
  "half",
  "threeQuarters",
  "all",
]);

export const FUDGE_RANGE_KEYS = labelKeys("ANTHOLOGY.Fudge.Range", RANGE_BANDS);
