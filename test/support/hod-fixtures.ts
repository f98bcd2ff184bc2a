/**
 * Heroes of Destiny actors and items as a sheet stores them, shared by the data, sheet and flow tests.
 * Every number below was worked out by hand from the text's formulas; the comments show the sums.
 */
import type {
  HodActorSystem,
  HodArmorSystem,
  HodCarriedItem,
  HodWeaponSystem,
} from "../../src/rulesets/hod/data/source";

/** An item as a document's data (name, type, system); it also reads as an item the actor carries. */
export interface HodItemData {
  readonly name: string;
  readonly type: string;
  readonly system: HodCarriedItem["system"] & Readonly<Record<string, unknown>>;
}

/** A stored hod-weapon with the schema's defaults, for writing weapons as changes from them. */
export const hodWeaponDefaults: HodWeaponSystem = {
  description: "",
  damage: "1d6",
  category: "lightSwords",
  speedClass: "standard",
  precise: false,
  damageType: "",
  durability: { value: 10, max: 10 },
  composite: false,
  nonlethal: false,
  range: 0,
  thrown: false,
  twoHanded: false,
  defense: "primary",
  proficient: false,
  noAffinity: false,
  equipped: true,
  weight: 0,
  fatigueCost: 0,
  castToday: 0,
  verbalOnly: false,
  halfOnMiss: false,
};

/** What wears a character down, at the schema's defaults: nothing. */
export const hodUnafflicted = {
  deflection: 0,
  damageReduction: 0,
  impairments: { bludgeoning: 0, piercing: 0, slashing: 0 },
  attributeDamage: { strength: 0, dexterity: 0, constitution: 0, intelligence: 0, wisdom: 0, persona: 0 },
  paralysis: 0,
  petrification: 0,
} as const;

/** A stored hod-armor with the schema's defaults. */
export const hodArmorDefaults: HodArmorSystem = {
  description: "",
  armor: 0,
  naturalArmor: 0,
  shield: 0,
  topBonus: 0,
  spellFailure: 0,
  equipped: true,
  weight: 0,
};

/**
 * Hadwin, a human fighter. With his worn items (chain shirt 4 + ToP 1, shield 2, bark charm natural
 * armor 2; the plate cuirass is carried, not worn):
 * - armor bonus: worn 4 and natural 2 together, the weaker adds half: 4 + max(1, floor(2/2)) = 5
 * - Primary 10 + 5 + shield 2 + size 0 + Fortitude 2 (best of 2/1/1) = 19; Passive 10 + 5 + 0 = 15
 * - Vigor 10 + Con 2 + Fort 2 = 14; Celerity 10 + Dex 2 + Agi 1 = 13; Spirit 10 + Wis 1 + Will 1 = 12
 * - Threshold of Pain: base 3 + Persona 2 + chain shirt's ToP 1 = 6
 * - attack bonus: Strength weapons 3 + 3 = 6, Dexterity weapons 3 + 2 = 5, unarmed 6, spells 3 + 0 = 3
 * - longsword (heavy swords, Strength): +6 to hit (+7 with his proficiency in it), 1d8 + 3 + Power 1 = 1d8 + 4,
 *   Standard (static SF 9)
 * - dagger (daggers, Dexterity, Precise): +5 to hit, 1d4 + 2 + 1 = 1d4 + 3, Fast (static SF 6)
 */
export const hodFighterSystem: HodActorSystem = {
  strength: 3,
  dexterity: 2,
  constitution: 2,
  intelligence: 0,
  wisdom: 1,
  persona: 2,
  fortitude: 2,
  agility: 1,
  willpower: 1,
  accuracy: 3,
  power: 1,
  topBase: 3,
  size: 0,
  armor: 0,
  shield: 0,
  naturalArmor: 0,
  ...hodUnafflicted,
  hp: { value: 24, max: 24 },
  fatigue: 0,
  invigoration: 0,
  bonusHp: 0,
  topLost: 0,
  initiativeBonus: 1,
  stance: "",
  stanceShifting: false,
};

