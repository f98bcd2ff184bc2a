import {
  CELERITY_FLOOR,
  attributeDamageOf,
  impairmentEffects,
  impairmentsOf,
  paralysisEffects,
  petrificationEffects,
  type DamageableAttribute,
  type ImpairmentType,
} from "./afflictions";

/**
 * A Heroes of Destiny character's numbers as stored: the six attributes, the three defensive traits,
 * Accuracy and Power, the base Threshold of Pain, the size modifier and the three armor bonuses.
 * Missing or non-finite numbers count as 0, except `topBase` (3, every character's start).
 */
export interface HodSource {
  readonly strength?: number;
  readonly dexterity?: number;
  readonly constitution?: number;
  readonly intelligence?: number;
  readonly wisdom?: number;
  readonly persona?: number;
  readonly fortitude?: number;
  readonly agility?: number;
  readonly willpower?: number;
  readonly accuracy?: number;
  readonly power?: number;
  /** Base Threshold of Pain (3 to begin with, raised with AP). */
  readonly topBase?: number;
  /** Size modifier: 0 for Medium, positive for smaller creatures, negative for larger. */
  readonly size?: number;
  /** Worn armor's defense bonus. */
  readonly armor?: number;
  readonly shield?: number;
  readonly naturalArmor?: number;
  /** A deflection bonus (from spells): it raises Primary and Passive. */
  readonly deflection?: number;
  /** Damage reduction: what every hit's damage is lowered by, down to 0 (the hit still lowers the ToP). */
  readonly damageReduction?: number;
  /** Threshold of Pain from armor or effects: its own number, never the armor's defense bonus. */
  readonly topBonus?: number;
  /** Current HP (a number, or `{ value }` as stored). */
  readonly hp?: number | { readonly value?: number | null; readonly max?: number | null };
  readonly fatigue?: number;
  readonly invigoration?: number;
  readonly bonusHp?: number;
  /** Impairments, attribute damage, paralysis and petrification, not yet applied (afflictedSource applies them). */
  readonly afflictions?: HodAfflictions;
  /** Once they are applied: what paralysis and petrification do to Vigor and Celerity. */
  readonly slowed?: { readonly vigor: number; readonly celerity: number; readonly immobile: boolean };
  /** What Active Effects add to the defenses and the Threshold of Pain (HOD_BONUSES). */
  readonly bonuses?: Partial<HodBonuses>;
}

/**
 * The numbers an Active Effect may add to (`system.bonuses.<id>` on the actor): each defense, the
 * Threshold of Pain, every roll to hit and every damage roll, every action's speed factor and speed
 * class, every attribute check, every special action's skill roll, the Arcana checks to cast, the
 * running checks and the initiative. Stored at 0; only effects change them.
 */
export const HOD_BONUSES = [
  "primary",
  "passive",
  "vigor",
  "celerity",
  "spirit",
  "attack",
  "damage",
  "top",
  "speedFactor",
  "speedSteps",
  "check",
  "skill",
  "cast",
  "run",
  "initiative",
] as const;
export type HodBonus = (typeof HOD_BONUSES)[number];
export type HodBonuses = Readonly<Record<HodBonus, number>>;

/** Each bonus as a whole number (an effect's value may be a fraction or text: truncated; not a number: 0). */
export function bonusesOf(raw: unknown): HodBonuses {
  const given = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  return Object.fromEntries(
    HOD_BONUSES.map((id) => {
      const value = Number(given[id] ?? 0);
      return [id, Number.isFinite(value) ? Math.trunc(value) : 0];
    }),
  ) as HodBonuses;
}

/** What wears the character down (a HodSource's afflictions), as stored. */
export interface HodAfflictions {
  /** Impairments taken by damage type (the optional rule). */
  readonly impairments?: Partial<Record<ImpairmentType, number>>;
  /** Points each attribute is lowered by. */
  readonly attributeDamage?: Partial<Record<DamageableAttribute, number>>;
  readonly paralysis?: number;
  readonly petrification?: number;
}

/** The five defenses, the Threshold of Pain and the attack bonuses, from a HodSource. */
export interface HodDerived {
  readonly primary: number;
  readonly passive: number;
  readonly vigor: number;
  readonly celerity: number;
  readonly spirit: number;
  /** Full Threshold of Pain: base + Persona + ToP bonus (not lowered by hits). */
  readonly thresholdOfPain: number;
  /** What worn and natural armor add to Primary and Passive together. */
  readonly armorBonus: number;
  /** The best of Fortitude, Agility and Willpower, which Primary adds. */
  readonly bestTrait: number;
  /** To-hit bonus before the die, by what a weapon adds: Accuracy + attribute (+ size, not for spells). */
  readonly attack: {
    readonly strength: number;
    readonly dexterity: number;
    readonly unarmed: number;
    readonly spell: number;
  };
  /** HP as the fatigue comparisons count it: HP + Invigoration. */
  readonly currentHp: number;
  readonly fatigue: number;
}

/** Celerity with the penalties of paralysis and petrification, which cannot take it below 5. */
function penalised(celerity: number, penalty: number): number {
  return penalty < 0 ? Math.max(Math.min(celerity, CELERITY_FLOOR), celerity + penalty) : celerity;
}

/** A finite number, or `fallback`. */
export function num(value: unknown, fallback = 0): number {
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}

