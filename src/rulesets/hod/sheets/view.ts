import { castingDc, castingFatigue } from "../rules/spells";
import { runningView } from "./run-view";
import { DAMAGEABLE_ATTRIBUTES, IMPAIRMENT_TYPES, paralysisEffects, petrificationEffects } from "../rules/afflictions";
import {
  HOD_ACTOR_KEYS,
  HOD_ARMOR_TYPE,
  HOD_ATTRIBUTES,
  HOD_AFFLICTION_KEYS,
  HOD_ATTRIBUTE_KEYS,
  HOD_STANCE_BASIC_KEY,
  HOD_TRAITS,
  HOD_WEAPON_TYPE,
  hodSource,
  type HodActorDerived,
  type HodActorSystem,
  type HodAttribute,
} from "../data";
import { HOD_DEFENSES, isHodDefense, type HodDefense } from "../rules/attack";
import { initiativeFormula } from "../rules/initiative";
import {
  ATTRIBUTE_RULE_KEYS,
  DAMAGE_TYPE_KEYS,
  DEFENSE_KEYS,
  SKILL_KEYS,
  SPECIAL_ACTION_KEYS,
  SPECIAL_GROUP_KEYS,
  SPECIAL_RANGE_KEYS,
  SPEED_CLASS_KEYS,
  STANCE_KEYS,
  WEAPON_CATEGORY_KEYS,
} from "../rules/labels";
import { ATTACK_MODIFIERS, attackModifierTotal } from "../rules/modifiers";
import {
  SPECIAL_ACTIONS,
  usesWeapon,
  type SpecialAction,
  type SpecialAttack,
  type SpecialDefense,
  type SpecialSpeed,
} from "../rules/special-actions";
import { SPEED_TABLE, isSpeedClass, type SpeedClass } from "../rules/speed";
import { STANCES, STANCE_IDS, revertSpeed } from "../rules/stances";
import {
  HodWeaponError,
  WEAPON_CATEGORIES,
  attackBonus,
  damageAttribute,
  damageFormula,
  isWeaponCategory,
  maxDamage,
  type HodDamageType,
  type WeaponCategory,
} from "../rules/weapons";
import type { HodSource } from "../rules/derive";
import type { SheetItem } from "../../../sheets/item-rows";
import { finiteOrZero, itemQuantity, itemRow, itemsOfType, sortedItems } from "../../../sheets/item-rows";

/**
 * A label a template composes: `key` formatted with `first` and `second` (themselves i18n keys, always
 * set so the template can localize them) and a plain `value`.
 */
export interface ComposedLabel {
  readonly key: string;
  readonly first: string;
  readonly second: string;
  readonly value: string;
}

/** A modifier as the sheet prints it: +3, -2, +0. */
export function signed(value: number): string {
  return `${value < 0 ? "-" : "+"}${Math.abs(value)}`;
}

/** A speed class with the static SF the Time Count charges for it. */
export function speedView(speedClass: SpeedClass) {
  return { id: speedClass, labelKey: SPEED_CLASS_KEYS[speedClass], fixed: SPEED_TABLE[speedClass].fixed };
}

const label = (key: string, extra: Partial<Omit<ComposedLabel, "key">> = {}): ComposedLabel => ({
  key,
  first: extra.first ?? key,
  second: extra.second ?? key,
  value: extra.value ?? "",
});

/** Why the damage dice cannot be read (the rules' message and the dice), or null when they can. */
export function damageDiceError(damage: unknown): { key: string; dice: string } | null {
  const dice = String(damage ?? "");
  try {
    maxDamage(dice);
    return null;
  } catch (error) {
    if (!(error instanceof HodWeaponError)) throw error;
    return { key: error.key, dice };
  }
}

/** The weapon modifiers a weapon carries itself (proficiency, no affinity), by the rules' ids. */
function weaponModifierIds(system: Readonly<Record<string, unknown>>): string[] {
  return ATTACK_MODIFIERS.filter((m) => m.fromWeapon && system[m.id] === true).map((m) => m.id);
}

