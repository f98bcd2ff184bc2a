/**
 * i18n keys of the OpenD6 fields, attributes, skills and levels, written out so the language test sees
 * each one. The data models give them to their fields as labels and the sheets read them from here.
 */
import type {
  CalledShot,
  Cover,
  HitLocation,
  Maneuver,
  OpenD6Attribute,
  Posture,
  RangeBand,
  WoundLevel,
} from "../rules";

export const ATTRIBUTE_KEYS: Readonly<Record<OpenD6Attribute, { label: string; abbr: string }>> = Object.freeze({
  reflexes: { label: "ANTHOLOGY.OpenD6.Attributes.reflexes", abbr: "ANTHOLOGY.OpenD6.Attributes.reflexesAbbr" },
  coordination: {
    label: "ANTHOLOGY.OpenD6.Attributes.coordination",
    abbr: "ANTHOLOGY.OpenD6.Attributes.coordinationAbbr",
  },
  physique: { label: "ANTHOLOGY.OpenD6.Attributes.physique", abbr: "ANTHOLOGY.OpenD6.Attributes.physiqueAbbr" },
  knowledge: { label: "ANTHOLOGY.OpenD6.Attributes.knowledge", abbr: "ANTHOLOGY.OpenD6.Attributes.knowledgeAbbr" },
  perception: {
    label: "ANTHOLOGY.OpenD6.Attributes.perception",
    abbr: "ANTHOLOGY.OpenD6.Attributes.perceptionAbbr",
  },
  presence: { label: "ANTHOLOGY.OpenD6.Attributes.presence", abbr: "ANTHOLOGY.OpenD6.Attributes.presenceAbbr" },
});

export const SKILL_KEYS: Readonly<Record<string, string>> = Object.freeze({
  acrobatics: "ANTHOLOGY.OpenD6.Skills.acrobatics",
  brawling: "ANTHOLOGY.OpenD6.Skills.brawling",
  climbing: "ANTHOLOGY.OpenD6.Skills.climbing",
  contortion: "ANTHOLOGY.OpenD6.Skills.contortion",
  dodge: "ANTHOLOGY.OpenD6.Skills.dodge",
  driving: "ANTHOLOGY.OpenD6.Skills.driving",
  flying: "ANTHOLOGY.OpenD6.Skills.flying",
  jumping: "ANTHOLOGY.OpenD6.Skills.jumping",
  meleeCombat: "ANTHOLOGY.OpenD6.Skills.meleeCombat",
  riding: "ANTHOLOGY.OpenD6.Skills.riding",
  sneak: "ANTHOLOGY.OpenD6.Skills.sneak",
  lockpicking: "ANTHOLOGY.OpenD6.Skills.lockpicking",
  marksmanship: "ANTHOLOGY.OpenD6.Skills.marksmanship",
  missileWeapons: "ANTHOLOGY.OpenD6.Skills.missileWeapons",
  piloting: "ANTHOLOGY.OpenD6.Skills.piloting",
  sleightOfHand: "ANTHOLOGY.OpenD6.Skills.sleightOfHand",
  throwing: "ANTHOLOGY.OpenD6.Skills.throwing",
  lifting: "ANTHOLOGY.OpenD6.Skills.lifting",
  running: "ANTHOLOGY.OpenD6.Skills.running",
  stamina: "ANTHOLOGY.OpenD6.Skills.stamina",
  swimming: "ANTHOLOGY.OpenD6.Skills.swimming",
  business: "ANTHOLOGY.OpenD6.Skills.business",
  demolitions: "ANTHOLOGY.OpenD6.Skills.demolitions",
  forgery: "ANTHOLOGY.OpenD6.Skills.forgery",
  languages: "ANTHOLOGY.OpenD6.Skills.languages",
  medicine: "ANTHOLOGY.OpenD6.Skills.medicine",
  navigation: "ANTHOLOGY.OpenD6.Skills.navigation",
  scholar: "ANTHOLOGY.OpenD6.Skills.scholar",
  security: "ANTHOLOGY.OpenD6.Skills.security",
  tech: "ANTHOLOGY.OpenD6.Skills.tech",
  artist: "ANTHOLOGY.OpenD6.Skills.artist",
  gambling: "ANTHOLOGY.OpenD6.Skills.gambling",
  hide: "ANTHOLOGY.OpenD6.Skills.hide",
  investigation: "ANTHOLOGY.OpenD6.Skills.investigation",
  knowHow: "ANTHOLOGY.OpenD6.Skills.knowHow",
  repair: "ANTHOLOGY.OpenD6.Skills.repair",
  search: "ANTHOLOGY.OpenD6.Skills.search",
  streetwise: "ANTHOLOGY.OpenD6.Skills.streetwise",
  survival: "ANTHOLOGY.OpenD6.Skills.survival",
  tracking: "ANTHOLOGY.OpenD6.Skills.tracking",
  animalHandling: "ANTHOLOGY.OpenD6.Skills.animalHandling",
  bluff: "ANTHOLOGY.OpenD6.Skills.bluff",
  charm: "ANTHOLOGY.OpenD6.Skills.charm",
  command: "ANTHOLOGY.OpenD6.Skills.command",
  disguise: "ANTHOLOGY.OpenD6.Skills.disguise",
  intimidation: "ANTHOLOGY.OpenD6.Skills.intimidation",
  mettle: "ANTHOLOGY.OpenD6.Skills.mettle",
  persuasion: "ANTHOLOGY.OpenD6.Skills.persuasion",
  willpower: "ANTHOLOGY.OpenD6.Skills.willpower",
});

