import { itemModel, weightField } from "../../../data/item-model";
import { HOD_DEFENSES } from "../rules/attack";
import { DAMAGE_TYPE_KEYS, DEFENSE_KEYS, SPEED_CLASS_KEYS, WEAPON_CATEGORY_KEYS } from "../rules/labels";
import { SPEED_CLASSES } from "../rules/speed";
import { WEAPON_CATEGORIES } from "../rules/weapons";
import { HOD_WEAPON_KEYS } from "./labels";
import type { HodWeaponSystem } from "./source";
import { clampTrack, clampTrackChange } from "./track";

const choices = (ids: readonly string[], keys: Readonly<Record<string, string>>) =>
  Object.fromEntries(ids.map((id) => [id, keys[id]!]));

function hodWeaponSchema() {
  const { BooleanField, HTMLField, NumberField, SchemaField, StringField } = foundry.data.fields;
  const flag = (label: string, initial = false) => new BooleanField({ initial, label });
  const whole = (label: string, initial: number) =>
    new NumberField({ required: true, nullable: false, integer: true, min: 0, initial, label });
  const choice = (label: string, initial: string, options: Record<string, string>, blank = false) =>
    new StringField({ required: true, blank, initial, choices: options, label });
  return {
    description: new HTMLField({ required: true, blank: true, initial: "" }),
    // Dice notation (1d8); read when shown or rolled, so a typing slip gets a message rather than a lost edit.
    damage: new StringField({ required: true, blank: false, initial: "1d6", label: HOD_WEAPON_KEYS.damage }),
    category: choice(
      HOD_WEAPON_KEYS.category,
      "lightSwords",
      choices(Object.keys(WEAPON_CATEGORIES), WEAPON_CATEGORY_KEYS),
    ),
    speedClass: choice(HOD_WEAPON_KEYS.speedClass, "standard", choices(SPEED_CLASSES, SPEED_CLASS_KEYS)),
    precise: flag(HOD_WEAPON_KEYS.precise),
    damageType: choice(HOD_WEAPON_KEYS.damageType, "", { ...DAMAGE_TYPE_KEYS }, true),
    durability: new SchemaField({
      value: whole(HOD_WEAPON_KEYS.durability, 10),
      max: whole(HOD_WEAPON_KEYS.durabilityMax, 10),
    }),
    composite: flag(HOD_WEAPON_KEYS.composite),
    nonlethal: flag(HOD_WEAPON_KEYS.nonlethal),
    // Range increment in feet; 0 is a melee weapon.
    range: whole(HOD_WEAPON_KEYS.range, 0),
    thrown: flag(HOD_WEAPON_KEYS.thrown),
    twoHanded: flag(HOD_WEAPON_KEYS.twoHanded),
    defense: choice(HOD_WEAPON_KEYS.defense, "primary", choices(HOD_DEFENSES, DEFENSE_KEYS)),
    proficient: flag(HOD_WEAPON_KEYS.proficient),
    noAffinity: flag(HOD_WEAPON_KEYS.noAffinity),
    equipped: flag(HOD_WEAPON_KEYS.equipped, true),
    // A spell's fatigue cost, and how often it was cast today (each earlier casting: +3 to the DC).
    fatigueCost: whole(HOD_WEAPON_KEYS.fatigueCost, 0),
    castToday: whole(HOD_WEAPON_KEYS.castToday, 0),
    verbalOnly: flag(HOD_WEAPON_KEYS.verbalOnly),
    // A spell whose description says a miss still does half damage.
    halfOnMiss: flag(HOD_WEAPON_KEYS.halfOnMiss),
    weight: weightField(),
  };
}

/** A Heroes of Destiny weapon (or spell, or natural weapon): its dice, category, speed and properties. */
export class HodWeaponData extends itemModel(hodWeaponSchema) {
  override prepareDerivedData(): void {
    clampTrack((this as unknown as { durability: { value: number; max: number } }).durability);
  }

  /** An update never stores more Durability Points than the maximum. */
  override async _preUpdate(...args: Parameters<foundry.abstract.TypeDataModel.Any["_preUpdate"]>) {
    const allowed = await super._preUpdate(...args);
    if (allowed === false) return false;
    const system = this as unknown as HodWeaponSystem & { _source: HodWeaponSystem };
    clampTrackChange(args[0], "durability", { value: system._source.durability.value, max: system.durability.max });
    return allowed;
  }
}
