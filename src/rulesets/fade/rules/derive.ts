import { BODY_PARTS, type BodyPart, type PerBodyPart } from "./body-parts";
import {
  carryingLimits,
  encumbrance,
  encumbrancePenalty,
  type CarryingLimits,
  type EncumbranceState,
} from "./carrying";
import { attributeDamage } from "./damage-pool";
import { dodgePool } from "./dodge";
import type { EnergyProfile } from "./energy";
import { deathAt, healthState, hpMax, type HealthState } from "./health";
import { initiativeBonus, initiativeFormula } from "./initiative";
import { MODIFIERS, type FadeModifierId } from "./modifiers";
import { addPools, formatPool, keepPool, type PoolBonus } from "./pool";

/** Bonuses from feats, class abilities, items and effects, where the text allows them. */
export interface FadeBonuses {
  /** Added to maximum HP ("Miscellaneous Bonuses" of the HP formula). */
  readonly hp?: number;
  /** Added to Soak ("Miscellaneous Bonuses" of the Soak formula). */
  readonly soak?: number;
  /** A bonus to "all Defenses": Defense, Avoid, Mental and Bodily Defense alike (against spells too). */
  readonly allDefenses?: number;
  readonly defense?: number;
  readonly avoid?: number;
  readonly mentalDefense?: number;
  readonly bodilyDefense?: number;
  /** "+ Misc. Bonuses" of the physical and magical to-hit formulas: dice, kept dice or flat. */
  readonly physicalToHit?: PoolBonus;
  readonly magicalToHit?: PoolBonus;
  /** Added to every damage roll (see `damageBonus`). */
  readonly damage?: PoolBonus;
  /** Once-per-encounter rerolls beyond Luck's (class abilities, feats). */
  readonly rerolls?: number;
  /** Added to the dodge pool (a parry rolls the weapon's to-hit pool, which the to-hit bonus changes). */
  readonly dodge?: PoolBonus;
  /** Added to every skill check's pool. */
  readonly skills?: PoolBonus;
}

/** One worn piece of armor. */
export interface FadeArmor {
  /** Deflection per body part; parts it does not cover are 0. */
  readonly deflection: Partial<Record<BodyPart, number>>;
  /** Squares of land speed it costs. */
  readonly speedPenalty?: number;
  /** Its Deflection adds to the others instead of competing with them (only when its listing says so). */
  readonly stacks?: boolean;
}

/** A Fade character or creature as stored: the numbers the rules name. */
export interface FadeSource {
  /**
   * Situational modifiers active on the character itself, which change its own numbers: a charge
   * (`["charge"]`) costs 2 Defense and Avoid until the end of its next turn.
   */
  readonly modifiers?: readonly FadeModifierId[];
  readonly strength: number;
  readonly agility: number;
  readonly endurance: number;
  readonly smarts: number;
  readonly luck: number;
  readonly magic: number;
  readonly resistance: number;
  /** 1 to 20. */
  readonly level: number;
  /** HP the class gives. */
  readonly classHp: number;
  /** HP gained since (by level, Feats, Class Abilities). */
  readonly hpGained: number;
  /** Current HP; maximum HP when absent. */
  readonly hp?: number;
  /** The Soak of the species' size. */
  readonly speciesSize: number;
  /** The Soak the class adds. */
  readonly classSoak: number;
  /** Land speed in squares (6 for most humanoids). */
  readonly speed: number;
  /** Squares of land speed lost to leg wounds (called shots), taken off before encumbrance halves it. */
  readonly speedLoss?: number;
  /** Attacks per Round, as the class lists. */
  readonly attacksPerRound: number;
  readonly bonuses?: FadeBonuses;
  /** Natural Deflection per body part. */
  readonly naturalDeflection?: Partial<Record<BodyPart, number>>;
  /** The creature's Natural Deflection adds to worn armor instead of being superseded by it. */
  readonly naturalDeflectionStacks?: boolean;
  readonly armor?: readonly FadeArmor[];
  /** Energy Resistances, Immunities, Absorptions and Weaknesses (passed on to `applyDamage`). */
  readonly energy?: EnergyProfile;
  /** Weight carried, in pounds. */
  readonly carriedWeight?: number;
}

/** The four defenses. */
export interface FadeDefenses {
  readonly defense: number;
  readonly avoid: number;
  readonly mentalDefense: number;
  readonly bodilyDefense: number;
}

/** Everything the rules derive from a FadeSource. Pools are keep notation (`6k3`). */
export interface FadeDerived extends FadeDefenses {
  /** Class HP + Endurance + HP gained + misc. */
  readonly hpMax: number;
  /** The (negative) HP at which the character dies: -(2 + Endurance). */
  readonly deathAt: number;
  /** From current HP: conscious above 0, unconscious at 0 or below, dead at `deathAt` or below. */
  readonly healthState: HealthState;
  /** Species size + class Soak + misc., at least 1 (damage is divided by it). */
  readonly soak: number;
  /** Defenses against spells: Resistance in place of Agility, Smarts and Endurance. */
  readonly vsSpells: FadeDefenses;
  /** Initiative: 1d10 + Agility. */
  readonly initiativeBonus: number;
  readonly initiativeFormula: string;
  /** Agility k ½ Agility + misc. */
  readonly physicalToHit: string;
  /** Magic k ½ Magic + misc. */
  readonly magicalToHit: string;
  /** What each attribute adds to a damage roll (½ k ¼), with misc. damage bonuses: weapons, finesse, spells. */
  readonly damageBonus: { readonly strength: string; readonly agility: string; readonly magic: string };
  /** Agility dice, kept 1 to 4 by level, + misc. */
  readonly dodge: string;
  /** What every skill check adds to its attribute's pool (misc.; absent: nothing). */
  readonly skillBonus?: PoolBonus;
  /** Once-per-encounter rerolls: one for every 2 Luck, plus those of class abilities and feats. */
  readonly luckRerolls: number;
  readonly attacksPerRound: number;
  readonly carrying: CarryingLimits;
  readonly encumbrance: EncumbranceState;
  /** Deflection of each body part: the highest source, plus sources that stack. */
  readonly deflection: PerBodyPart;
  /** Squares of land speed taken by armor (and leg wounds) before encumbrance. */
  readonly speedPenalty: number;
  /** Land speed after armor, leg wounds and encumbrance. */
  readonly speed: number;
  /** Running: four times speed, three times when armor slows the character. */
  readonly run: number;
  /** Squares a charge may move: double speed, in a straight line (at least 2 to be a charge). */
  readonly charge: number;
  /** The situational modifiers on the character itself that its numbers include. */
  readonly modifiers: readonly FadeModifierId[];
}