export const WOUND_KEYS: Readonly<Record<WoundLevel, string>> = Object.freeze({
  none: "ANTHOLOGY.OpenD6.Wounds.none",
  stunned: "ANTHOLOGY.OpenD6.Wounds.stunned",
  wounded: "ANTHOLOGY.OpenD6.Wounds.wounded",
  severelyWounded: "ANTHOLOGY.OpenD6.Wounds.severelyWounded",
  incapacitated: "ANTHOLOGY.OpenD6.Wounds.incapacitated",
  mortallyWounded: "ANTHOLOGY.OpenD6.Wounds.mortallyWounded",
});

export const ACTOR_KEYS = Object.freeze({
  characterPoints: "ANTHOLOGY.OpenD6.FIELDS.characterPoints.label",
  fatePoints: "ANTHOLOGY.OpenD6.FIELDS.fatePoints.label",
  move: "ANTHOLOGY.OpenD6.FIELDS.move.label",
  scale: "ANTHOLOGY.OpenD6.FIELDS.scale.label",
  wounds: "ANTHOLOGY.OpenD6.FIELDS.wounds.label",
  bodyPoints: "ANTHOLOGY.OpenD6.FIELDS.bodyPoints.label",
  bodyPointsMax: "ANTHOLOGY.OpenD6.FIELDS.bodyPointsMax.label",
  notes: "ANTHOLOGY.OpenD6.FIELDS.notes.label",
});

export const WEAPON_KEYS = Object.freeze({
  damage: "ANTHOLOGY.OpenD6.FIELDS.damage.label",
  skill: "ANTHOLOGY.OpenD6.FIELDS.skill.label",
  short: "ANTHOLOGY.OpenD6.FIELDS.short.label",
  medium: "ANTHOLOGY.OpenD6.FIELDS.medium.label",
  long: "ANTHOLOGY.OpenD6.FIELDS.long.label",
});

export const ARMOR_KEYS = Object.freeze({
  armor: "ANTHOLOGY.OpenD6.FIELDS.armor.label",
  equipped: "ANTHOLOGY.OpenD6.FIELDS.equipped.label",
});

export const RANGE_KEYS: Readonly<Record<RangeBand, string>> = Object.freeze({
  pointBlank: "ANTHOLOGY.OpenD6.Range.pointBlank",
  short: "ANTHOLOGY.OpenD6.Range.short",
  medium: "ANTHOLOGY.OpenD6.Range.medium",
  long: "ANTHOLOGY.OpenD6.Range.long",
});

