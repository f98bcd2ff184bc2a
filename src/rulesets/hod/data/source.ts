import { documentType } from "../..";
import { afflictedSource, type HodSource } from "../rules/derive";
import type { DamageableAttribute, ImpairmentType } from "../rules/afflictions";

/**
 * A Heroes of Destiny actor's system data as stored (hod-character and hod-npc alike). The names are
 * those `api.rules.hod.derive` reads, plus the health track and the combat state.
 */
export interface HodActorSystem {
  readonly strength: number;
  readonly dexterity: number;
  readonly constitution: number;
  readonly intelligence: number;
  readonly wisdom: number;
  readonly persona: number;
  readonly fortitude: number;
  readonly agility: number;
  readonly willpower: number;
  readonly accuracy: number;
  readonly power: number;
  /** Base Threshold of Pain. */
  readonly topBase: number;
  /** Size modifier (0 Medium, +1 Small, -1 Large ...). */
  readonly size: number;
  /** Armor, shield and natural armor of the actor itself (a creature's hide, a stat block's armor). */
  readonly armor: number;
  readonly shield: number;
  readonly naturalArmor: number;
  /** A deflection bonus (from spells): it raises Primary and Passive. */
  readonly deflection: number;
  /** Damage reduction: every hit's damage is lowered by it, down to 0. */
  readonly damageReduction: number;
  /** Current and maximum HP. */
  readonly hp: { readonly value: number; readonly max: number };
  readonly fatigue: number;
  readonly invigoration: number;
  readonly bonusHp: number;
  /** How long the bonus HP lasts (rules/bonus-hp.ts). */
  readonly bonusUntil?: { readonly kind: string; readonly tc: number };
  /** Movement rate in feet per 4 TC. */
  readonly speed?: number;
  /** The poisoned part of HP lost, fatigue and attribute damage. */
  readonly poisoned?: {
    readonly hp: number;
    readonly fatigue: number;
    readonly attributes: Readonly<Record<DamageableAttribute, number>>;
  };
  /** Hits taken since the Threshold of Pain last recovered: the effective ToP is the full ToP minus this. */
  readonly topLost: number;
  /** Impairments taken, by damage type (the optional rule). */
  readonly impairments: Readonly<Record<ImpairmentType, number>>;
  /** Points each attribute is lowered by. */
  readonly attributeDamage: Readonly<Record<DamageableAttribute, number>>;
  readonly paralysis: number;
  readonly petrification: number;
  /** Added to the 1d6+4 initiative roll. */
  readonly initiativeBonus: number;
  /** The combat stance: "" for a basic stance, else a stance id of the rules' STANCES. */
  readonly stance: string;
  /** Shifting into `stance`: its drawbacks apply, its benefits not yet. */
  readonly stanceShifting: boolean;
  /** Immune to critical hits (a coup de grâce's extra damage and follow-up). */
  readonly immuneToCriticals?: boolean;
  /** The spell being prepared or held prepared ("" item: none). */
  readonly spell?: HodSpellState;
  /** Running and sprinting's endurance (rules/running.ts RunState). */
  readonly running?: {
    readonly penalty: number;
    readonly failures: number;
    readonly pace: string;
    readonly sprintCheck: number;
    readonly since: number;
  };
}

/** A spell's preparation as the actor stores it: the rules' preparation, the spell, and when it began. */
export interface HodSpellState {
  readonly item: string;
  readonly baseDc: number;
  readonly fatigueCost: number;
  readonly charges: number;
  readonly taken: number;
  readonly moved: number;
  readonly prepared: boolean;
  /** The Time Count it began at; −1 outside a Time Count. */
  readonly since: number;
}

/** An embedded item as the actor's numbers read it. */
export interface HodCarriedItem {
  readonly type: string;
  readonly system: {
    readonly equipped?: boolean;
    readonly armor?: number;
    readonly shield?: number;
    readonly naturalArmor?: number;
    readonly topBonus?: number;
  };
}