/** Hadwin's items as documents' data, weapons first, then armor (the cuirass not worn) and gear. */
export const hodFighterItems: readonly HodItemData[] = [
  {
    name: "Longsword <i>of</i> Ash",
    type: "hod-weapon",
    system: {
      ...hodWeaponDefaults,
      damage: "1d8",
      category: "heavySwords",
      speedClass: "standard",
      damageType: "slashing",
      proficient: true,
      weight: 4,
    } satisfies HodWeaponSystem,
  },
  {
    name: "Dagger",
    type: "hod-weapon",
    system: {
      ...hodWeaponDefaults,
      damage: "1d4",
      category: "daggers",
      speedClass: "fast",
      precise: true,
      damageType: "piercing",
      durability: { value: 8, max: 10 },
      range: 10,
      thrown: true,
      weight: 1,
    } satisfies HodWeaponSystem,
  },
  {
    name: "Chain shirt",
    type: "hod-armor",
    system: { ...hodArmorDefaults, armor: 4, topBonus: 1, weight: 25 } satisfies HodArmorSystem,
  },
  {
    name: "Round shield",
    type: "hod-armor",
    system: { ...hodArmorDefaults, shield: 2, weight: 6 } satisfies HodArmorSystem,
  },
  {
    name: "Bark charm",
    type: "hod-armor",
    system: { ...hodArmorDefaults, naturalArmor: 2 } satisfies HodArmorSystem,
  },
  {
    name: "Plate cuirass",
    type: "hod-armor",
    system: { ...hodArmorDefaults, armor: 6, topBonus: 2, equipped: false, weight: 30 } satisfies HodArmorSystem,
  },
  { name: "Rope (50 ft)", type: "hod-gear", system: { description: "", quantity: 1, weight: 10 } },
];

/**
 * A goblin skirmisher, Small (size +1), with a tough hide (natural armor 1) under leather (armor 2):
 * - armor bonus 2 + max(1, floor(1/2)) = 3 (the minimum of 1 applies)
 * - Primary 10 + 3 + 0 + size 1 + Agility 2 = 16; Passive 10 + 3 + 1 = 14
 * - Vigor 10 + 1 + 0 = 11; Celerity 10 + 2 + 2 = 14; Spirit 10 + 0 + 0 = 10; Threshold of Pain 3
 * - short sword (light swords, Strength 0): +2 to hit (1 + 0 + size 1), 1d6, Standard (static SF 9)
 * - shortbow (bows, Dexterity, no Strength penalty at 0): +4 to hit, 1d6 + 2, Standard, range 40
 */
export const hodGoblinSystem: HodActorSystem = {
  strength: 0,
  dexterity: 2,
  constitution: 1,
  intelligence: -1,
  wisdom: 0,
  persona: 0,
  fortitude: 0,
  agility: 2,
  willpower: 0,
  accuracy: 1,
  power: 0,
  topBase: 3,
  size: 1,
  armor: 0,
  shield: 0,
  naturalArmor: 1,
  ...hodUnafflicted,
  hp: { value: 8, max: 8 },
  fatigue: 0,
  invigoration: 0,
  bonusHp: 0,
  topLost: 0,
  initiativeBonus: 0,
  stance: "",
  stanceShifting: false,
};

export const hodGoblinItems: readonly HodItemData[] = [
  {
    name: "Short sword",
    type: "hod-weapon",
    system: { ...hodWeaponDefaults, damage: "1d6", category: "lightSwords", damageType: "piercing" },
  },
  {
    name: "Shortbow",
    type: "hod-weapon",
    system: {
      ...hodWeaponDefaults,
      damage: "1d6",
      category: "bows",
      speedClass: "standard",
      damageType: "piercing",
      range: 40,
      twoHanded: true,
    },
  },
  { name: "Leather armor", type: "hod-armor", system: { ...hodArmorDefaults, armor: 2, weight: 15 } },
];
