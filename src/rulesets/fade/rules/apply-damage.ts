import { labelKeys } from "../../common";
import { energyResponse, type EnergyProfile } from "./energy";

/** The steps of resolving one hit, in the order they apply. */
export const DAMAGE_STEPS = Object.freeze([
  "deflection",
  "immunity",
  "resistance",
  "weakness",
  "critical",
  "coupDeGrace",
  "soak",
  "absorption",
] as const);

export type FadeDamageStepId = (typeof DAMAGE_STEPS)[number];

export const DAMAGE_STEP_KEYS = labelKeys("ANTHOLOGY.Fade.Damage.Step", DAMAGE_STEPS);

/** What stopped a hit before it reached Soak. */
export type FadeNegation = "deflection" | "immunity" | "resistance";

export const NEGATION_KEYS: Readonly<Record<FadeNegation, string>> = labelKeys("ANTHOLOGY.Fade.Damage.Negated", [
  "deflection",
  "immunity",
  "resistance",
]);

/** One line of the damage card: the damage before and after the step, and the numbers the line names. */
export interface FadeDamageStep {
  readonly step: FadeDamageStepId;
  readonly before: number;
  readonly after: number;
  /** i18n key of the line; its placeholders are the keys of `data`. */
  readonly key: string;
  readonly data: Readonly<Record<string, string>>;
}

/** One hit against one body part of one target. */
export interface FadeDamageInput {
  /** The damage roll's total. */
  readonly damage: number;
  /** The weapon's Penetration: lowers the part's Deflection, never below 0. */
  readonly penetration?: number;
  /** The Deflection of the body part hit (see `derive(...).deflection`). */
  readonly deflection?: number;
  /** The target's Soak; below 1 counts as 1. */
  readonly soak: number;
  /** The attack was a critical hit: the damage is doubled before Soak. */
  readonly critical?: boolean;
  /** A coup de grace: Soak counts as 1 and the damage is not doubled, but critical-hit effects trigger. */
  readonly coupDeGrace?: boolean;
  /** Damage type (fire, holy, ...), matched against the target's energy profile; untyped when absent. */
  readonly damageType?: string;
  /** The target's Resistances, Immunities, Absorptions and Weaknesses. */
  readonly energy?: EnergyProfile;
}

export interface FadeDamageResult {
  /** HP the target loses, never negative. */
  readonly hpLoss: number;
  /** HP the target regains by absorbing the damage, never negative. */
  readonly hpGain: number;
  /** The signed change to apply to current HP: hpGain - hpLoss. */
  readonly hpChange: number;
  /** What reduced the damage to 0 before Soak, or null. A called shot's effect is lost only to Deflection. */
  readonly negatedBy: FadeNegation | null;
  /** Effects that trigger on a critical hit trigger (a critical hit, or any coup de grace). */
  readonly criticalEffects: boolean;
  readonly steps: readonly FadeDamageStep[];
}

const whole = (n: number | undefined) => Math.max(0, Math.floor(n ?? 0));

/**
 * Resolves one hit: the part's Deflection less Penetration comes off the damage (0 or less: negated),
 * then the target's Immunity, Resistance and Weakness for the damage type, then a critical doubles,
 * then the damage is divided by Soak, rounding down. Absorption turns that final number into healing.
 */
export function applyDamage(input: FadeDamageInput): FadeDamageResult {
  const steps: FadeDamageStep[] = [];
  const step = (id: FadeDamageStepId, before: number, after: number, data: Record<string, string> = {}) =>
    steps.push({ step: id, before, after, key: DAMAGE_STEP_KEYS[id], data });
  const coupDeGrace = input.coupDeGrace === true;
  const criticalEffects = coupDeGrace || input.critical === true;
  const done = (hpLoss: number, hpGain: number, negatedBy: FadeNegation | null): FadeDamageResult => ({
    hpLoss,
    hpGain,
    hpChange: hpGain - hpLoss,
    negatedBy,
    criticalEffects,
    steps,
  });

  let damage = whole(input.damage);
  const deflection = whole(input.deflection);
  const penetration = whole(input.penetration);
  const effective = Math.max(0, deflection - penetration);
  const afterDeflection = Math.max(0, damage - effective);
  step("deflection", damage, afterDeflection, {
    deflection: String(deflection),
    penetration: String(penetration),
    effective: String(effective),
  });
  if (afterDeflection === 0) return done(0, 0, damage > 0 ? "deflection" : null);
  damage = afterDeflection;

  const type = input.damageType?.trim() ?? "";
  const energy = energyResponse(input.energy, type);
  // Absorption outranks Immunity, Resistance and Weakness: the hit is resolved plainly, then heals.
  if (!energy.absorbs) {
    if (energy.immune) {
      step("immunity", damage, 0, { type });
      return done(0, 0, "immunity");
    }
    if (energy.resistance > 0) {
      const after = Math.max(0, damage - energy.resistance);
      step("resistance", damage, after, { type, resistance: String(energy.resistance) });
      if (after === 0) return done(0, 0, "resistance");
      damage = after;
    }
    if (energy.weak) {
      step("weakness", damage, damage * 2, { type });
      damage *= 2;
    }
  }

  if (input.critical === true && !coupDeGrace) {
    step("critical", damage, damage * 2);
    damage *= 2;
  }

  const soak = Math.max(1, Math.floor(input.soak));
  const divisor = coupDeGrace ? 1 : soak;
  const dealt = Math.floor(damage / divisor);
  step(coupDeGrace ? "coupDeGrace" : "soak", damage, dealt, { soak: String(divisor), targetSoak: String(soak) });

  if (energy.absorbs) {
    step("absorption", dealt, 0, { type, healed: String(dealt) });
    return done(0, dealt, null);
  }
  return done(dealt, 0, null);
}
