import { applyDamage, type FadeDamageResult } from "./apply-damage";
import type { BodyPart } from "./body-parts";
import { calledShotEffect, type CalledShotEffect } from "./called-shots";
import type { FadeDerived } from "./derive";
import type { EnergyProfile } from "./energy";
import { healUpTo, healthState, type HealthState } from "./health";
import { calledShotStatuses, type StatusEffectPlan } from "./statuses";

/** One hit on one target, as the apply works it out: from the rolls, the weapon and the target as it is now. */
export interface FadeHitInput {
  /** The damage roll's total. */
  readonly damage: number;
  readonly part: BodyPart;
  /** The attacker declared a called shot on that part (with its -2k0): only then has the hit an effect. */
  readonly calledShot: boolean;
  /** The attack was a critical hit (doubles before Soak). */
  readonly critical: boolean;
  readonly coupDeGrace: boolean;
  readonly penetration: number;
  readonly damageType: string;
  readonly target: {
    readonly derived: Pick<FadeDerived, "deflection" | "soak" | "deathAt" | "hpMax">;
    readonly energy?: EnergyProfile;
    /** Current HP. */
    readonly hp: number;
  };
}

/** What the hit does: every damage step, the HP after it, the health state, and the called shot's effect. */
export interface FadeHit {
  readonly damage: FadeDamageResult;
  readonly hpBefore: number;
  readonly hpAfter: number;
  readonly healthState: HealthState;
  readonly effect: CalledShotEffect | null;
  /** The statuses the effect becomes (with their durations). */
  readonly statuses: readonly StatusEffectPlan[];
}

/**
 * Resolves one hit on a target: Deflection of the part less Penetration, energy, critical, Soak (see
 * applyDamage), the HP it leaves and what that means, and a declared called shot's effect unless
 * Deflection took the damage to 0. Absorbed damage heals up to the target's maximum HP, no further.
 */
export function resolveHit(input: FadeHitInput): FadeHit {
  const derived = input.target.derived;
  const applied = applyDamage({
    damage: input.damage,
    penetration: input.penetration,
    deflection: derived.deflection[input.part],
    soak: derived.soak,
    critical: input.critical,
    coupDeGrace: input.coupDeGrace,
    damageType: input.damageType,
    energy: input.target.energy,
  });
  const damage = capAbsorption(applied, input.target.hp, derived.hpMax);
  const hpAfter = input.target.hp + damage.hpChange;
  const effect = calledShotEffect({
    part: input.part,
    calledShot: input.calledShot,
    criticalEffects: damage.criticalEffects,
    negatedBy: damage.negatedBy,
  });
  return {
    damage,
    hpBefore: input.target.hp,
    hpAfter,
    healthState: healthState(hpAfter, derived.deathAt),
    effect,
    statuses: effect ? calledShotStatuses(effect) : [],
  };
}

/** Absorption heals up to the maximum: the gain is cut to what the target lacks, and its line says so. */
function capAbsorption(damage: FadeDamageResult, hp: number, max: number): FadeDamageResult {
  if (damage.hpGain <= 0) return damage;
  const { healed } = healUpTo(hp, damage.hpGain, max);
  if (healed === damage.hpGain) return damage;
  return {
    ...damage,
    hpGain: healed,
    hpChange: healed - damage.hpLoss,
    steps: damage.steps.map((s) =>
      s.step === "absorption"
        ? {
            ...s,
            key: ABSORPTION_CAPPED_KEY,
            data: { ...s.data, absorbed: String(damage.hpGain), healed: String(healed), max: String(max) },
          }
        : s,
    ),
  };
}

/** The absorption line when the maximum HP cut the healing. */
export const ABSORPTION_CAPPED_KEY = "ANTHOLOGY.Fade.Damage.Step.absorptionCapped";