/** A weapon's row: attack bonus, damage formula (or why it cannot be read), speed and what it attacks. */
function weaponRow(item: SheetItem, source: HodSource) {
  const w = item.system;
  // The schema limits both to the rules' lists; the fallbacks are its initial values.
  const category: WeaponCategory = isWeaponCategory(w.category) ? w.category : "lightSwords";
  const speedClass: SpeedClass = isSpeedClass(w.speedClass) ? w.speedClass : "standard";
  const defense: HodDefense = isHodDefense(w.defense) ? w.defense : "primary";
  const range = finiteOrZero(w.range);
  const dice = String(w.damage ?? "");
  const bonus = attackBonus(category, source) + attackModifierTotal(weaponModifierIds(w), { melee: range === 0 });
  const damageError = damageDiceError(dice);
  const attribute = damageAttribute({ category, composite: w.composite === true }, source);
  const damage = damageError ? null : damageFormula({ dice, attribute, power: finiteOrZero(source.power) });
  const durability = (w.durability ?? {}) as { value?: unknown; max?: unknown };
  const damageType = String(w.damageType ?? "") as HodDamageType | "";
  return {
    ...itemRow(item),
    categoryKey: WEAPON_CATEGORY_KEYS[category],
    attributeKey: ATTRIBUTE_RULE_KEYS[WEAPON_CATEGORIES[category]],
    damageTypeKey: damageType && damageType in DAMAGE_TYPE_KEYS ? DAMAGE_TYPE_KEYS[damageType] : "",
    precise: w.precise === true,
    nonlethal: w.nonlethal === true,
    attack: signed(bonus),
    damage,
    damageError,
    speed: speedView(speedClass),
    defenseKey: DEFENSE_KEYS[defense],
    range,
    durability: {
      value: finiteOrZero(durability.value),
      max: finiteOrZero(durability.max),
      broken: finiteOrZero(durability.value) <= 0,
    },
    equipped: w.equipped !== false,
    spell: category === "spell",
    fatigueCost: finiteOrZero(w.fatigueCost),
    castToday: finiteOrZero(w.castToday),
  };
}

/** The spell the caster holds: its numbers now, and whether its casting time is over (`done`). */
function spellView(system: HodActorSystem, items: readonly SheetItem[], done: boolean) {
  const s = system.spell;
  if (!s || typeof s.item !== "string" || s.item === "") return null;
  const item = items.find((i) => i.id === s.item);
  const prep = { ...s, prepared: true };
  return {
    name: item?.name ?? "",
    dc: castingDc(prep),
    fatigue: castingFatigue(prep),
    charges: finiteOrZero(s.charges),
    taken: finiteOrZero(s.taken),
    done,
  };
}

/** What a special action rolls: "Weapon -4", "Strength -2", "Athletics (Str)", "Unarmed". */
function specialAttackLabel(attack: SpecialAttack): ComposedLabel {
  const modifier = attack.modifier ? ` ${signed(attack.modifier)}` : "";
  switch (attack.kind) {
    case "weapon":
      return label("ANTHOLOGY.HoD.Sheet.Special.attackWeapon", { value: modifier });
    case "melee":
      return label("ANTHOLOGY.HoD.Sheet.Special.attackMelee", { value: modifier });
    case "unarmed":
      return label("ANTHOLOGY.HoD.Sheet.Special.attackUnarmed", { value: modifier });
    case "attribute":
      return label("ANTHOLOGY.HoD.Sheet.Special.attackAttribute", {
        first: HOD_ATTRIBUTE_KEYS[attack.attribute].label,
        value: modifier,
      });
    case "skill":
      return label("ANTHOLOGY.HoD.Sheet.Special.attackSkill", {
        first: SKILL_KEYS[attack.skill] ?? attack.skill,
        second: HOD_ATTRIBUTE_KEYS[attack.attribute].abbr,
        value: modifier,
      });
  }
}

/** The defense(s) it targets: "Vigor", "Vigor and Celerity", "Vigor or Celerity (target's choice)". */
function specialDefenseLabel(defense: SpecialDefense): ComposedLabel {
  if (defense.mode === "weapon") return label("ANTHOLOGY.HoD.Sheet.Special.defenseWeapon");
  const [first, second] = defense.defenses.map((d) => DEFENSE_KEYS[d]);
  if (defense.mode === "one" || !second) return label(first!);
  const key =
    defense.mode === "and" ? "ANTHOLOGY.HoD.Sheet.Special.defenseAnd" : "ANTHOLOGY.HoD.Sheet.Special.defenseOr";
  return label(key, { first, second });
}

