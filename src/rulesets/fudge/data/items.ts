import { itemModel } from "../../../data/item-model";
import { SHIELD_SIZES, TRAIT_MAX, TRAIT_MIN, FUDGE_ATTRIBUTES } from "../rules/play";
import { FUDGE_ATTRIBUTE_KEYS, FUDGE_ITEM_KEYS, FUDGE_SHIELD_KEYS, FUDGE_SIZE_KEYS } from "./labels";

const fields = () => foundry.data.fields;
const description = () => new (fields().HTMLField)({ required: true, blank: true });
const integer = (label: string, initial: number, options: { min?: number; max?: number } = {}) =>
  new (fields().NumberField)({ required: true, nullable: false, integer: true, initial, label, ...options });
const bool = (label: string, initial = false) => new (fields().BooleanField)({ initial, label });
const text = (label: string) => new (fields().StringField)({ required: true, blank: true, initial: "", label });

function skillSchema() {
  return {
    description: description(),
    level: integer(FUDGE_ITEM_KEYS.level, 0, { min: TRAIT_MIN, max: TRAIT_MAX }),
    // The attribute that governs it, if any (shown beside it; a GM's help for untrained defaults).
    attribute: new (fields().StringField)({
      required: true,
      blank: true,
      initial: "",
      // Blank (none) is a choice of its own, so a skill without an attribute validates.
      choices: { "": "ANTHOLOGY.Fudge.Sheet.none", ...FUDGE_ATTRIBUTE_KEYS },
      label: FUDGE_ITEM_KEYS.attribute,
    }),
    // A Martial Art: bare hands fought with it strike at +0, not −1.
    martialArt: bool(FUDGE_ITEM_KEYS.martialArt),
  };
}

function weaponSchema() {
  return {
    description: description(),
    // Damage for size: −1 no weapon, 0 small, +1 medium, +2 large, +3 two-handed.
    size: integer(FUDGE_ITEM_KEYS.size, 1, { min: -1, max: 3 }),
    sharp: bool(FUDGE_ITEM_KEYS.sharp),
    // A weapon's own strength (crossbows, great bows, guns), added to its damage.
    strength: integer(FUDGE_ITEM_KEYS.strength, 0, { min: 0, max: 20 }),
    heavyBlunt: bool(FUDGE_ITEM_KEYS.heavyBlunt),
    // Muscle-powered: the wielder's Build and Strength Scale add to the blow.
    muscle: bool(FUDGE_ITEM_KEYS.muscle, true),
    ranged: bool(FUDGE_ITEM_KEYS.ranged),
    // Shot rather than thrown: the defender dodges at −2.
    propelled: bool(FUDGE_ITEM_KEYS.propelled),
    twoHanded: bool(FUDGE_ITEM_KEYS.twoHanded),
    // The skill it is fought with, by name (the actor's skill item of that name).
    skill: text(FUDGE_ITEM_KEYS.skill),
    damageType: text(FUDGE_ITEM_KEYS.damageType),
    equipped: bool(FUDGE_ITEM_KEYS.equipped, true),
  };
}

function armorSchema() {
  return {
    description: description(),
    protection: integer(FUDGE_ITEM_KEYS.protection, 1, { min: 0, max: 20 }),
    equipped: bool(FUDGE_ITEM_KEYS.equipped, true),
  };
}

function shieldSchema() {
  return {
    description: description(),
    size: new (fields().StringField)({
      required: true,
      blank: false,
      initial: "medium",
      choices: { ...FUDGE_SHIELD_KEYS },
      label: FUDGE_ITEM_KEYS.shieldSize,
    }),
    // A magical shield's extra value.
    magic: integer(FUDGE_ITEM_KEYS.magic, 0, { min: 0, max: 10 }),
    equipped: bool(FUDGE_ITEM_KEYS.equipped, true),
  };
}

function traitSchema() {
  return { description: description() };
}

/** A skill on the ladder. */
export class FudgeSkillData extends itemModel(skillSchema) {}

/** A weapon: its size and sharpness (damage), how it is powered, and the skill it is fought with. */
export class FudgeWeaponData extends itemModel(weaponSchema) {}

/** Armor: its protection in the defensive damage factor. */
export class FudgeArmorData extends itemModel(armorSchema) {}

/** A shield: its size sets what it takes off the opponent's skill. */
export class FudgeShieldData extends itemModel(shieldSchema) {}

/** A gift or a fault: words on the sheet (the GM applies them). */
export class FudgeTraitData extends itemModel(traitSchema) {}

export { SHIELD_SIZES, FUDGE_ATTRIBUTES, FUDGE_SIZE_KEYS };
