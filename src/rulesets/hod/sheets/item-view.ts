import { HOD_ARMOR_KEYS, HOD_WEAPON_KEYS } from "../data";
import { HOD_DEFENSES } from "../rules/attack";
import { ATTRIBUTE_RULE_KEYS, DAMAGE_TYPE_KEYS, DEFENSE_KEYS, WEAPON_CATEGORY_KEYS } from "../rules/labels";
import { SPEED_CLASSES } from "../rules/speed";
import { DAMAGE_TYPES, WEAPON_CATEGORIES, isWeaponCategory } from "../rules/weapons";
import { damageDiceError, speedView } from "./view";

type System = Readonly<Record<string, unknown>>;

const WEAPON_FLAGS = [
  "precise",
  "nonlethal",
  "composite",
  "thrown",
  "twoHanded",
  "proficient",
  "noAffinity",
  "equipped",
] as const;

/** What the weapon sheet's details tab shows: its fields, the rules' choices, and a warning for unreadable dice. */
export function hodWeaponView(system: System) {
  const category = isWeaponCategory(system.category) ? system.category : null;
  return {
    labels: HOD_WEAPON_KEYS,
    // A spell shows its fatigue cost and its castings today.
    spell: category === "spell",
    categories: Object.keys(WEAPON_CATEGORIES).map((value) => ({
      value,
      labelKey: WEAPON_CATEGORY_KEYS[value as keyof typeof WEAPON_CATEGORY_KEYS],
      selected: value === system.category,
    })),
    /** The attribute the chosen category adds to attack and damage. */
    attributeKey: category ? ATTRIBUTE_RULE_KEYS[WEAPON_CATEGORIES[category]] : "",
    speedClasses: SPEED_CLASSES.map((id) => ({ ...speedView(id), selected: id === system.speedClass })),
    defenses: HOD_DEFENSES.map((value) => ({
      value,
      labelKey: DEFENSE_KEYS[value],
      selected: value === system.defense,
    })),
    damageTypes: (["", ...DAMAGE_TYPES] as const).map((value) => ({
      value,
      labelKey: DAMAGE_TYPE_KEYS[value],
      selected: value === (system.damageType ?? ""),
    })),
    // A spell may be verbal only (castable while held by a critical grab), and may do half damage on a miss.
    flags: [...WEAPON_FLAGS, ...(category === "spell" ? (["verbalOnly", "halfOnMiss"] as const) : [])].map((id) => ({
      name: `system.${id}`,
      checked: system[id] === true,
      labelKey: HOD_WEAPON_KEYS[id],
    })),
    damageError: damageDiceError(system.damage),
  };
}

/** What the armor sheet's details tab shows: its four bonuses and whether it is worn. */
export function hodArmorView(system: System) {
  return {
    labels: HOD_ARMOR_KEYS,
    bonuses: (["armor", "shield", "naturalArmor", "topBonus", "spellFailure"] as const).map((id) => ({
      name: `system.${id}`,
      value: typeof system[id] === "number" ? system[id] : 0,
      labelKey: HOD_ARMOR_KEYS[id],
    })),
    worn: system.equipped !== false,
  };
}