/** Its speed: a class with its static SF, or what it makes of the weapon's speed. */
function specialSpeedLabel(speed: SpecialSpeed): ComposedLabel & { fixed: number; hasFixed: boolean } {
  if (speed.kind === "class") {
    const fixed = SPEED_TABLE[speed.speedClass].fixed;
    return { ...label(SPEED_CLASS_KEYS[speed.speedClass]), fixed, hasFixed: true };
  }
  if (speed.kind === "weaponClass") {
    const steps = label("ANTHOLOGY.HoD.Sheet.Special.speedWeaponClass", { value: signed(speed.steps) });
    return { ...steps, fixed: 0, hasFixed: false };
  }
  const key =
    speed.factor === 1
      ? "ANTHOLOGY.HoD.Sheet.Special.speedWeaponSf"
      : speed.factor === 0.5
        ? "ANTHOLOGY.HoD.Sheet.Special.speedWeaponSfHalf"
        : "ANTHOLOGY.HoD.Sheet.Special.speedWeaponSfTimes";
  return { ...label(key, { value: String(speed.factor) }), fixed: 0, hasFixed: false };
}

function specialRow(action: SpecialAction) {
  return {
    id: action.id,
    nameKey: SPECIAL_ACTION_KEYS[action.id] ?? action.id,
    attack: specialAttackLabel(action.attack),
    defense: specialDefenseLabel(action.defense),
    speed: specialSpeedLabel(action.speed),
    preparation: action.preparation ? speedView(action.preparation) : null,
    fatigue: action.fatigue,
    rangeKey: SPECIAL_RANGE_KEYS[action.range],
    requirementKey: action.requirementKey ?? "",
    usesWeapon: usesWeapon(action),
  };
}

/** The Threshold of Pain as a row of points, those lost to hits marked; a long one shows as numbers only. */
const TOP_PIPS = 30;

/**
 * Everything the Heroes of Destiny actor sheets show, as plain data from the prepared actor: no rule is
 * computed here beyond asking the rules for each weapon's bonus and damage.
 */
