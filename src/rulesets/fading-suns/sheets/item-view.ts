import { CHARACTERISTIC_KEYS, ITEM_KEYS, SKILL_KEYS, WEAPON_KIND_KEYS } from "../data";
import { CHARACTERISTICS, WEAPON_KINDS, WEAPON_SKILLS } from "../rules";

type System = Readonly<Record<string, unknown>>;

/** What the weapon sheet's details tab shows. */
export function fsWeaponView(system: System) {
  return {
    labels: ITEM_KEYS,
    skills: WEAPON_SKILLS.map((value) => ({ value, labelKey: SKILL_KEYS[value], selected: value === system.skill })),
    kinds: WEAPON_KINDS.map((value) => ({ value, labelKey: WEAPON_KIND_KEYS[value], selected: value === system.kind })),
    held: system.held !== false,
  };
}

/** What the armor sheet's details tab shows. */
export function fsArmorView(system: System) {
  return { labels: ITEM_KEYS, equipped: system.equipped !== false };
}

/** What the learned skill's details tab shows. */
export function fsSkillView(system: System) {
  return {
    labels: ITEM_KEYS,
    characteristics: CHARACTERISTICS.map((value) => ({
      value,
      labelKey: CHARACTERISTIC_KEYS[value],
      selected: value === system.characteristic,
    })),
  };
}