/** A hod-weapon item's system data. */
export interface HodWeaponSystem {
  readonly description: string;
  /** Damage dice (`1d8`). */
  readonly damage: string;
  /** A key of the rules' WEAPON_CATEGORIES: decides Strength, Dexterity, the better, or Intelligence. */
  readonly category: string;
  /** A speed class: its SF is what attacking with the weapon costs on the Time Count. */
  readonly speedClass: string;
  readonly precise: boolean;
  /** bludgeoning | piercing | slashing | "" (other). */
  readonly damageType: string;
  readonly durability: { readonly value: number; readonly max: number };
  readonly composite: boolean;
  readonly nonlethal: boolean;
  /** Range increment in feet; 0 is a melee weapon. */
  readonly range: number;
  readonly thrown: boolean;
  readonly twoHanded: boolean;
  /** The defense it attacks by default (spells may name another). */
  readonly defense: string;
  readonly proficient: boolean;
  /** -2 to hit: the wielder has no affinity for the weapon. */
  readonly noAffinity: boolean;
  readonly equipped: boolean;
  readonly weight: number;
  /** A spell's fatigue cost. */
  readonly fatigueCost: number;
  /** How often the spell was cast today (each earlier casting: +3 to the DC). */
  readonly castToday: number;
  /** A spell with no somatic components: castable while held by a critical grab. */
  readonly verbalOnly: boolean;
  /** A spell whose description says it does half damage on a miss. */
  readonly halfOnMiss: boolean;
}

/** A hod-armor item's system data: the bonuses it adds while worn. */
export interface HodArmorSystem {
  readonly description: string;
  readonly armor: number;
  readonly naturalArmor: number;
  readonly shield: number;
  /** Threshold of Pain it adds (its own number, never its armor bonus). */
  readonly topBonus: number;
  /** Added to the casting DC of every spell its wearer prepares. */
  readonly spellFailure: number;
  readonly equipped: boolean;
  readonly weight: number;
}

export const HOD_WEAPON_TYPE = documentType("hod", "weapon");
export const HOD_ARMOR_TYPE = documentType("hod", "armor");

const n = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);

/**
 * The rules' view of a stored actor and its items, with its afflictions applied (attribute damage,
 * impairments, paralysis, petrification: see afflictedSource). Worn hod-armor does not pile up: for each bonus
 * (armor, shield, natural armor, ToP) the best of the actor's own number and its worn items counts,
 * so a second suit worn over the first adds nothing.
 */
export function hodSource(system: Partial<HodActorSystem>, items: Iterable<HodCarriedItem> = []): HodSource {
  let armor = n(system.armor);
  let shield = n(system.shield);
  let naturalArmor = n(system.naturalArmor);
  let topBonus = 0;
  for (const item of items) {
    if (item.type !== HOD_ARMOR_TYPE || item.system.equipped === false) continue;
    armor = Math.max(armor, n(item.system.armor));
    shield = Math.max(shield, n(item.system.shield));
    naturalArmor = Math.max(naturalArmor, n(item.system.naturalArmor));
    topBonus = Math.max(topBonus, n(item.system.topBonus));
  }
  return afflictedSource({
    strength: n(system.strength),
    dexterity: n(system.dexterity),
    constitution: n(system.constitution),
    intelligence: n(system.intelligence),
    wisdom: n(system.wisdom),
    persona: n(system.persona),
    fortitude: n(system.fortitude),
    agility: n(system.agility),
    willpower: n(system.willpower),
    accuracy: n(system.accuracy),
    power: n(system.power),
    topBase: typeof system.topBase === "number" ? system.topBase : 3,
    size: n(system.size),
    armor,
    shield,
    naturalArmor,
    topBonus,
    deflection: n(system.deflection),
    damageReduction: n(system.damageReduction),
    hp: n(system.hp?.value),
    fatigue: n(system.fatigue),
    invigoration: n(system.invigoration),
    bonusHp: n(system.bonusHp),
    afflictions: {
      impairments: { ...system.impairments },
      attributeDamage: { ...system.attributeDamage },
      paralysis: n(system.paralysis),
      petrification: n(system.petrification),
    },
  });
}