export function hodActorView(
  system: HodActorSystem & HodActorDerived,
  items: readonly SheetItem[],
  statuses: Iterable<string> = [],
  /** Whether the held spell's casting time is over (the Time Count decides; outside it, always). */
  spellDone = true,
) {
  const unconscious = new Set(statuses).has("unconscious");
  const derived = system.derived;
  const source = hodSource(system, items);
  const weapons = itemsOfType(items, HOD_WEAPON_TYPE);
  const armor = itemsOfType(items, HOD_ARMOR_TYPE);
  const gear = sortedItems(items.filter((i) => i.type !== HOD_WEAPON_TYPE && i.type !== HOD_ARMOR_TYPE));
  const condition = system.condition;
  const currentHp = derived.currentHp;
  const dyingAt = 2 * currentHp;
  const fatiguePercent = dyingAt > 0 ? Math.min(100, Math.round((system.fatigue / dyingAt) * 100)) : 100;
  const hpPercent = system.hp.max > 0 ? Math.round((system.hp.value / system.hp.max) * 100) : 0;
  const score = (id: HodAttribute | (typeof HOD_TRAITS)[number]) => ({
    id,
    name: `system.${id}`,
    value: system[id],
    modifier: signed(system[id]),
    labelKey: HOD_ATTRIBUTE_KEYS[id].label,
    abbrKey: HOD_ATTRIBUTE_KEYS[id].abbr,
  });
  const badges = [
    condition.dead ? { id: "dead", key: "ANTHOLOGY.HoD.Sheet.State.dead", dc: "" } : null,
    condition.dying ? { id: "dying", key: "ANTHOLOGY.HoD.Sheet.State.dying", dc: "" } : null,
    condition.unconsciousRisk
      ? { id: "risk", key: "ANTHOLOGY.HoD.Sheet.State.unconsciousRisk", dc: String(condition.consciousnessDc) }
      : null,
    condition.wounded ? { id: "wounded", key: "ANTHOLOGY.HoD.Sheet.State.wounded", dc: "" } : null,
    ...afflictionBadges(system),
  ].filter((b) => b !== null);
  const stance = STANCE_IDS.find((id) => id === system.stance) ?? null;
  return {
    running: runningView(system.running),
    attributes: HOD_ATTRIBUTES.map(score),
    traits: HOD_TRAITS.map(score),
    accuracy: { value: system.accuracy, modifier: signed(system.accuracy), labelKey: HOD_ACTOR_KEYS.accuracy },
    power: { value: system.power, modifier: signed(system.power), labelKey: HOD_ACTOR_KEYS.power },
    defenses: HOD_DEFENSES.map((id) => ({ id, labelKey: DEFENSE_KEYS[id], value: derived[id] })),
    top: {
      value: system.top.value,
      max: system.top.max,
      wounded: condition.wounded,
      pips:
        system.top.max <= TOP_PIPS
          ? Array.from({ length: Math.max(0, system.top.max) }, (_, i) => ({ lost: i >= system.top.value }))
          : [],
    },
    hp: { value: system.hp.value, max: system.hp.max, percent: Math.max(0, Math.min(100, hpPercent)) },
    fatigue: {
      value: system.fatigue,
      currentHp,
      dyingAt,
      percent: fatiguePercent,
      state: condition.dying || condition.dead ? "dying" : condition.unconsciousRisk ? "risk" : "",
    },
    bonusHp: system.bonusHp,
    // How long the bonus HP lasts, when it has a duration.
    bonusUntil:
      system.bonusHp > 0 && BONUS_UNTIL_KEYS[String(system.bonusUntil?.kind)]
        ? { key: BONUS_UNTIL_KEYS[String(system.bonusUntil?.kind)], tc: String(system.bonusUntil?.tc) }
        : null,
    invigoration: system.invigoration,
    badges,
    steady: badges.length === 0,
    // Out cold, the check is the one to regain consciousness; awake, the one to stay so.
    consciousness: unconscious || condition.consciousnessDc === null ? null : { dc: condition.consciousnessDc },
    wake: unconscious && !condition.dead ? { dc: Math.max(0, system.fatigue - currentHp) } : null,
    attack: {
      strength: signed(derived.attack.strength),
      dexterity: signed(derived.attack.dexterity),
      unarmed: signed(derived.attack.unarmed),
      spell: signed(derived.attack.spell),
    },
    initiative: initiativeFormula(system as unknown as Readonly<Record<string, unknown>>),
    weapons: weapons.map((w) => weaponRow(w, source)),
    spell: spellView(system, items, spellDone),
    specialGroups: (["wrestling", "misc"] as const).map((group) => ({
      id: group,
      labelKey: SPECIAL_GROUP_KEYS[group],
      actions: SPECIAL_ACTIONS.filter((a) => a.group === group).map(specialRow),
    })),
    stance: {
      id: stance ?? "",
      nameKey: stance ? STANCE_KEYS[stance].name : HOD_STANCE_BASIC_KEY,
      shifting: stance !== null && system.stanceShifting,
      revert: stance ? speedView(revertSpeed(stance)) : null,
    },
    stances: STANCE_IDS.map((id) => ({
      id,
      nameKey: STANCE_KEYS[id].name,
      benefitKey: STANCE_KEYS[id].benefit,
      drawbackKey: STANCE_KEYS[id].drawback,
      shift: speedView(STANCES[id].shift),
      current: id === stance,
    })),
    armor: armor.map((a) => ({
      ...itemRow(a),
      armor: finiteOrZero(a.system.armor),
      shield: finiteOrZero(a.system.shield),
      naturalArmor: finiteOrZero(a.system.naturalArmor),
      topBonus: finiteOrZero(a.system.topBonus),
      equipped: a.system.equipped !== false,
      weight: finiteOrZero(a.system.weight),
    })),
    armorTotals: {
      armorBonus: derived.armorBonus,
      shield: source.shield ?? 0,
      thresholdOfPain: derived.thresholdOfPain,
    },
    gear: gear.map((g) => ({ ...itemRow(g), quantity: itemQuantity(g), weight: finiteOrZero(g.system.weight) })),
    details: {
      scores: [...HOD_ATTRIBUTES, ...HOD_TRAITS].map((id) => ({
        name: `system.${id}`,
        value: system[id],
        labelKey: HOD_ATTRIBUTE_KEYS[id].label,
        floor: false,
      })),
      combat: (["accuracy", "power", "topBase", "size", "initiativeBonus", "speed"] as const).map((id) =>
        detail(system, id, id === "topBase" || id === "speed"),
      ),
      protection: (["armor", "shield", "naturalArmor", "deflection", "damageReduction"] as const).map((id) =>
        detail(system, id, true),
      ),
      immuneToCriticals: system.immuneToCriticals === true,
      health: [
        { name: "system.hp.max", value: system.hp.max, labelKey: HOD_ACTOR_KEYS.hpMax, floor: true },
        detail(system, "topLost", true),
        // The poisoned part of the HP lost and of fatigue (magical healing cannot reach it).
        {
          name: "system.poisoned.hp",
          value: finiteOrZero(system.poisoned?.hp),
          labelKey: POISONED_KEYS.hp,
          floor: true,
        },
        {
          name: "system.poisoned.fatigue",
          value: finiteOrZero(system.poisoned?.fatigue),
          labelKey: POISONED_KEYS.fatigue,
          floor: true,
        },
      ],
      afflictions: [
        ...IMPAIRMENT_TYPES.map((t) => ({
          name: `system.impairments.${t}`,
          value: finiteOrZero(system.impairments?.[t]),
          labelKey: HOD_AFFLICTION_KEYS.impairments[t],
          floor: true,
        })),
        {
          name: "system.paralysis",
          value: finiteOrZero(system.paralysis),
          labelKey: HOD_AFFLICTION_KEYS.paralysis,
          floor: true,
        },
        {
          name: "system.petrification",
          value: finiteOrZero(system.petrification),
          labelKey: HOD_AFFLICTION_KEYS.petrification,
          floor: true,
        },
      ],
      attributeDamage: DAMAGEABLE_ATTRIBUTES.map((a) => ({
        name: `system.attributeDamage.${a}`,
        value: finiteOrZero(system.attributeDamage?.[a]),
        labelKey: HOD_ATTRIBUTE_KEYS[a].label,
        floor: true,
      })),
    },
  };
}

