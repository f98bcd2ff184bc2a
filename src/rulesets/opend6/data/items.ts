import { itemModel, weightField } from "../../../data/item-model";
import { WEAPON_SKILLS } from "../rules";
import { ARMOR_KEYS, SKILL_KEYS, WEAPON_KEYS } from "./labels";

function opend6WeaponSchema() {
  const { BooleanField, HTMLField, NumberField, StringField } = foundry.data.fields;
  const meters = (label: string) =>
    new NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0, label });
  return {
    description: new HTMLField({ required: true, blank: true }),
    // A die code: plain ("4D") or added to Strength Damage ("+1D"); read when rolled.
    damage: new StringField({ required: true, blank: false, initial: "+1D", label: WEAPON_KEYS.damage }),
    skill: new StringField({
      required: true,
      blank: false,
      initial: "meleeCombat",
      choices: Object.fromEntries(WEAPON_SKILLS.map((s) => [s, SKILL_KEYS[s]!])),
      label: WEAPON_KEYS.skill,
    }),
    // Meters; all 0 for a weapon used at Point Blank (close combat).
    short: meters(WEAPON_KEYS.short),
    medium: meters(WEAPON_KEYS.medium),
    long: meters(WEAPON_KEYS.long),
    // A blade or an energized weapon: it hurts an unarmed blow it parries, and a body that blocks it.
    edged: new BooleanField({ initial: false, label: WEAPON_KEYS.edged }),
    // Knocked out of the wielder's hand (a disarm): it cannot attack until picked up.
    dropped: new BooleanField({ initial: false, label: WEAPON_KEYS.dropped }),
    weight: weightField(),
  };
}

/** An OpenD6 weapon: its damage code, the skill it is used with, and its ranges. */
export class OpenD6WeaponData extends itemModel(opend6WeaponSchema) {}

function opend6ArmorSchema() {
  const { BooleanField, HTMLField, StringField } = foundry.data.fields;
  return {
    description: new HTMLField({ required: true, blank: true }),
    armor: new StringField({ required: true, blank: false, initial: "1D", label: ARMOR_KEYS.armor }),
    // Only worn armor adds to the resistance total.
    equipped: new BooleanField({ initial: true, label: ARMOR_KEYS.equipped }),
    weight: weightField(),
  };
}

/** OpenD6 armor: its code adds to the wearer's damage resistance. */
export class OpenD6ArmorData extends itemModel(opend6ArmorSchema) {}
