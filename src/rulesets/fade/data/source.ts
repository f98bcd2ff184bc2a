import { documentType } from "../..";
import {
  addBonuses,
  applyTraits,
  BODY_PARTS,
  ownModifiers,
  parseEnergyText,
  type BodyPart,
  type EnergyText,
  type FadeArmor,
  type FadeBonuses,
  type FadeFeat,
  type FadeSource,
  type FadeTraits,
  type PoolBonus,
} from "../rules";

/** A pool bonus as the sheet stores it: dice, kept dice and a flat number. */
export interface StoredPoolBonus {
  readonly rolled: number;
  readonly kept: number;
  readonly flat: number;
}

/** A Fade actor's system data as stored (fade-character and fade-npc alike). */
export interface FadeActorSystem extends Pick<
  FadeSource,
  "strength" | "agility" | "endurance" | "smarts" | "luck" | "magic" | "resistance" | "level" | "classHp" | "hpGained"
> {
  /** Current HP; null until first set, which counts as full. */
  readonly hp: { readonly value: number | null };
  readonly speciesSize: number;
  readonly classSoak: number;
  readonly speed: number;
  readonly speedLoss: number;
  readonly attacksPerRound: number;
  readonly bonuses: {
    readonly hp: number;
    readonly soak: number;
    readonly allDefenses: number;
    readonly defense: number;
    readonly avoid: number;
    readonly mentalDefense: number;
    readonly bodilyDefense: number;
    readonly toHit: StoredPoolBonus;
    readonly damage: StoredPoolBonus;
  };
  /**
   * What Active Effects add on top of everything else (the keys of docs/the-fade.md, "Effects that
   * change rolls"): the misc. bonuses and land speed. Absent on actors stored before it: nothing.
   */
  readonly effectBonuses?: FadeActorSystem["bonuses"] & {
    readonly speed: number;
    readonly dodge: StoredPoolBonus;
    readonly skills: StoredPoolBonus;
  };
  readonly naturalDeflection: Readonly<Record<BodyPart, number>>;
  readonly naturalDeflectionStacks: boolean;
  readonly energy: EnergyText;
  /** Undead: its Unholy Resistance adds to healing, not its Holy Resistance (absent: living). */
  readonly undead?: boolean;
  readonly luckRerollsUsed: number;
  /** Ranks by skill id (absent from actors made before skills: none). */
  readonly skills?: Readonly<Record<string, number>>;
}

/** An embedded item as far as the actor's numbers care: its type and system data. */
export interface CarriedItem {
  readonly type: string;
  readonly system: {
    readonly weight?: number;
    readonly quantity?: number;
    readonly equipped?: boolean;
    readonly deflection?: Partial<Record<BodyPart, number>>;
    readonly stacks?: boolean;
    readonly speedPenalty?: number;
    /** Species, class and feat fields (see data/traits.ts). */
    readonly [field: string]: unknown;
  };
}

export const FADE_ARMOR_TYPE = documentType("fade", "armor");
export const FADE_WEAPON_TYPE = documentType("fade", "weapon");
export const FADE_SPECIES_TYPE = documentType("fade", "species");
export const FADE_CLASS_TYPE = documentType("fade", "class");
export const FADE_FEAT_TYPE = documentType("fade", "feat");

/** The item types that shape the character rather than being carried: they weigh nothing. */
export const FADE_TRAIT_TYPES: readonly string[] = [FADE_SPECIES_TYPE, FADE_CLASS_TYPE, FADE_FEAT_TYPE];

/**
 * The actor's species, class and feats among its items: the first species and the first class count
 * (a sheet keeps one of each), every feat counts.
 */
export function traitItems<I extends { readonly type: string }>(items: readonly I[]) {
  return {
    species: items.find((i) => i.type === FADE_SPECIES_TYPE) ?? null,
    class: items.find((i) => i.type === FADE_CLASS_TYPE) ?? null,
    feats: items.filter((i) => i.type === FADE_FEAT_TYPE),
  };
}

const n = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);

function pool(stored: StoredPoolBonus | undefined): PoolBonus {
  return { rolled: n(stored?.rolled), kept: n(stored?.kept), flat: n(stored?.flat) };
}

/** Pounds carried: every item's weight times its quantity (one when it has none). */
export function carriedWeight(items: Iterable<CarriedItem>): number {
  let total = 0;
  for (const item of items) total += n(item.system.weight) * (item.system.quantity ?? 1);
  return total;
}

type Stored = Readonly<Record<string, unknown>>;
const perPart = (stored: unknown) =>
  Object.fromEntries(BODY_PARTS.map((p) => [p, n((stored as Stored | undefined)?.[p])]));

