import { itemModel, weightField } from "../../../data/item-model";
import { HOD_ARMOR_KEYS } from "./labels";

function hodArmorSchema() {
  const { BooleanField, HTMLField, NumberField } = foundry.data.fields;
  const bonus = (label: string) =>
    new NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0, label });
  return {
    description: new HTMLField({ required: true, blank: true, initial: "" }),
    armor: bonus(HOD_ARMOR_KEYS.armor),
    naturalArmor: bonus(HOD_ARMOR_KEYS.naturalArmor),
    shield: bonus(HOD_ARMOR_KEYS.shield),
    // Its own Threshold of Pain bonus, never the armor bonus.
    topBonus: bonus(HOD_ARMOR_KEYS.topBonus),
    // Added to the casting DC of every spell its wearer prepares.
    spellFailure: bonus(HOD_ARMOR_KEYS.spellFailure),
    // Only worn armor counts; carried armor still weighs.
    equipped: new BooleanField({ initial: true, label: HOD_ARMOR_KEYS.worn }),
    weight: weightField(),
  };
}

/** Heroes of Destiny armor, shield or protective charm: the bonuses it adds while worn. */
export class HodArmorData extends itemModel(hodArmorSchema) {}
