import {
  AGGRESSIVE_KEYS,
  CHARACTERISTIC_KEYS,
  LIMB_KEYS,
  MOVED_KEYS,
  SPECIES_KEYS,
  FS_ARMOR_TYPE,
  FS_SKILL_TYPE,
  FS_WEAPON_TYPE,
  SKILL_KEYS,
  STANCE_KEYS,
  WEAPON_KIND_KEYS,
  type FadingSunsActorDerived,
  type FadingSunsActorSystem,
} from "../data";
import {
  BODY,
  MIND,
  MOVED_IDS,
  NATURAL_SKILLS,
  SPECIES,
  VOROX_LIMBS,
  NATURAL_SKILL_CHARACTERISTIC,
  SPIRIT_PAIRS,
  STANCE_IDS,
  isCharacteristic,
  type Characteristic,
} from "../rules";
import { attackGoal, damageParts, weaponOf } from "../chat/attack-math";
import { oddsHintOf } from "../chat/dialog-form";
import type { DefenseTarget } from "../../../sheets/first-target";
import type { SheetItem } from "../../../sheets/item-rows";
import { finiteOrZero, itemQuantity, itemRow, itemsOfType, sortedItems } from "../../../sheets/item-rows";

/**
 * Everything the Fading Suns actor sheets show, as plain data from the prepared actor: each roll
 * button's goal (wound penalty included) with its exact odds, the Vitality track, stance and items.
 */
export function fsActorView(
  system: FadingSunsActorSystem & FadingSunsActorDerived,
  items: readonly SheetItem[],
  target: DefenseTarget | null = null,
) {
  const derived = system.derived;
  const c = system.characteristics;
  const field = (id: Characteristic) => ({
    id,
    name: `system.characteristics.${id}`,
    value: c[id] ?? 0,
    labelKey: CHARACTERISTIC_KEYS[id],
  });
  const goalButton = (characteristic: Characteristic, rating: number) => {
    const goal = (c[characteristic] ?? 0) + rating + derived.woundPenalty + (derived.bonuses?.goal ?? 0);
    return { goal, hint: oddsHintOf(goal, false) };
  };
  const weapons = itemsOfType(items, FS_WEAPON_TYPE);
  const attack = (item: SheetItem | null) => {
    const weapon = weaponOf(item);
    const { goal } = attackGoal(system, weapon, {});
    const against = target ? goal - target.defense : goal;
    const d = damageParts(system, weapon, {});
    return {
      skillKey: SKILL_KEYS[weapon.skill],
      kindKey: WEAPON_KIND_KEYS[weapon.kind],
      goal: against,
      hint: oddsHintOf(against, true),
      damage: d.base + d.strength + d.stance + d.effects,
    };
  };
  const vitality = derived.vitality;
  return {
    body: BODY.map(field),
    mind: MIND.map(field),
    spirit: SPIRIT_PAIRS.map(([a, b]) => ({ left: field(a), right: field(b) })),
    naturalSkills: NATURAL_SKILLS.map((id) => ({
      id,
      name: `system.naturalSkills.${id}`,
      value: system.naturalSkills[id] ?? 0,
      labelKey: SKILL_KEYS[id],
      characteristicKey: CHARACTERISTIC_KEYS[NATURAL_SKILL_CHARACTERISTIC[id]],
      ...goalButton(NATURAL_SKILL_CHARACTERISTIC[id], system.naturalSkills[id] ?? 0),
    })),
    learnedSkills: itemsOfType(items, FS_SKILL_TYPE).map((s) => {
      const characteristic = isCharacteristic(s.system.characteristic) ? s.system.characteristic : "wits";
      return {
        ...itemRow(s),
        rating: finiteOrZero(s.system.rating),
        characteristicKey: CHARACTERISTIC_KEYS[characteristic],
        ...goalButton(characteristic, finiteOrZero(s.system.rating)),
      };
    }),
    vitality: {
      value: vitality.value,
      max: vitality.max,
      storedMax: vitality.maxSet ? vitality.max : "",
      fromEndurance: (c.endurance ?? 0) + 5,
      penalty: derived.woundPenalty,
      down: derived.down,
      // The track as boxes, the last levels marked with their penalties (the world's table).
      boxes: Array.from({ length: Math.max(0, Math.min(vitality.max, 40)) }, (_, i) => {
        const level = i + 1;
        return { level, filled: level <= vitality.value, penalty: derived.woundPenalties[level - 1] ?? 0 };
      }),
    },
    wyrd: system.wyrd,
    defense: { base: system.defense, value: derived.defense },
    stances: STANCE_IDS.map((id) => ({ id, labelKey: STANCE_KEYS[id], selected: id === derived.stance })),
    aggressive: (["goal", "damage"] as const).map((id) => ({
      id,
      labelKey: AGGRESSIVE_KEYS[id],
      selected: id === derived.aggressive,
    })),
    isAggressive: derived.stance === "aggressive",
    surprised: system.surprised,
    // A run or charge this turn (−2 Defense until the next turn starts); a full-defense fighter runs here.
    moved: MOVED_IDS.map((id) => ({ id, labelKey: MOVED_KEYS[id], selected: id === derived.moved })),
    // The movement chart: Move in meters, a run or charge up to twice it.
    movement: {
      move: derived.move,
      charge: derived.chargeDistance,
      species: SPECIES.map((id) => ({ id, labelKey: SPECIES_KEYS[id], selected: id === system.species })),
      vorox: system.species === "vorox",
      limbs: VOROX_LIMBS.map((n) => ({ value: n, labelKey: LIMB_KEYS[n], selected: n === system.limbs })),
    },
    initiative: {
      situation: finiteOrZero(system.situation),
      base: (c.dexterity ?? 0) + (c.wits ?? 0) + finiteOrZero(system.situation),
    },
    stanceModifiers: derived.stanceModifiers,
    strengthBonus: derived.strengthBonus,
    armorValue: derived.armor,
    target: target ? { name: target.name, defense: target.defense } : null,
    unarmed: attack(null),
    weapons: weapons.map((w) => ({
      ...itemRow(w),
      range: typeof w.system.range === "string" ? w.system.range : "",
      ...attack(w),
    })),
    armor: itemsOfType(items, FS_ARMOR_TYPE).map((a) => ({
      ...itemRow(a),
      armor: finiteOrZero(a.system.armor),
      equipped: a.system.equipped !== false,
    })),
    gear: sortedItems(
      items.filter((i) => i.type !== FS_WEAPON_TYPE && i.type !== FS_ARMOR_TYPE && i.type !== FS_SKILL_TYPE),
    ).map((g) => ({ ...itemRow(g), quantity: itemQuantity(g) })),
  };
}

export type FsActorView = ReturnType<typeof fsActorView>;
