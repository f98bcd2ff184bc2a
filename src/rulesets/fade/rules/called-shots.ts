import type { FadeNegation } from "./apply-damage";
import type { BodyPart } from "./body-parts";
import type { PoolBonus } from "./pool";

/** The area a called shot aims at; left and right limbs share their effects. */
export type CalledShotArea = "head" | "arm" | "body" | "leg";

export const AREA_OF_PART: Readonly<Record<BodyPart, CalledShotArea>> = Object.freeze({
  head: "head",
  rightArm: "arm",
  leftArm: "arm",
  body: "body",
  rightLeg: "leg",
  leftLeg: "leg",
});

/** What a called shot that lands does to the target, as data a chat card or an effect can read. */
export interface CalledShotEffect {
  readonly area: CalledShotArea;
  readonly critical: boolean;
  /** i18n key of the effect's description. */
  readonly key: string;
  /** Rounds dazed, then rounds staggered after it. */
  readonly dazedRounds?: number;
  readonly staggeredRounds?: number;
  /** The target lets go of what the arm holds. */
  readonly dropItem?: boolean;
  /** The limb is cut off. */
  readonly severs?: boolean;
  /** The part cut off: the part the hit landed on (set by `calledShotEffect` for a severing effect). */
  readonly severedPart?: BodyPart;
  /** Penalty to the target's attacks, and for how many rounds. */
  readonly attackPenalty?: PoolBonus;
  readonly attackPenaltyRounds?: number;
  /** Bleed damage each round, for `bleedRounds` rounds: a fixed number or a formula rolled when inflicted. */
  readonly bleed?: number | string;
  readonly bleedRounds?: number;
  /** Squares of land speed lost; `permanent` when it never heals (a severed leg). */
  readonly speedLoss?: number;
  readonly permanent?: boolean;
}

/** The called-shot effects of each area, on a hit and on a critical hit. */
export const CALLED_SHOT_EFFECTS: Readonly<
  Record<CalledShotArea, { readonly hit: CalledShotEffect; readonly critical: CalledShotEffect }>
> = Object.freeze({
  head: {
    hit: { area: "head", critical: false, key: "ANTHOLOGY.Fade.CalledShot.head", staggeredRounds: 1 },
    critical: {
      area: "head",
      critical: true,
      key: "ANTHOLOGY.Fade.CalledShot.headCritical",
      dazedRounds: 1,
      staggeredRounds: 1,
    },
  },
  arm: {
    hit: {
      area: "arm",
      critical: false,
      key: "ANTHOLOGY.Fade.CalledShot.arm",
      dropItem: true,
      attackPenalty: { rolled: -1 },
      attackPenaltyRounds: 1,
    },
    critical: {
      area: "arm",
      critical: true,
      key: "ANTHOLOGY.Fade.CalledShot.armCritical",
      severs: true,
      attackPenalty: { rolled: -2 },
      attackPenaltyRounds: 1,
    },
  },
  body: {
    hit: { area: "body", critical: false, key: "ANTHOLOGY.Fade.CalledShot.body", bleed: 2, bleedRounds: 2 },
    critical: {
      area: "body",
      critical: true,
      key: "ANTHOLOGY.Fade.CalledShot.bodyCritical",
      bleed: "1d5+2",
      bleedRounds: 2,
    },
  },
  leg: {
    hit: { area: "leg", critical: false, key: "ANTHOLOGY.Fade.CalledShot.leg", speedLoss: 2 },
    critical: {
      area: "leg",
      critical: true,
      key: "ANTHOLOGY.Fade.CalledShot.legCritical",
      severs: true,
      speedLoss: 2,
      permanent: true,
    },
  },
});

/**
 * The effect a hit on `part` has. Only a called shot has one (a critical on a randomly rolled part has
 * none), and none when Deflection took the damage to 0, critical or not. A severing effect carries
 * `severedPart`: the part the hit landed on.
 */
export function calledShotEffect(hit: {
  readonly part: BodyPart;
  readonly calledShot: boolean;
  /** Critical-hit effects trigger: a critical hit, or a coup de grace (see applyDamage's `criticalEffects`). */
  readonly criticalEffects: boolean;
  /** What negated the damage (applyDamage's `negatedBy`). */
  readonly negatedBy?: FadeNegation | null;
}): CalledShotEffect | null {
  if (!hit.calledShot || hit.negatedBy === "deflection") return null;
  const effects = CALLED_SHOT_EFFECTS[AREA_OF_PART[hit.part]];
  const effect = hit.criticalEffects ? effects.critical : effects.hit;
  // A severing effect names the very part it severs (the left arm, not "an arm").
  return effect.severs ? { ...effect, severedPart: hit.part } : effect;
}
