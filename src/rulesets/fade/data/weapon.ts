import { itemModel, weightField } from "../../../data/item-model";
import { DEFENSE_KEYS } from "../rules";
import { EXPLODES_ON_CHOICES, FADE_WEAPON_KEYS } from "./labels";

function fadeWeaponSchema() {
  const { BooleanField, HTMLField, NumberField, StringField } = foundry.data.fields;
  return {
    description: new HTMLField({ required: true, blank: true }),
    // Keep notation (4k2); read when rolled, so a typing slip gets a message rather than a lost edit.
    baseDamage: new StringField({ required: true, blank: false, initial: "2k1", label: FADE_WEAPON_KEYS.baseDamage }),
    finesse: new BooleanField({ initial: false, label: FADE_WEAPON_KEYS.finesse }),
    spell: new BooleanField({ initial: false, label: FADE_WEAPON_KEYS.spell }),
    twoHanded: new BooleanField({ initial: false, label: FADE_WEAPON_KEYS.twoHanded }),
    canTwoHand: new BooleanField({ initial: false, label: FADE_WEAPON_KEYS.canTwoHand }),
    penetration: new NumberField({
      required: true,
      nullable: false,
      integer: true,
      min: 0,
      initial: 0,
      label: FADE_WEAPON_KEYS.penetration,
    }),
    damageType: new StringField({ required: true, blank: true, initial: "", label: FADE_WEAPON_KEYS.damageType }),
    // 0: the dice never explode; otherwise the face from which they do.
    explodesOn: new NumberField({
      required: true,
      nullable: false,
      integer: true,
      initial: 0,
      choices: { ...EXPLODES_ON_CHOICES },
      label: FADE_WEAPON_KEYS.explodesOn,
    }),
    // Squares; 0 is a melee weapon.
    range: new NumberField({
      required: true,
      nullable: false,
      integer: true,
      min: 0,
      initial: 0,
      label: FADE_WEAPON_KEYS.range,
    }),
    // The defense it attacks (a spell meets the against-spells variant).
    defense: new StringField({
      required: true,
      blank: false,
      initial: "defense",
      choices: { ...DEFENSE_KEYS },
      label: FADE_WEAPON_KEYS.defense,
    }),
    weight: weightField(),
  };
}

/** A Fade weapon or spell: base damage as keep dice and the properties the rules name. */
export class FadeWeaponData extends itemModel(fadeWeaponSchema) {}
