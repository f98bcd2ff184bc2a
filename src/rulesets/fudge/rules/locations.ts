/**
 * Where a FUDGE blow lands (fudge.txt, Yoki's combat): the parts of the body the tables name, the
 * minimum relative degree an aimed blow needs, and the attack-type table read on 4dF (high, low,
 * shot and brawl). The random table (melee and ranged) is `hitLocation` in play.ts.
 */

/** Every part a table or an aimed blow names (the random table's sided limbs, the attack types' words). */
export const BODY_PARTS = Object.freeze([
  "head",
  "leftArm",
  "leftLeg",
  "torso",
  "abdomen",
  "rightArm",
  "rightLeg",
  "chest",
  "arm",
  "leg",
  "hand",
  "foot",
  "groin",
  "eye",
  "ear",
  "finger",
] as const);
export type BodyPart = (typeof BODY_PARTS)[number];

/**
 * "Minimum relative degree needed to hit": +1 torso, abdomen, legs, arms; +2 a specific leg or arm,
 * groin; +3 head, hand, foot; +4 eye, ear, finger. The parts a blow may be aimed at, in that order.
 */
export const AIM_DEGREE = Object.freeze({
  torso: 1,
  abdomen: 1,
  arm: 1,
  leg: 1,
  leftArm: 2,
  rightArm: 2,
  leftLeg: 2,
  rightLeg: 2,
  groin: 2,
  head: 3,
  hand: 3,
  foot: 3,
  eye: 4,
  ear: 4,
  finger: 4,
} as const);
export type AimPart = keyof typeof AIM_DEGREE;
export const AIM_PARTS = Object.freeze(Object.keys(AIM_DEGREE) as AimPart[]);

/** The relative degree a blow aimed at `part` needs to hit (1, an ordinary hit, when not aimed). */
export function aimDegree(part: AimPart | null | undefined): number {
  if (part === null || part === undefined) return 1;
  const needed = Object.hasOwn(AIM_DEGREE, part) ? AIM_DEGREE[part] : undefined;
  if (needed === undefined) throw new RangeError(`Not a part a FUDGE blow is aimed at: ${String(part)}`);
  return needed;
}

const P = {
  abs: "abdomen",
  arm: "arm",
  chest: "chest",
  foot: "foot",
  groin: "groin",
  hand: "hand",
  head: "head",
  leg: "leg",
} as const satisfies Record<string, BodyPart>;

/**
 * The attack-type table: for each kind of blow, where 4dF lands it, from +4 down to −4 (the text's
 * columns in order).
 */
export const ATTACK_TYPE_TABLE = Object.freeze({
  highChop: [P.abs, P.hand, P.arm, P.chest, P.head, P.chest, P.arm, P.hand, P.abs],
  highSwing: [P.groin, P.hand, P.arm, P.head, P.chest, P.abs, P.arm, P.hand, P.groin],
  highThrust: [P.head, P.hand, P.abs, P.chest, P.arm, P.chest, P.abs, P.groin, P.head],
  lowSwing: [P.abs, P.groin, P.foot, P.leg, P.leg, P.leg, P.foot, P.groin, P.abs],
  lowThrust: [P.foot, P.leg, P.groin, P.leg, P.leg, P.leg, P.groin, P.leg, P.foot],
  shotHighClose: [P.hand, P.head, P.abs, P.chest, P.arm, P.chest, P.abs, P.head, P.hand],
  shotLowClose: [P.foot, P.leg, P.groin, P.leg, P.leg, P.leg, P.groin, P.leg, P.foot],
  shotLong: [P.foot, P.groin, P.chest, P.arm, P.abs, P.leg, P.chest, P.head, P.hand],
  brawlHighSwing: [P.hand, P.abs, P.arm, P.chest, P.head, P.chest, P.arm, P.abs, P.hand],
  brawlLowSwing: [P.arm, P.chest, P.groin, P.abs, P.abs, P.abs, P.groin, P.chest, P.arm],
  brawlJab: [P.arm, P.head, P.abs, P.chest, P.head, P.chest, P.abs, P.head, P.arm],
  brawlKick: [P.foot, P.leg, P.groin, P.leg, P.leg, P.leg, P.groin, P.leg, P.foot],
  brawlHold: [P.foot, P.leg, P.arm, P.chest, P.head, P.abs, P.arm, P.leg, P.hand],
} as const satisfies Record<string, readonly BodyPart[]>);
export type AttackType = keyof typeof ATTACK_TYPE_TABLE;
export const ATTACK_TYPES = Object.freeze(Object.keys(ATTACK_TYPE_TABLE) as AttackType[]);

/** The table's four groups, for the dialog and the journal: which attack types each holds. */
export const ATTACK_TYPE_GROUPS = Object.freeze({
  high: ["highChop", "highSwing", "highThrust"],
  low: ["lowSwing", "lowThrust"],
  shot: ["shotHighClose", "shotLowClose", "shotLong"],
  brawl: ["brawlHighSwing", "brawlLowSwing", "brawlJab", "brawlKick", "brawlHold"],
} as const satisfies Record<string, readonly AttackType[]>);

/** Where a blow of this attack type lands on a 4dF sum (−4 to +4). */
export function attackTypeLocation(type: AttackType, sum: number): BodyPart {
  const row = Object.hasOwn(ATTACK_TYPE_TABLE, type) ? ATTACK_TYPE_TABLE[type] : undefined;
  if (!row) throw new RangeError(`Not a FUDGE attack type: ${String(type)}`);
  if (!Number.isInteger(sum) || sum < -4 || sum > 4) throw new RangeError("4dF sums run from −4 to +4");
  return row[4 - sum]!;
}
