import type { CalledShotEffect } from "./called-shots";

/** The Fade's conditions, as Foundry status effects (token HUD icons and Active Effects). */
export const FADE_STATUSES = Object.freeze([
  { id: "fade-staggered", name: "ANTHOLOGY.Fade.Status.staggered", img: "icons/svg/daze.svg" },
  { id: "fade-dazed", name: "ANTHOLOGY.Fade.Status.dazed", img: "icons/svg/stoned.svg" },
  { id: "fade-bleeding", name: "ANTHOLOGY.Fade.Status.bleeding", img: "icons/svg/blood.svg" },
  { id: "fade-arm-wounded", name: "ANTHOLOGY.Fade.Status.armWounded", img: "icons/svg/sword.svg" },
  { id: "fade-arm-severed", name: "ANTHOLOGY.Fade.Status.armSevered", img: "icons/svg/bones.svg" },
  { id: "fade-arm-severing", name: "ANTHOLOGY.Fade.Status.armSevering", img: "icons/svg/sword.svg" },
  { id: "fade-leg-wounded", name: "ANTHOLOGY.Fade.Status.legWounded", img: "icons/svg/falling.svg" },
  { id: "fade-leg-severed", name: "ANTHOLOGY.Fade.Status.legSevered", img: "icons/svg/bones.svg" },
  { id: "fade-critical-failure", name: "ANTHOLOGY.Fade.Status.criticalFailure", img: "icons/svg/downgrade.svg" },
  { id: "fade-charging", name: "ANTHOLOGY.Fade.Status.charging", img: "icons/svg/wingfoot.svg" },
  { id: "fade-dodging", name: "ANTHOLOGY.Fade.Status.dodging", img: "icons/svg/shield.svg" },
  { id: "fade-withdrawing", name: "ANTHOLOGY.Fade.Status.withdrawing", img: "icons/svg/wingfoot.svg" },
] as const);

export type FadeStatusId = (typeof FADE_STATUSES)[number]["id"];

/** The modifier of the roll dialog each status turns on for its bearer's attacks. */
export const STATUS_MODIFIERS: Readonly<Partial<Record<FadeStatusId, "criticalFailure" | "armHit" | "armSevered">>> =
  Object.freeze({
    "fade-critical-failure": "criticalFailure",
    "fade-arm-wounded": "armHit",
    "fade-arm-severing": "armSevered",
  });

/** One Active Effect to put on the target: which status, for how long, and what it changes. */
export interface StatusEffectPlan {
  readonly status: FadeStatusId;
  /** Rounds it lasts; absent: until removed (a severed limb, a leg wound). */
  readonly rounds?: number;
  /** Squares of land speed it takes (the actor's `speedLoss`). */
  readonly speedLoss?: number;
  /** Bleed damage a round, when it bleeds. */
  readonly bleed?: number | string;
  /** i18n key of the effect's description (the called shot's effect). */
  readonly key: string;
}

/**
 * The status effects a called shot's effect becomes. The text's "dazed 1 round, then staggered 1
 * round" starts both now, staggered lasting a round longer; bleeding ticks on its bearer's turns (the
 * combat hook, with bleedTick); a severed arm or leg is recorded until the effect is removed (with
 * the severed arm's -2k0 for its round beside it), and a leg's speed loss lasts as long.
 */
export function calledShotStatuses(effect: CalledShotEffect): StatusEffectPlan[] {
  const key = effect.key;
  switch (effect.area) {
    case "head":
      return effect.dazedRounds
        ? [
            { status: "fade-dazed", rounds: effect.dazedRounds, key },
            { status: "fade-staggered", rounds: effect.dazedRounds + (effect.staggeredRounds ?? 0), key },
          ]
        : [{ status: "fade-staggered", rounds: effect.staggeredRounds ?? 1, key }];
    case "arm":
      // The attack penalty lasts its rounds, as the rules' data says; a severed arm stays lost until
      // removed (its record makes hit locations that land on it roll again).
      return effect.severs
        ? [
            { status: "fade-arm-severed", key },
            { status: "fade-arm-severing", rounds: effect.attackPenaltyRounds ?? 1, key },
          ]
        : [{ status: "fade-arm-wounded", rounds: effect.attackPenaltyRounds ?? 1, key }];
    case "body":
      return [{ status: "fade-bleeding", rounds: effect.bleedRounds ?? 2, bleed: effect.bleed ?? 0, key }];
    case "leg":
      return [
        {
          status: effect.severs ? "fade-leg-severed" : "fade-leg-wounded",
          speedLoss: effect.speedLoss ?? 2,
          key,
        },
      ];
  }
}

/** A critical failure's penalty as a status: -2k0 on every check of the bearer's next turn (one round). */
export const CRITICAL_FAILURE_STATUS: StatusEffectPlan = Object.freeze({
  status: "fade-critical-failure",
  rounds: 1,
  key: "ANTHOLOGY.Fade.Modifier.criticalFailure",
});

/** The roll dialog's modifiers a bearer's statuses turn on (a critical failure, a wounded or severed arm). */
export function statusModifiers(statuses: Iterable<string> = []): Array<"criticalFailure" | "armHit" | "armSevered"> {
  const on = new Set<"criticalFailure" | "armHit" | "armSevered">();
  for (const status of statuses) {
    const modifier = STATUS_MODIFIERS[status as FadeStatusId];
    if (modifier) on.add(modifier);
  }
  return [...on];
}

/** A charge leaves the charger open: -2 Defense and Avoid until the end of its next turn (one round). */
export const CHARGE_STATUS: StatusEffectPlan = Object.freeze({
  status: "fade-charging",
  rounds: 1,
  key: "ANTHOLOGY.Fade.Modifier.charge",
});

/** The modifiers a bearer's statuses put on its own numbers (derive's `source.modifiers`). */
export function ownModifiers(statuses: Iterable<string> = []): Array<"charge"> {
  return [...statuses].includes(CHARGE_STATUS.status) ? ["charge"] : [];
}

/**
 * When, in its bearer's turn, a status with a duration in rounds ends: one that lasts `rounds` rounds
 * from round R ends with its bearer's turn in round R + rounds ("until the end of the next turn" for
 * one round; a withdrawal's 0 rounds end with the withdrawing turn).
 */
export const STATUS_ENDS = "turnEnd" as const;

/**
 * A dodge or parry, declared before the attack it meets: its roll adds to the Defense or Avoid of
 * the next attack judged against the bearer. One a turn: the status stays (used or not) until the
 * end of its bearer's next turn, and no second dodge is rolled while it lasts.
 */
export const DODGE_STATUS: StatusEffectPlan = Object.freeze({
  status: "fade-dodging",
  rounds: 1,
  key: "ANTHOLOGY.Fade.Status.dodgingNote",
});

/** A withdrawal: immune to attacks of opportunity until the end of the withdrawing turn. */
export const WITHDRAW_STATUS: StatusEffectPlan = Object.freeze({
  status: "fade-withdrawing",
  rounds: 0,
  key: "ANTHOLOGY.Fade.Turn.withdrawNote",
});
