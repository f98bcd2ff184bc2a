import {
  AGGRESSIVE_KEYS,
  CHARACTERISTIC_KEYS,
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
  NATURAL_SKILLS,
  NATURAL_SKILL_CHARACTERISTIC,
  SPIRIT_PAIRS,
  STANCE_IDS,
  isCharacteristic,
  type Characteristic,
} from "../rules";
import { attackGoal, damageParts, weaponOf } from "../chat/attack-math";
import { oddsHintOf } from "../chat/dialog-form";

/** An embedded item as the sheet lists it. */
export interface SheetItem {
  readonly id: string;
  readonly name: string;
  readonly img: string;
  readonly type: string;
  readonly sort?: number;
  readonly system: Readonly<Record<string, unknown>>;
}

/** The actor the user targets, as far as the sheet's odds need it. */
export interface TargetView {
  readonly name: string;
  readonly defense: number;
}

const num = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);
const sorted = (items: readonly SheetItem[]) =>
  [...items].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || a.name.localeCompare(b.name));

/**
 * Everything the Fading Suns actor sheets show, as plain data from the prepared actor: each roll
 * button's goal (wound penalty included) with its exact odds, the Vitality track, stance and items.
 */
export function fsActorView(
  system: FadingSunsActorSystem & FadingSunsActorDerived,
  items: readonly SheetItem[],
  target: TargetView | null = null,
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
    const goal = (c[characteristic] ?? 0) + rating + derived.woundPenalty;
    return { goal, hint: oddsHintOf(goal, false) };
  };
  const weapons = sorted(items.filter((i) => i.type === FS_WEAPON_TYPE));
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
      damage: d.base + d.strength + d.stance,
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
    learnedSkills: sorted(items.filter((i) => i.type === FS_SKILL_TYPE)).map((s) => {
      const characteristic = isCharacteristic(s.system.characteristic) ? s.system.characteristic : "wits";
      return {
        id: s.id,
        name: s.name,
        img: s.img,
        rating: num(s.system.rating),
        characteristicKey: CHARACTERISTIC_KEYS[characteristic],
        ...goalButton(characteristic, num(s.system.rating)),
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
    initiative: {
      situation: num(system.situation),
      base: (c.dexterity ?? 0) + (c.wits ?? 0) + num(system.situation),
    },
    stanceModifiers: derived.stanceModifiers,
    strengthBonus: derived.strengthBonus,
    armorValue: derived.armor,
    target: target ? { name: target.name, defense: target.defense } : null,
    unarmed: attack(null),
    weapons: weapons.map((w) => ({
      id: w.id,
      name: w.name,
      img: w.img,
      range: typeof w.system.range === "string" ? w.system.range : "",
      ...attack(w),
    })),
    armor: sorted(items.filter((i) => i.type === FS_ARMOR_TYPE)).map((a) => ({
      id: a.id,
      name: a.name,
      img: a.img,
      armor: num(a.system.armor),
      equipped: a.system.equipped !== false,
    })),
    gear: sorted(
      items.filter((i) => i.type !== FS_WEAPON_TYPE && i.type !== FS_ARMOR_TYPE && i.type !== FS_SKILL_TYPE),
    ).map((g) => ({
      id: g.id,
      name: g.name,
      img: g.img,
      quantity: typeof g.system.quantity === "number" ? g.system.quantity : 1,
    })),
  };
}

export type FsActorView = ReturnType<typeof fsActorView>;
