import { ARMOR_KEYS, SKILL_KEYS, WEAPON_KEYS } from "../data";
import { WEAPON_SKILLS, readCode } from "../rules";

type System = Readonly<Record<string, unknown>>;

/** Whether a weapon's damage reads as a code: plain ("4D") or added to Strength Damage ("+1D"). */
function damageReadable(value: unknown): boolean {
  return typeof value === "string" && readCode(value.replace(/^\s*\+/, "")) !== null && value.trim() !== "";
}

/** What the weapon sheet's details tab shows. */
export function opend6WeaponView(system: System) {
  return {
    labels: WEAPON_KEYS,
    skills: WEAPON_SKILLS.map((value) => ({ value, labelKey: SKILL_KEYS[value]!, selected: value === system.skill })),
    ranges: (["short", "medium", "long"] as const).map((id) => ({
      name: `system.${id}`,
      value: system[id] ?? 0,
      labelKey: WEAPON_KEYS[id],
    })),
    edged: system.edged === true,
    dropped: system.dropped === true,
    damageError: damageReadable(system.damage) ? null : { value: String(system.damage ?? "") },
  };
}

/** What the armor sheet's details tab shows. */
export function opend6ArmorView(system: System) {
  return {
    labels: ARMOR_KEYS,
    equipped: system.equipped !== false,
    armorError: readCode(system.armor) === null ? { value: String(system.armor ?? "") } : null,
  };
}