/**
 * Worn and natural armor together: the stronger counts fully and the weaker adds half its bonus (round
 * down, at least 1). When only one is present, it counts alone.
 */
export function combinedArmor(armor: number, naturalArmor: number): number {
  const worn = Math.max(0, armor);
  const natural = Math.max(0, naturalArmor);
  if (worn === 0 || natural === 0) return worn + natural;
  const stronger = Math.max(worn, natural);
  const weaker = Math.min(worn, natural);
  return stronger + Math.max(1, Math.floor(weaker / 2));
}

/** The source's current HP as a number (0 when unset). */
export function hpOf(hp: HodSource["hp"]): number {
  return typeof hp === "object" && hp !== null ? num(hp.value) : num(hp);
}

/**
 * The numbers as the character's afflictions leave them: attribute damage lowers its attribute;
 * impairments lower Fortitude, Willpower, Agility, Accuracy and Power; paralysis and petrification
 * lower every attack (through Accuracy), paralysis every damage roll (through Power), and what they
 * do to Vigor and Celerity is kept in `slowed` for `derive`. The afflictions are applied once: the
 * result carries none. Without afflictions, the source itself.
 */
export function afflictedSource(source: HodSource): HodSource {
  const a = source.afflictions;
  if (!a) return source;
  const damage = attributeDamageOf(a.attributeDamage);
  const impaired = impairmentEffects(impairmentsOf(a.impairments));
  const vigorBase = 10 + num(source.constitution) - damage.constitution + num(source.fortitude) + impaired.fortitude;
  const paralysis = paralysisEffects(num(a.paralysis), vigorBase);
  const petrification = petrificationEffects(num(a.petrification));
  const lowered = (key: DamageableAttribute) => num(source[key]) - damage[key];
  return {
    ...source,
    afflictions: undefined,
    slowed: {
      vigor: petrification.vigor,
      celerity: paralysis.celerity + petrification.celerity,
      immobile: paralysis.immobile || petrification.full,
    },
    strength: lowered("strength"),
    dexterity: lowered("dexterity"),
    constitution: lowered("constitution"),
    intelligence: lowered("intelligence"),
    wisdom: lowered("wisdom"),
    persona: lowered("persona"),
    fortitude: num(source.fortitude) + impaired.fortitude,
    willpower: num(source.willpower) + impaired.willpower,
    agility: num(source.agility) + impaired.agility,
    accuracy: num(source.accuracy) + impaired.accuracy + paralysis.hit + petrification.hit,
    power: num(source.power) + impaired.power + paralysis.damage,
  };
}

/** What a 3d6 attribute check adds to the dice: the attribute, and what effects add to every check. */
export function checkBonus(source: HodSource, attribute: keyof HodSource): number {
  return num(source[attribute]) + bonusesOf(source.bonuses).check;
}

/**
 * What an Arcana check to cast adds to 3d6: Intelligence (Constitution for the check a grabbed caster
 * makes first) and what effects add to casting (`system.bonuses.cast`).
 */
export function castBonus(source: HodSource, attribute: "intelligence" | "constitution" = "intelligence"): number {
  return num(source[attribute]) + bonusesOf(source.bonuses).cast;
}

/**
 * What a runner's checks add to 3d6 before the dialog's modifier: the endurance check's Athletics (Con)
 * less the penalty earlier checks left, the sprint's Athletics (Str), each with what effects add to
 * running (`system.bonuses.run`).
 */
export function runCheckBonuses(source: HodSource, penalty: number): { endurance: number; sprint: number } {
  const run = bonusesOf(source.bonuses).run;
  return { endurance: num(source.constitution) - penalty + run, sprint: num(source.strength) + run };
}

/** Everything a Heroes of Destiny sheet shows that is computed rather than stored. */
export function derive(raw: HodSource): HodDerived {
  const source = afflictedSource(raw);
  const s = (key: keyof HodSource) => num(source[key]);
  const size = s("size");
  const armorBonus = combinedArmor(s("armor"), s("naturalArmor"));
  const bestTrait = Math.max(s("fortitude"), s("agility"), s("willpower"));
  const accuracy = s("accuracy");
  const deflection = Math.max(0, s("deflection"));
  const slowed = source.slowed ?? { vigor: 0, celerity: 0, immobile: false };
  const bonus = bonusesOf(source.bonuses);
  return {
    primary: 10 + armorBonus + s("shield") + size + bestTrait + deflection + bonus.primary,
    passive: 10 + armorBonus + size + deflection + bonus.passive,
    vigor: 10 + s("constitution") + s("fortitude") + slowed.vigor + bonus.vigor,
    // An immobile actor's Celerity is 5, whatever raises it.
    celerity: slowed.immobile
      ? CELERITY_FLOOR
      : penalised(10 + s("dexterity") + s("agility"), slowed.celerity) + bonus.celerity,
    spirit: 10 + s("wisdom") + s("willpower") + bonus.spirit,
    thresholdOfPain: num(source.topBase, 3) + s("persona") + s("topBonus") + bonus.top,
    armorBonus,
    bestTrait,
    attack: {
      strength: accuracy + s("strength") + size,
      dexterity: accuracy + s("dexterity") + size,
      unarmed: accuracy + Math.max(s("strength"), s("dexterity")) + size,
      spell: accuracy + s("intelligence"),
    },
    currentHp: hpOf(source.hp) + s("invigoration"),
    fatigue: s("fatigue"),
  };
}