const BONUS_UNTIL_KEYS: Readonly<Record<string, string>> = {
  tc: "ANTHOLOGY.HoD.Sheet.bonusUntil.tc",
  encounter: "ANTHOLOGY.HoD.Sheet.bonusUntil.encounter",
  rest: "ANTHOLOGY.HoD.Sheet.bonusUntil.rest",
};
const POISONED_KEYS = { hp: "ANTHOLOGY.HoD.Sheet.poisonedHp", fatigue: "ANTHOLOGY.HoD.Sheet.poisonedFatigue" };

type DetailId =
  | "accuracy"
  | "power"
  | "topBase"
  | "size"
  | "initiativeBonus"
  | "speed"
  | "armor"
  | "shield"
  | "naturalArmor"
  | "deflection"
  | "damageReduction"
  | "topLost";

/** A stored number's input on the details tab; `floor` numbers cannot go below 0. */
function detail(system: HodActorSystem, id: DetailId, floor: boolean) {
  return { name: `system.${id}`, value: system[id] ?? 0, labelKey: HOD_ACTOR_KEYS[id], floor };
}

export type HodActorView = ReturnType<typeof hodActorView>;

/** The header's badges for what wears the character down: impaired, paralysed, immobile, petrified. */
function afflictionBadges(system: HodActorSystem & HodActorDerived) {
  const impaired = IMPAIRMENT_TYPES.reduce((sum, t) => sum + finiteOrZero(system.impairments?.[t]), 0);
  const petrification = petrificationEffects(finiteOrZero(system.petrification));
  // Paralysis is measured against the Vigor without petrification's stony gain, as derive does.
  const paralysis = paralysisEffects(finiteOrZero(system.paralysis), system.derived.vigor - petrification.vigor);
  return [
    impaired ? { id: "impaired", key: "ANTHOLOGY.HoD.Sheet.State.impaired", dc: String(impaired) } : null,
    petrification.full
      ? { id: "petrified", key: "ANTHOLOGY.HoD.Sheet.State.petrified", dc: "" }
      : paralysis.immobile
        ? { id: "immobile", key: "ANTHOLOGY.HoD.Sheet.State.immobile", dc: "" }
        : null,
    !paralysis.immobile && paralysis.level > 0
      ? { id: "paralysed", key: "ANTHOLOGY.HoD.Sheet.State.paralysed", dc: String(paralysis.level) }
      : null,
    !petrification.full && finiteOrZero(system.petrification) > 0
      ? {
          id: "stiffening",
          key: "ANTHOLOGY.HoD.Sheet.State.stiffening",
          dc: String(finiteOrZero(system.petrification)),
        }
      : null,
  ];
}