/** The stored bonuses (actor's, feat's or effects') as the rules read them: one to-hit bonus for both pools. */
function bonusesOf(b: Stored | undefined): FadeBonuses {
  const toHit = pool(b?.toHit as StoredPoolBonus | undefined);
  const keys = ["hp", "soak", "allDefenses", "defense", "avoid", "mentalDefense", "bodilyDefense"] as const;
  return {
    ...Object.fromEntries(keys.map((k) => [k, n(b?.[k])])),
    physicalToHit: toHit,
    magicalToHit: toHit,
    damage: pool(b?.damage as StoredPoolBonus | undefined),
    // Only effects add to these (system.effectBonuses): the sheet's own bonuses have no such field.
    dodge: pool(b?.dodge as StoredPoolBonus | undefined),
    skills: pool(b?.skills as StoredPoolBonus | undefined),
  };
}

/** The species, class and feats of an actor's items as the rules read them, with unreadable energy entries. */
export function fadeTraits(items: readonly CarriedItem[]): { traits: FadeTraits; invalidEnergy: string[] } {
  const found = traitItems(items);
  const invalidEnergy: string[] = [];
  const energy = (stored: unknown) => {
    const parsed = parseEnergyText((stored ?? {}) as EnergyText);
    invalidEnergy.push(...parsed.invalid);
    return parsed.profile;
  };
  const sp = found.species?.system;
  const cl = found.class?.system;
  const traits: FadeTraits = {
    species: sp
      ? {
          size: n(sp.size),
          speed: n(sp.speed),
          naturalDeflection: perPart(sp.naturalDeflection),
          naturalDeflectionStacks: sp.naturalDeflectionStacks === true,
          energy: energy(sp.energy),
        }
      : null,
    class: cl
      ? {
          hp: n(cl.hp),
          soak: n(cl.soak),
          attacksPerRound: n(cl.attacksPerRound),
          hpPerLevel: n(cl.hpPerLevel),
          rerolls: n(cl.rerolls),
        }
      : null,
    feats: found.feats.map(({ system: f }): FadeFeat => ({
      bonuses: bonusesOf(f.bonuses as Stored | undefined),
      speed: n(f.speed),
      deflection: n(f.deflection),
      deflectionStacks: f.deflectionStacks === true,
      energy: energy(f.energy),
      attacks: n(f.attacks),
      rerolls: n(f.rerolls),
    })),
  };
  return { traits, invalidEnergy };
}

/**
 * The rules' view of a stored actor and its items: the FadeSource `derive` reads. Worn armor (equipped
 * fade-armor items) brings its Deflection and speed penalty; every item counts towards the load; the
 * species, class and feats among the items apply on top (`applyTraits`).
 * Energy entries that cannot be read are returned so the sheet can show them.
 */
export function fadeSource(
  system: FadeActorSystem,
  items: Iterable<CarriedItem> = [],
  statuses: Iterable<string> = [],
): { source: FadeSource; invalidEnergy: readonly string[] } {
  const list = [...items];
  const armor: FadeArmor[] = list
    .filter((i) => i.type === FADE_ARMOR_TYPE && i.system.equipped !== false)
    .map((i) => ({
      deflection: Object.fromEntries(BODY_PARTS.map((p) => [p, n(i.system.deflection?.[p])])),
      speedPenalty: n(i.system.speedPenalty),
      stacks: i.system.stacks === true,
    }));
  const energy = parseEnergyText(system.energy ?? {});
  const source: FadeSource = {
    strength: n(system.strength),
    agility: n(system.agility),
    endurance: n(system.endurance),
    smarts: n(system.smarts),
    luck: n(system.luck),
    magic: n(system.magic),
    resistance: n(system.resistance),
    level: n(system.level),
    classHp: n(system.classHp),
    hpGained: n(system.hpGained),
    ...(typeof system.hp?.value === "number" ? { hp: system.hp.value } : {}),
    speciesSize: n(system.speciesSize),
    classSoak: n(system.classSoak),
    speed: n(system.speed),
    speedLoss: n(system.speedLoss),
    attacksPerRound: n(system.attacksPerRound),
    bonuses: bonusesOf(system.bonuses as unknown as Stored),
    naturalDeflection: perPart(system.naturalDeflection),
    naturalDeflectionStacks: system.naturalDeflectionStacks === true,
    armor,
    energy: energy.profile,
    carriedWeight: carriedWeight(list),
    modifiers: ownModifiers(statuses),
  };
  const traits = fadeTraits(list);
  return {
    source: withEffectBonuses(applyTraits(source, traits.traits), system.effectBonuses),
    invalidEnergy: [...energy.invalid, ...traits.invalidEnergy],
  };
}

/**
 * The source with what Active Effects add (`system.effectBonuses`) on top of its own, its species',
 * class' and feats' numbers: the misc. bonuses add pool by pool and number by number, and the speed
 * adds to the land speed a species sets (armor, wounds and the load then count as usual).
 */
export function withEffectBonuses(source: FadeSource, effects: FadeActorSystem["effectBonuses"]): FadeSource {
  if (!effects) return source;
  return {
    ...source,
    speed: source.speed + n(effects.speed),
    bonuses: addBonuses(source.bonuses, bonusesOf(effects as unknown as Stored)),
  };
}
