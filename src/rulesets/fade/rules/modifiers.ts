import { addPools, formatPool, type KeepPool, type PoolBonus } from "./pool";

/** The situational modifiers the text names. */
export const MODIFIER_IDS = Object.freeze([
  "flanking",
  "calledShot",
  "charge",
  "twoHanding",
  "criticalFailure",
  "armHit",
  "armSevered",
] as const);

export type FadeModifierId = (typeof MODIFIER_IDS)[number];

/** What a modifier changes: the attack roll, the damage roll, and the modified character's own defenses. */
export interface FadeModifier {
  readonly id: FadeModifierId;
  readonly key: string;
  readonly toHit?: PoolBonus;
  readonly damage?: PoolBonus;
  /** Added to the character's own Defense and Avoid while it lasts (a charge lowers them). */
  readonly defenseAndAvoid?: number;
  /** Rounds it lasts, when the text says. */
  readonly rounds?: number;
  /** A called shot needs a body part. */
  readonly needsLocation?: boolean;
}

export const MODIFIERS: Readonly<Record<FadeModifierId, FadeModifier>> = Object.freeze({
  /** Two attackers on opposite sides of the target each gain +1k0 to hit. */
  flanking: { id: "flanking", key: "ANTHOLOGY.Fade.Modifier.flanking", toHit: { rolled: 1 } },
  /** -2k0 to hit, aimed at one body part. */
  calledShot: {
    id: "calledShot",
    key: "ANTHOLOGY.Fade.Modifier.calledShot",
    toHit: { rolled: -2 },
    needsLocation: true,
  },
  /** +2 to hit and damage; -2 to the charger's Defense and Avoid until the end of their next turn. */
  charge: {
    id: "charge",
    key: "ANTHOLOGY.Fade.Modifier.charge",
    toHit: { flat: 2 },
    damage: { flat: 2 },
    defenseAndAvoid: -2,
    rounds: 1,
  },
  /** A one-handed weapon held in two hands deals +1k0 (two-handed weapons have it built in). */
  twoHanding: { id: "twoHanding", key: "ANTHOLOGY.Fade.Modifier.twoHanding", damage: { rolled: 1 } },
  /** After a critical failure: -2k0 to every check on the next turn. */
  criticalFailure: {
    id: "criticalFailure",
    key: "ANTHOLOGY.Fade.Modifier.criticalFailure",
    toHit: { rolled: -2 },
    rounds: 1,
  },
  /** Hit by a called shot to the arm: -1k0 to attacks for a round. */
  armHit: { id: "armHit", key: "ANTHOLOGY.Fade.Modifier.armHit", toHit: { rolled: -1 }, rounds: 1 },
  /** Arm severed by a critical called shot: -2k0 to attacks for a round. */
  armSevered: { id: "armSevered", key: "ANTHOLOGY.Fade.Modifier.armSevered", toHit: { rolled: -2 }, rounds: 1 },
});

/**
 * Applies modifiers to a pool: named ones by id (their part for the roll in question) and ad-hoc
 * bonuses as they are (+1k1 extra kept dice, -1k0, +3). Returns the pool in keep notation; a pool
 * driven to zero or fewer dice is left to the dice engine's Negative Dice.
 */
export function applyModifiers(
  pool: KeepPool | string,
  modifiers: ReadonlyArray<FadeModifierId | PoolBonus>,
  roll: "toHit" | "damage" = "toHit",
): string {
  const bonuses = modifiers.map((m) => (typeof m === "string" ? (MODIFIERS[m][roll] ?? {}) : m));
  return formatPool(addPools(pool, ...bonuses));
}
