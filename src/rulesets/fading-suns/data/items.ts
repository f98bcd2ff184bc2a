import { itemModel, weightField } from "../../../data/item-model";
import { CHARACTERISTICS, MAX_RATING, WEAPON_SKILLS } from "../rules";
import { CHARACTERISTIC_KEYS, ITEM_KEYS, SKILL_KEYS, WEAPON_KIND_KEYS } from "./labels";

function weaponSchema() {
  const { BooleanField, HTMLField, NumberField, StringField } = foundry.data.fields;
  return {
    description: new HTMLField({ required: true, blank: true }),
    // DMG: the number of damage a hit does before bonuses (docs/rules-decisions.md).
    damage: new NumberField({
      required: true,
      nullable: false,
      integer: true,
      min: 0,
      max: 50,
      initial: 4,
      label: ITEM_KEYS.damage,
    }),
    // The weapon's own goal modifier.
    goal: new NumberField({
      required: true,
      nullable: false,
      integer: true,
      min: -20,
      max: 20,
      initial: 0,
      label: ITEM_KEYS.goal,
    }),
    skill: new StringField({
      required: true,
      blank: false,
      initial: "melee",
      choices: Object.fromEntries(WEAPON_SKILLS.map((s) => [s, SKILL_KEYS[s]])),
      label: ITEM_KEYS.skill,
    }),
    kind: new StringField({
      required: true,
      blank: false,
      initial: "melee",
      choices: { ...WEAPON_KIND_KEYS },
      label: ITEM_KEYS.kind,
    }),
    // Ranges as written on the weapon (meters, "10/20"), for reading: the dialog's range band counts.
    range: new StringField({ required: true, blank: true, initial: "", label: ITEM_KEYS.range }),
    // In hand: a disarmed fighter drops it (a failed roll against a disarm's damage) until picked up again.
    held: new BooleanField({ initial: true, label: ITEM_KEYS.held }),
    weight: weightField(),
  };
}

/** A Fading Suns weapon: DMG, its goal modifier, the skill it is used with, and how (melee, ranged, thrown). */
export class FadingSunsWeaponData extends itemModel(weaponSchema) {}

function armorSchema() {
  const { BooleanField, HTMLField, NumberField } = foundry.data.fields;
  return {
    description: new HTMLField({ required: true, blank: true }),
    armor: new NumberField({
      required: true,
      nullable: false,
      integer: true,
      min: 0,
      max: 50,
      initial: 4,
      label: ITEM_KEYS.armor,
    }),
    equipped: new BooleanField({ initial: true, label: ITEM_KEYS.equipped }),
    weight: weightField(),
  };
}

/** Fading Suns armor: its rating comes off each hit's damage while it is worn. */
export class FadingSunsArmorData extends itemModel(armorSchema) {}

function skillSchema() {
  const { HTMLField, NumberField, StringField } = foundry.data.fields;
  return {
    description: new HTMLField({ required: true, blank: true }),
    rating: new NumberField({
      required: true,
      nullable: false,
      integer: true,
      min: 0,
      max: MAX_RATING,
      initial: 1,
      label: ITEM_KEYS.rating,
    }),
    // The characteristic it usually pairs with; the roll dialog can pick another.
    characteristic: new StringField({
      required: true,
      blank: false,
      initial: "wits",
      choices: Object.fromEntries(CHARACTERISTICS.map((c) => [c, CHARACTERISTIC_KEYS[c]])),
      label: ITEM_KEYS.characteristic,
    }),
  };
}

/** A learned skill (Lore, Physick, Tech Redemption...): its rating and usual characteristic. */
export class FadingSunsSkillData extends itemModel(skillSchema) {}