export const COVER_KEYS: Readonly<Record<Cover, string>> = Object.freeze({
  none: "ANTHOLOGY.OpenD6.Cover.none",
  quarter: "ANTHOLOGY.OpenD6.Cover.quarter",
  half: "ANTHOLOGY.OpenD6.Cover.half",
  threeQuarters: "ANTHOLOGY.OpenD6.Cover.threeQuarters",
});

export const POSTURE_KEYS: Readonly<Record<Posture, string>> = Object.freeze({
  standing: "ANTHOLOGY.OpenD6.Posture.standing",
  crouching: "ANTHOLOGY.OpenD6.Posture.crouching",
  crouchingMoving: "ANTHOLOGY.OpenD6.Posture.crouchingMoving",
  prone: "ANTHOLOGY.OpenD6.Posture.prone",
});

export const DIFFICULTY_KEYS: Readonly<Record<string, string>> = Object.freeze({
  veryEasy: "ANTHOLOGY.OpenD6.Difficulty.veryEasy",
  easy: "ANTHOLOGY.OpenD6.Difficulty.easy",
  moderate: "ANTHOLOGY.OpenD6.Difficulty.moderate",
  difficult: "ANTHOLOGY.OpenD6.Difficulty.difficult",
  veryDifficult: "ANTHOLOGY.OpenD6.Difficulty.veryDifficult",
  heroic: "ANTHOLOGY.OpenD6.Difficulty.heroic",
});

export const DEFENSE_KEYS: Readonly<Record<"none" | "full" | "partial", string>> = Object.freeze({
  none: "ANTHOLOGY.OpenD6.Defense.none",
  full: "ANTHOLOGY.OpenD6.Defense.full",
  partial: "ANTHOLOGY.OpenD6.Defense.partial",
});

export const MANEUVER_KEYS: Readonly<Record<Maneuver, string>> = Object.freeze({
  none: "ANTHOLOGY.OpenD6.Maneuver.none",
  allOut: "ANTHOLOGY.OpenD6.Maneuver.allOut",
  sweep: "ANTHOLOGY.OpenD6.Maneuver.sweep",
  tackle: "ANTHOLOGY.OpenD6.Maneuver.tackle",
  grabHold: "ANTHOLOGY.OpenD6.Maneuver.grabHold",
  grabChoke: "ANTHOLOGY.OpenD6.Maneuver.grabChoke",
  grabFlip: "ANTHOLOGY.OpenD6.Maneuver.grabFlip",
  entangle: "ANTHOLOGY.OpenD6.Maneuver.entangle",
  knockout: "ANTHOLOGY.OpenD6.Maneuver.knockout",
  acrobatics: "ANTHOLOGY.OpenD6.Maneuver.acrobatics",
  fullAuto: "ANTHOLOGY.OpenD6.Maneuver.fullAuto",
  singleFireAsMulti: "ANTHOLOGY.OpenD6.Maneuver.singleFireAsMulti",
});

export const CALLED_SHOT_KEYS: Readonly<Record<CalledShot, string>> = Object.freeze({
  none: "ANTHOLOGY.OpenD6.CalledShot.none",
  small: "ANTHOLOGY.OpenD6.CalledShot.small",
  tiny: "ANTHOLOGY.OpenD6.CalledShot.tiny",
  minute: "ANTHOLOGY.OpenD6.CalledShot.minute",
});

export const LOCATION_KEYS: Readonly<Record<HitLocation, string>> = Object.freeze({
  none: "ANTHOLOGY.OpenD6.Location.none",
  head: "ANTHOLOGY.OpenD6.Location.head",
  torso: "ANTHOLOGY.OpenD6.Location.torso",
  arm: "ANTHOLOGY.OpenD6.Location.arm",
  leg: "ANTHOLOGY.OpenD6.Location.leg",
  hand: "ANTHOLOGY.OpenD6.Location.hand",
});
