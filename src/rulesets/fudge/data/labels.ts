import type { FudgeAttribute } from "../rules/play";

/**
 * i18n keys of FUDGE's data fields and words, written out so the language test sees each one. The data
 * models give them to their fields as labels and the sheets and cards read them from here.
 */
export const FUDGE_ATTRIBUTE_KEYS: Readonly<Record<FudgeAttribute, string>> = Object.freeze({
  build: "ANTHOLOGY.Fudge.FIELDS.build.label",
  health: "ANTHOLOGY.Fudge.FIELDS.health.label",
  dexterity: "ANTHOLOGY.Fudge.FIELDS.dexterity.label",
  agility: "ANTHOLOGY.Fudge.FIELDS.agility.label",
  speed: "ANTHOLOGY.Fudge.FIELDS.speed.label",
  perception: "ANTHOLOGY.Fudge.FIELDS.perception.label",
  intelligence: "ANTHOLOGY.Fudge.FIELDS.intelligence.label",
  will: "ANTHOLOGY.Fudge.FIELDS.will.label",
});

export const FUDGE_ACTOR_KEYS = Object.freeze({
  strengthScale: "ANTHOLOGY.Fudge.FIELDS.strengthScale.label",
  massScale: "ANTHOLOGY.Fudge.FIELDS.massScale.label",
  painThreshold: "ANTHOLOGY.Fudge.FIELDS.painThreshold.label",
  stance: "ANTHOLOGY.Fudge.FIELDS.stance.label",
  stunned: "ANTHOLOGY.Fudge.FIELDS.stunned.label",
  unitSize: "ANTHOLOGY.Fudge.FIELDS.unitSize.label",
  notes: "ANTHOLOGY.Fudge.FIELDS.notes.label",
});

export const FUDGE_WOUND_KEYS = Object.freeze({
  undamaged: "ANTHOLOGY.Fudge.Wound.undamaged",
  scratch: "ANTHOLOGY.Fudge.Wound.scratch",
  light: "ANTHOLOGY.Fudge.Wound.light",
  major: "ANTHOLOGY.Fudge.Wound.major",
  critical: "ANTHOLOGY.Fudge.Wound.critical",
  coma: "ANTHOLOGY.Fudge.Wound.coma",
});

export const FUDGE_STANCE_KEYS = Object.freeze({
  violent: "ANTHOLOGY.Fudge.Stance.violent",
  offensive: "ANTHOLOGY.Fudge.Stance.offensive",
  normal: "ANTHOLOGY.Fudge.Stance.normal",
  defensive: "ANTHOLOGY.Fudge.Stance.defensive",
  protective: "ANTHOLOGY.Fudge.Stance.protective",
});

export const FUDGE_PAIN_KEYS = Object.freeze({
  normal: "ANTHOLOGY.Fudge.Pain.normal",
  high: "ANTHOLOGY.Fudge.Pain.high",
  low: "ANTHOLOGY.Fudge.Pain.low",
});

export const FUDGE_SHIELD_KEYS = Object.freeze({
  small: "ANTHOLOGY.Fudge.Shield.small",
  medium: "ANTHOLOGY.Fudge.Shield.medium",
  large: "ANTHOLOGY.Fudge.Shield.large",
});

/** Weapon sizes, by their damage value: −1 no weapon, 0 small, +1 medium, +2 large, +3 two-handed. */
export const FUDGE_SIZE_KEYS = Object.freeze({
  "-1": "ANTHOLOGY.Fudge.Size.none",
  "0": "ANTHOLOGY.Fudge.Size.small",
  "1": "ANTHOLOGY.Fudge.Size.medium",
  "2": "ANTHOLOGY.Fudge.Size.large",
  "3": "ANTHOLOGY.Fudge.Size.twoHanded",
});

export const FUDGE_ITEM_KEYS = Object.freeze({
  level: "ANTHOLOGY.Fudge.FIELDS.level.label",
  attribute: "ANTHOLOGY.Fudge.FIELDS.attribute.label",
  size: "ANTHOLOGY.Fudge.FIELDS.size.label",
  sharp: "ANTHOLOGY.Fudge.FIELDS.sharp.label",
  strength: "ANTHOLOGY.Fudge.FIELDS.strength.label",
  heavyBlunt: "ANTHOLOGY.Fudge.FIELDS.heavyBlunt.label",
  muscle: "ANTHOLOGY.Fudge.FIELDS.muscle.label",
  ranged: "ANTHOLOGY.Fudge.FIELDS.ranged.label",
  propelled: "ANTHOLOGY.Fudge.FIELDS.propelled.label",
  twoHanded: "ANTHOLOGY.Fudge.FIELDS.twoHanded.label",
  skill: "ANTHOLOGY.Fudge.FIELDS.skill.label",
  damageType: "ANTHOLOGY.Fudge.FIELDS.damageType.label",
  protection: "ANTHOLOGY.Fudge.FIELDS.protection.label",
  shieldSize: "ANTHOLOGY.Fudge.FIELDS.shieldSize.label",
  magic: "ANTHOLOGY.Fudge.FIELDS.magic.label",
  equipped: "ANTHOLOGY.Fudge.FIELDS.equipped.label",
});

export const FUDGE_LOCATION_KEYS = Object.freeze({
  head: "ANTHOLOGY.Fudge.Location.head",
  leftArm: "ANTHOLOGY.Fudge.Location.leftArm",
  leftLeg: "ANTHOLOGY.Fudge.Location.leftLeg",
  torso: "ANTHOLOGY.Fudge.Location.torso",
  abdomen: "ANTHOLOGY.Fudge.Location.abdomen",
  rightArm: "ANTHOLOGY.Fudge.Location.rightArm",
  rightLeg: "ANTHOLOGY.Fudge.Location.rightLeg",
});

export const FUDGE_LOSS_KEYS = Object.freeze({
  none: "ANTHOLOGY.Fudge.Loss.none",
  minor: "ANTHOLOGY.Fudge.Loss.minor",
  quarter: "ANTHOLOGY.Fudge.Loss.quarter",
  half: "ANTHOLOGY.Fudge.Loss.half",
  threeQuarters: "ANTHOLOGY.Fudge.Loss.threeQuarters",
  all: "ANTHOLOGY.Fudge.Loss.all",
});

export const FUDGE_RANGE_KEYS = Object.freeze({
  close: "ANTHOLOGY.Fudge.Range.close",
  medium: "ANTHOLOGY.Fudge.Range.medium",
  far: "ANTHOLOGY.Fudge.Range.far",
  extreme: "ANTHOLOGY.Fudge.Range.extreme",
});
