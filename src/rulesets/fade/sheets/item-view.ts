import {
  EXPLODES_ON_CHOICES,
  FADE_ACTOR_KEYS,
  FADE_ARMOR_KEYS,
  FADE_BONUS_KEYS,
  FADE_CLASS_TYPE,
  FADE_ENERGY_KEYS,
  FADE_FEAT_TYPE,
  FADE_POOL_PART_KEYS,
  FADE_TRAIT_KEYS,
  FADE_WEAPON_KEYS,
} from "../data";
import {
  BODY_PART_KEYS,
  BODY_PARTS,
  DEFENSE_IDS,
  DEFENSE_KEYS,
  FadeWeaponError,
  parseEnergyText,
  parsePool,
  type EnergyText,
} from "../rules";
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

type Record_ = Readonly<Record<string, unknown>>;
const field = (path: string, labelKey: string, system: System, min?: number) => ({
  name: `system.${path}`,
  value: path.split(".").reduce<unknown>((o, k) => (o as Record_ | undefined)?.[k], system) ?? 0,
  labelKey,
  // A string, so that a minimum of 0 still shows in the template.
  min: min === undefined ? "" : String(min),
});

/** The numbers of each trait type: stored path and label. */
const TRAIT_NUMBERS: Readonly<Record<"species" | "class" | "feat", ReadonlyArray<[string, string, number?]>>> = {
  species: [
    ["size", FADE_ACTOR_KEYS.speciesSize, 0],
    ["speed", FADE_ACTOR_KEYS.speed, 0],
  ],
  class: [
    ["hp", FADE_ACTOR_KEYS.classHp, 0],
    ["soak", FADE_ACTOR_KEYS.classSoak, 0],
    ["attacksPerRound", FADE_ACTOR_KEYS.attacksPerRound, 1],
    ["hpPerLevel", FADE_TRAIT_KEYS.hpPerLevel, 0],
    ["rerolls", FADE_TRAIT_KEYS.rerolls, 0],
  ],
  feat: [
    ...(["hp", "soak", "allDefenses", "defense", "avoid", "mentalDefense", "bodilyDefense"] as const).map(
      (id): [string, string] => [`bonuses.${id}`, FADE_BONUS_KEYS[id]],
    ),
    ["speed", FADE_TRAIT_KEYS.speedBonus],
    ["deflection", FADE_TRAIT_KEYS.deflectionAll, 0],
    ["attacks", FADE_TRAIT_KEYS.extraAttacks, 0],
    ["rerolls", FADE_TRAIT_KEYS.rerolls, 0],
  ],
};

/**
 * What a species, class or feat sheet's details tab shows: its numbers; a species' natural Deflection per
 * body part; a feat's to-hit and damage pools; the energy lists of both, with entries it cannot read.
 */
export function fadeTraitView(type: string, system: System) {
  const kind = type === FADE_CLASS_TYPE ? "class" : type === FADE_FEAT_TYPE ? "feat" : "species";
  const energy = kind === "class" ? null : ((system.energy ?? {}) as EnergyText);
  return {
    numbers: TRAIT_NUMBERS[kind].map(([path, label, min]) => field(path, label, system, min)),
    parts:
      kind === "species" ? BODY_PARTS.map((p) => field(`naturalDeflection.${p}`, BODY_PART_KEYS[p], system, 0)) : [],
    pools:
      kind === "feat"
        ? (["toHit", "damage"] as const).map((id) => ({
            labelKey: FADE_BONUS_KEYS[id],
            parts: (["rolled", "kept", "flat"] as const).map((part) =>
              field(`bonuses.${id}.${part}`, FADE_POOL_PART_KEYS[part], system),
            ),
          }))
        : [],
    energy: energy
      ? (["resistances", "immunities", "absorptions", "weaknesses"] as const).map((id) => ({
          name: `system.energy.${id}`,
          value: energy[id] ?? "",
          labelKey: FADE_ENERGY_KEYS[id],
        }))
      : [],
    energyInvalid: energy ? parseEnergyText(energy).invalid.join(", ") : "",
    flags:
      kind === "class"
        ? []
        : [
            kind === "species"
              ? {
                  name: "system.naturalDeflectionStacks",
                  checked: system.naturalDeflectionStacks === true,
                  labelKey: FADE_ACTOR_KEYS.naturalDeflectionStacks,
                }
              : {
                  name: "system.deflectionStacks",
                  checked: system.deflectionStacks === true,
                  labelKey: FADE_ARMOR_KEYS.stacks,
                },
          ],
  };
}
