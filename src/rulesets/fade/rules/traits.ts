import { BODY_PARTS, type BodyPart } from "./body-parts";
import type { FadeArmor, FadeBonuses, FadeSource } from "./derive";
import type { EnergyProfile } from "./energy";
import { addPools, type PoolBonus } from "./pool";

/** What a species gives a character: the Species Size of the Soak formula, land speed and its hide. */
export interface FadeSpecies {
  /** Species Size: its part of Soak. */
  readonly size: number;
  /** Land speed in squares ("6 sq. (Land)"). */
  readonly speed: number;
  readonly naturalDeflection?: Partial<Record<BodyPart, number>>;
  /** Its natural Deflection adds to worn armor (only when the listing says so). */
  readonly naturalDeflectionStacks?: boolean;
  readonly energy?: EnergyProfile;
}

/** What a class gives: Class HP, its Soak bonus, Attacks per Round, HP per level and its own rerolls. */
export interface FadeClass {
  readonly hp: number;
  readonly soak: number;
  readonly attacksPerRound: number;
  /** HP gained at each level after the first. */
  readonly hpPerLevel?: number;
  /** Once-per-encounter rerolls its class abilities grant. */
  readonly rerolls?: number;
}

/** What one feat adds. Every number is a bonus on top of the rest. */
export interface FadeFeat {
  /** HP, Soak, all Defenses or each one, to-hit and damage pools. */
  readonly bonuses?: FadeBonuses;
  /** Squares of land speed. */
  readonly speed?: number;
  /** Deflection on every body part: a source of its own (the highest counts unless it stacks). */
  readonly deflection?: number;
  readonly deflectionStacks?: boolean;
  readonly energy?: EnergyProfile;
  /** Extra Attacks per Round. */
  readonly attacks?: number;
  /** Extra once-per-encounter rerolls. */
  readonly rerolls?: number;
}

/** The character's species, class and feats; a missing species or class leaves the actor's own numbers. */
export interface FadeTraits {
  readonly species?: FadeSpecies | null;
  readonly class?: FadeClass | null;
  readonly feats?: readonly FadeFeat[];
}

const NUMBER_BONUSES = [
  "hp",
  "soak",
  "allDefenses",
  "defense",
  "avoid",
  "mentalDefense",
  "bodilyDefense",
  "rerolls",
] as const;
const POOL_BONUSES = ["physicalToHit", "magicalToHit", "damage", "dodge", "skills"] as const;

const n = (value: number | undefined) => (typeof value === "number" && Number.isFinite(value) ? value : 0);

/** Two sets of bonuses added together, number by number and pool by pool. */
export function addBonuses(a: FadeBonuses = {}, b: FadeBonuses = {}): FadeBonuses {
  const out: Record<string, number | PoolBonus> = {};
  for (const key of NUMBER_BONUSES) out[key] = n(a[key]) + n(b[key]);
  for (const key of POOL_BONUSES) {
    const { rolled, kept, flat } = addPools({ rolled: 0, kept: 0, flat: 0 }, a[key] ?? {}, b[key] ?? {});
    out[key] = { rolled, kept, flat };
  }
  return out as FadeBonuses;
}

/** Energy lists joined: every entry of each, the highest Resistance per damage type. */
export function mergeEnergy(...profiles: ReadonlyArray<EnergyProfile | undefined>): EnergyProfile {
  const resistances: Record<string, number> = {};
  const lists = { immunities: [] as string[], absorptions: [] as string[], weaknesses: [] as string[] };
  for (const p of profiles) {
    for (const [type, value] of Object.entries(p?.resistances ?? {})) {
      const key = Object.keys(resistances).find((k) => k.toLowerCase() === type.toLowerCase()) ?? type;
      resistances[key] = Math.max(resistances[key] ?? 0, value);
    }
    for (const list of ["immunities", "absorptions", "weaknesses"] as const) {
      for (const entry of p?.[list] ?? []) {
        if (!lists[list].some((e) => e.toLowerCase() === entry.toLowerCase())) lists[list].push(entry);
      }
    }
  }
  return { resistances, ...lists };
}

/** Every feat's numbers summed into one: what the feats add together. */
export function featTotals(
  feats: readonly FadeFeat[] = [],
): Required<Omit<FadeFeat, "deflection" | "deflectionStacks">> {
  let bonuses = addBonuses();
  let speed = 0;
  let attacks = 0;
  let rerolls = 0;
  for (const f of feats) {
    bonuses = addBonuses(bonuses, f.bonuses);
    speed += n(f.speed);
    attacks += n(f.attacks);
    rerolls += n(f.rerolls);
  }
  return { bonuses, speed, attacks, rerolls, energy: mergeEnergy(...feats.map((f) => f.energy)) };
}

/**
 * The character as its species, class and feats make it. A species supplies Species Size, land speed and
 * natural Deflection (with its stacking) in place of the source's own; a class supplies Class HP, its Soak
 * bonus and Attacks per Round, and adds HP per level for every level after the first to HP gained. Feats
 * add: bonuses on top of the source's misc. bonuses, speed, Attacks per Round, rerolls, energy entries,
 * and Deflection as a source of its own. Energy lists of source, species and feats are joined.
 */
export function applyTraits(source: FadeSource, traits: FadeTraits = {}): FadeSource {
  const { species, class: cls } = traits;
  const feats = traits.feats ?? [];
  const totals = featTotals(feats);
  const featArmor: FadeArmor[] = feats
    .filter((f) => n(f.deflection) > 0)
    .map((f) => ({
      deflection: Object.fromEntries(BODY_PARTS.map((p) => [p, n(f.deflection)])),
      stacks: f.deflectionStacks === true,
    }));
  const level = Math.max(1, n(source.level));
  return {
    ...source,
    ...(species
      ? {
          speciesSize: n(species.size),
          naturalDeflection: { ...species.naturalDeflection },
          naturalDeflectionStacks: species.naturalDeflectionStacks === true,
        }
      : {}),
    ...(cls
      ? {
          classHp: n(cls.hp),
          classSoak: n(cls.soak),
          hpGained: n(source.hpGained) + n(cls.hpPerLevel) * (level - 1),
        }
      : {}),
    speed: (species ? n(species.speed) : source.speed) + totals.speed,
    attacksPerRound: (cls ? n(cls.attacksPerRound) : source.attacksPerRound) + totals.attacks,
    bonuses: addBonuses(source.bonuses, addBonuses(totals.bonuses, { rerolls: totals.rerolls + n(cls?.rerolls) })),
    armor: [...(source.armor ?? []), ...featArmor],
    energy: mergeEnergy(source.energy, species?.energy, totals.energy),
  };
}
