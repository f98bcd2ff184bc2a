import { EXPLODES_ON_CHOICES, FADE_ARMOR_KEYS, FADE_WEAPON_KEYS } from "../data";
import { BODY_PART_KEYS, BODY_PARTS, DEFENSE_IDS, DEFENSE_KEYS, FadeWeaponError, parsePool } from "../rules";
import { NotationError } from "../../../dice";

type System = Readonly<Record<string, unknown>>;

function baseDamageError(baseDamage: unknown): { key: string; value: string } | null {
  const text = String(baseDamage ?? "");
  try {
    parsePool(text);
    return null;
  } catch (error) {
    if (!(error instanceof NotationError || error instanceof RangeError)) throw error;
    return { key: new FadeWeaponError(text, error).key, value: text };
  }
}

/** What the weapon sheet's details tab shows: its fields, choices and a warning for unreadable base damage. */
export function fadeWeaponView(system: System) {
  return {
    labels: FADE_WEAPON_KEYS,
    explodesOn: Object.entries(EXPLODES_ON_CHOICES)
      .map(([value, labelKey]) => ({ value, labelKey, selected: Number(value) === system.explodesOn }))
      // Never first, then from the highest face down.
      .sort((a, b) => (Number(a.value) || 11) - (Number(b.value) || 11))
      .reverse(),
    defenses: DEFENSE_IDS.map((value) => ({
      value,
      labelKey: DEFENSE_KEYS[value],
      selected: value === system.defense,
    })),
    flags: (["finesse", "spell", "twoHanded", "canTwoHand"] as const).map((id) => ({
      name: `system.${id}`,
      checked: system[id] === true,
      labelKey: FADE_WEAPON_KEYS[id],
    })),
    damageError: baseDamageError(system.baseDamage),
  };
}

/** What the armor sheet's details tab shows: Deflection per body part, speed penalty, and its flags. */
export function fadeArmorView(system: System) {
  const deflection = (system.deflection ?? {}) as Record<string, unknown>;
  return {
    labels: FADE_ARMOR_KEYS,
    parts: BODY_PARTS.map((id) => ({
      id,
      name: `system.deflection.${id}`,
      value: deflection[id] ?? 0,
      labelKey: BODY_PART_KEYS[id],
    })),
    flags: (["equipped", "stacks"] as const).map((id) => ({
      name: `system.${id}`,
      checked: system[id] === true,
      labelKey: FADE_ARMOR_KEYS[id],
    })),
  };
}
