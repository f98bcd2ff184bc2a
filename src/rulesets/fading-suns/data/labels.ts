/**
 * i18n keys of the Fading Suns fields, characteristics, skills and chart lines, written out so the
 * language test sees each one. Data models give them to fields as labels; sheets and cards read them here.
 */
import type { Characteristic, NaturalSkill, StanceId, WeaponKind } from "../rules";

export const CHARACTERISTIC_KEYS: Readonly<Record<Characteristic, string>> = Object.freeze({
  strength: "ANTHOLOGY.FadingSuns.Characteristics.strength",
  dexterity: "ANTHOLOGY.FadingSuns.Characteristics.dexterity",
  endurance: "ANTHOLOGY.FadingSuns.Characteristics.endurance",
  wits: "ANTHOLOGY.FadingSuns.Characteristics.wits",
  perception: "ANTHOLOGY.FadingSuns.Characteristics.perception",
  tech: "ANTHOLOGY.FadingSuns.Characteristics.tech",
  extrovert: "ANTHOLOGY.FadingSuns.Characteristics.extrovert",
  introvert: "ANTHOLOGY.FadingSuns.Characteristics.introvert",
  passion: "ANTHOLOGY.FadingSuns.Characteristics.passion",
  calm: "ANTHOLOGY.FadingSuns.Characteristics.calm",
  faith: "ANTHOLOGY.FadingSuns.Characteristics.faith",
  ego: "ANTHOLOGY.FadingSuns.Characteristics.ego",
});

export const SKILL_KEYS: Readonly<Record<NaturalSkill, string>> = Object.freeze({
  charm: "ANTHOLOGY.FadingSuns.Skills.charm",
  dodge: "ANTHOLOGY.FadingSuns.Skills.dodge",
  fight: "ANTHOLOGY.FadingSuns.Skills.fight",
  impress: "ANTHOLOGY.FadingSuns.Skills.impress",
  melee: "ANTHOLOGY.FadingSuns.Skills.melee",
  observe: "ANTHOLOGY.FadingSuns.Skills.observe",
  shoot: "ANTHOLOGY.FadingSuns.Skills.shoot",
  sneak: "ANTHOLOGY.FadingSuns.Skills.sneak",
  vigor: "ANTHOLOGY.FadingSuns.Skills.vigor",
});

export const STANCE_KEYS: Readonly<Record<StanceId, string>> = Object.freeze({
  aggressive: "ANTHOLOGY.FadingSuns.Stance.aggressive",
  neutral: "ANTHOLOGY.FadingSuns.Stance.neutral",
  defensive: "ANTHOLOGY.FadingSuns.Stance.defensive",
  fullDefense: "ANTHOLOGY.FadingSuns.Stance.fullDefense",
});

export const AGGRESSIVE_KEYS = Object.freeze({
  goal: "ANTHOLOGY.FadingSuns.Stance.aggressiveGoal",
  damage: "ANTHOLOGY.FadingSuns.Stance.aggressiveDamage",
});

export const WEAPON_KIND_KEYS: Readonly<Record<WeaponKind, string>> = Object.freeze({
  melee: "ANTHOLOGY.FadingSuns.WeaponKind.melee",
  ranged: "ANTHOLOGY.FadingSuns.WeaponKind.ranged",
  thrown: "ANTHOLOGY.FadingSuns.WeaponKind.thrown",
});

export const ACTOR_KEYS = Object.freeze({
  vitality: "ANTHOLOGY.FadingSuns.FIELDS.vitality.label",
  vitalityMax: "ANTHOLOGY.FadingSuns.FIELDS.vitalityMax.label",
  wyrd: "ANTHOLOGY.FadingSuns.FIELDS.wyrd.label",
  wyrdMax: "ANTHOLOGY.FadingSuns.FIELDS.wyrdMax.label",
  defense: "ANTHOLOGY.FadingSuns.FIELDS.defense.label",
  stance: "ANTHOLOGY.FadingSuns.FIELDS.stance.label",
  aggressive: "ANTHOLOGY.FadingSuns.FIELDS.aggressive.label",
  surprised: "ANTHOLOGY.FadingSuns.FIELDS.surprised.label",
  notes: "ANTHOLOGY.FadingSuns.FIELDS.notes.label",
});

export const ITEM_KEYS = Object.freeze({
  damage: "ANTHOLOGY.FadingSuns.FIELDS.damage.label",
  goal: "ANTHOLOGY.FadingSuns.FIELDS.goal.label",
  skill: "ANTHOLOGY.FadingSuns.FIELDS.skill.label",
  kind: "ANTHOLOGY.FadingSuns.FIELDS.kind.label",
  range: "ANTHOLOGY.FadingSuns.FIELDS.range.label",
  armor: "ANTHOLOGY.FadingSuns.FIELDS.armor.label",
  equipped: "ANTHOLOGY.FadingSuns.FIELDS.equipped.label",
  rating: "ANTHOLOGY.FadingSuns.FIELDS.rating.label",
  characteristic: "ANTHOLOGY.FadingSuns.FIELDS.characteristic.label",
});