const half = (n: number) => Math.floor(n / 2);
const quarter = (n: number) => Math.floor(n / 4);

/** Deflection per part: the highest of the sources that do not stack, plus every source that does. */
export function deflectionByPart(
  source: Pick<FadeSource, "naturalDeflection" | "naturalDeflectionStacks" | "armor">,
): PerBodyPart {
  const sources = [
    { deflection: source.naturalDeflection ?? {}, stacks: source.naturalDeflectionStacks === true },
    ...(source.armor ?? []).map((a) => ({ deflection: a.deflection, stacks: a.stacks === true })),
  ];
  const out = {} as Record<BodyPart, number>;
  for (const part of BODY_PARTS) {
    let highest = 0;
    let stacked = 0;
    for (const s of sources) {
      const value = s.deflection[part] ?? 0;
      if (s.stacks) stacked += value;
      else highest = Math.max(highest, value);
    }
    out[part] = highest + stacked;
  }
  return Object.freeze(out);
}

export function derive(source: FadeSource): FadeDerived {
  const b = source.bonuses ?? {};
  const all = b.allDefenses ?? 0;
  // Modifiers on the character itself (a charge: -2 to Defense and Avoid, against spells too).
  const ownModifiers = [...new Set(source.modifiers ?? [])];
  const situational = ownModifiers.reduce((sum, m) => sum + (MODIFIERS[m]?.defenseAndAvoid ?? 0), 0);

  const carrying = carryingLimits(source.strength, source.endurance);
  const load = encumbrance(source.carriedWeight ?? 0, carrying);
  const penalty = encumbrancePenalty(load);

  const defenses = (agilityOrResistance: number, smartsOrResistance: number, enduranceOrResistance: number) => ({
    defense:
      15 + agilityOrResistance + half(source.luck) + all + (b.defense ?? 0) + penalty.defenseAndAvoid + situational,
    avoid:
      10 + agilityOrResistance + quarter(source.luck) + all + (b.avoid ?? 0) + penalty.defenseAndAvoid + situational,
    mentalDefense: 15 + smartsOrResistance + quarter(source.luck) + all + (b.mentalDefense ?? 0),
    bodilyDefense: 15 + enduranceOrResistance + quarter(source.luck) + all + (b.bodilyDefense ?? 0),
  });
  const own = defenses(source.agility, source.smarts, source.endurance);
  const r = source.resistance;

  const maxHp = hpMax(source.classHp, source.endurance, source.hpGained, b.hp ?? 0);
  const death = deathAt(source.endurance);

  const armorPenalty = (source.armor ?? []).reduce((sum, a) => sum + Math.max(0, a.speedPenalty ?? 0), 0);
  const speedPenalty = armorPenalty + Math.max(0, source.speedLoss ?? 0);
  const afterArmor = Math.max(0, source.speed - speedPenalty);
  const speed = penalty.immobile ? 0 : penalty.halvesSpeed ? half(afterArmor) : afterArmor;

  const damage = (attribute: number) => formatPool(addPools(attributeDamage(attribute), b.damage ?? {}));

  return {
    hpMax: maxHp,
    deathAt: death,
    healthState: healthState(source.hp ?? maxHp, death),
    soak: Math.max(1, source.speciesSize + source.classSoak + (b.soak ?? 0)),
    ...own,
    vsSpells: defenses(r, r, r),
    initiativeBonus: initiativeBonus(source.agility),
    initiativeFormula: initiativeFormula(source.agility),
    physicalToHit: formatPool(addPools(keepPool(source.agility, half(source.agility)), b.physicalToHit ?? {})),
    magicalToHit: formatPool(addPools(keepPool(source.magic, half(source.magic)), b.magicalToHit ?? {})),
    damageBonus: { strength: damage(source.strength), agility: damage(source.agility), magic: damage(source.magic) },
    dodge: formatPool(addPools(dodgePool(source.agility, source.level), b.dodge ?? {})),
    ...(b.skills ? { skillBonus: { rolled: 0, kept: 0, flat: 0, ...b.skills } } : {}),
    luckRerolls: Math.max(0, half(source.luck) + (b.rerolls ?? 0)),
    attacksPerRound: source.attacksPerRound,
    carrying,
    encumbrance: load,
    deflection: deflectionByPart(source),
    speedPenalty,
    speed,
    run: speed * (armorPenalty > 0 ? 3 : 4),
    // A charge doubles speed in a straight line (it must cover at least 2 squares).
    charge: speed * 2,
    modifiers: ownModifiers,
  };
}
