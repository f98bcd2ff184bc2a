/**
 * The text's goal and Defense modifier charts as data: goal bonuses and penalties, perception,
 * conditional goal modifiers, physical obstacles, movement, the basic fight and firearms actions, and
 * the conditional Defense modifiers. Each entry is an id and its numbers; labels live in lang/en.json.
 */

/** The goal bonus and penalty charts in one scale, easiest first (standard is no modifier). */
export const GOAL_LEVELS = Object.freeze([
  { id: "effortless", goal: 10 },
  { id: "childsPlay", goal: 8 },
  { id: "pieceOfCake", goal: 6 },
  { id: "easy", goal: 4 },
  { id: "natural", goal: 2 },
  { id: "standard", goal: 0 },
  { id: "hard", goal: -2 },
  { id: "demanding", goal: -4 },
  { id: "tough", goal: -6 },
  { id: "severe", goal: -8 },
  { id: "herculean", goal: -10 },
] as const);
export type GoalLevel = (typeof GOAL_LEVELS)[number]["id"];

/** Perception modifiers, split into what is seen and what is heard (one of each may apply). */
export const SIGHT = Object.freeze([
  { id: "none", goal: 0 },
  { id: "wellLit", goal: 2 },
  { id: "moonlit", goal: -2 },
  { id: "fog", goal: -4 },
  { id: "darkness", goal: -6 },
  { id: "bright", goal: -2 },
  { id: "blinding", goal: -4 },
] as const);
export type Sight = (typeof SIGHT)[number]["id"];

export const SOUND = Object.freeze([
  { id: "none", goal: 0 },
  { id: "silent", goal: 2 },
  { id: "loud", goal: -2 },
  { id: "veryLoud", goal: -4 },
] as const);
export type Sound = (typeof SOUND)[number]["id"];

/** Conditional goal modifiers, each on or off. */
export const CONDITIONS = Object.freeze([
  { id: "offHand", goal: -4 },
  { id: "movingPlatform", goal: -4 },
  { id: "drawing", goal: -2 },
  { id: "untrained", goal: -2 },
  { id: "slippery", goal: -2 },
] as const);
export type Condition = (typeof CONDITIONS)[number]["id"];

/** A called shot: −2 to −6 as the GM rules. */
export const CALLED_SHOT = Object.freeze([0, -2, -4, -6] as const);

/** The attacker's own cover (physical obstacles): firing from behind it costs goal. */
export const OWN_COVER = Object.freeze([
  { id: "none", goal: 0 },
  { id: "partial", goal: -2 },
  { id: "full", goal: -4 },
] as const);
export type OwnCover = (typeof OWN_COVER)[number]["id"];

/** A Fight or Melee attack made from the ground. */
export const FROM_GROUND = -2;

/**
 * The movement chart: the goal it costs, and the mover's own Defense change. A charge is a rush into
 * melee: its +2 counts on melee (and unarmed) attacks only (`moveFor`).
 */
export const MOVES = Object.freeze([
  { id: "none", goal: 0, defense: 0 },
  { id: "splitMove", goal: -2, defense: 0 },
  { id: "run", goal: -4, defense: -2 },
  { id: "charge", goal: 2, defense: -2 },
  { id: "kneelStand", goal: -2, defense: 0 },
] as const);
export type Move = (typeof MOVES)[number]["id"];

/**
 * The basic fight actions: goal modifier, damage (null: 2 unarmed, or the weapon's) and what is rolled
 * ("weapon": Dexterity + the weapon's Fight or Melee with its goal modifier; "fight": Dexterity + Fight,
 * the weapon set aside). Knockdown's DMG 0 is flat: no Strength bonus or stance adds to it.
 */
export const FIGHT_ACTIONS = Object.freeze([
  { id: "strike", goal: 0, damage: null, roll: "weapon" },
  { id: "grapple", goal: 0, damage: 2, roll: "fight" },
  { id: "knockdown", goal: 0, damage: 0, roll: "fight" },
  { id: "disarm", goal: -4, damage: null, roll: "weapon" },
  { id: "knockOut", goal: -4, damage: null, roll: "weapon" },
] as const);
export type FightAction = (typeof FIGHT_ACTIONS)[number]["id"];

/** Unarmed damage (Strike, Disarm and Knock Out without a weapon). */
export const UNARMED_DAMAGE = 2;

/** The basic firearms actions: goal and damage modifiers, and how much lower the target's Defense counts. */
export const FIRE_ACTIONS = Object.freeze([
  { id: "shoot", goal: 0, damage: 0, defense: 0 },
  { id: "shortBurst", goal: 2, damage: 3, defense: 0 },
  { id: "longBurst", goal: -2, damage: 5, defense: -2 },
  { id: "emptyClip", goal: -4, damage: 7, defense: -3 },
  // Covers an area up to the Shoot rating in meters; no goal or damage change of its own.
  { id: "suppressing", goal: 0, damage: 0, defense: 0 },
] as const);
export type FireAction = (typeof FIRE_ACTIONS)[number]["id"];

/**
 * Several attacks in one action (the goal penalties chart's examples): attacking twice in one action is
 * Hard (−2), three targets with one action Demanding (−4). The chart goes no further: three at most.
 */
export const MULTI_ATTACKS = Object.freeze([
  { attacks: 1, goal: 0 },
  { attacks: 2, goal: -2 },
  { attacks: 3, goal: -4 },
] as const);

/** Most attacks (and so targets) one action may make. */
export const MAX_ATTACKS = 3;

/** Aiming: +1 goal a turn, three turns at most. */
export const MAX_AIM = 3;

/** The target's cover (conditional Defense modifiers). */
export const TARGET_COVER = Object.freeze([
  { id: "none", defense: 0 },
  { id: "partial", defense: 2 },
  { id: "full", defense: 4 },
] as const);
export type TargetCover = (typeof TARGET_COVER)[number]["id"];

/** The target kneeling or prone in the open: better against ranged attacks, worse in melee. */
export const TARGET_POSTURE = Object.freeze([
  { id: "standing", ranged: 0, melee: 0 },
  { id: "kneeling", ranged: 1, melee: -1 },
  { id: "prone", ranged: 2, melee: -2 },
] as const);
export type TargetPosture = (typeof TARGET_POSTURE)[number]["id"];

/** Slippery or uneven floor under the target. */
export const TARGET_SLIPPERY = -1;

/** Most fighters one melee group counts (each after the first adds 1 to the target's Defense). */
export const MAX_GROUP = 10;

/**
 * The Spirit chart: what is at stake adds to the goal (one situation per roll, the one that counts
 * most: docs/rules-decisions.md).
 */
export const SPIRIT_SITUATIONS = Object.freeze([
  { id: "none", goal: 0 },
  { id: "idealInsulted", goal: 3 },
  { id: "bigotry", goal: 2 },
  { id: "reputation", goal: 1 },
  { id: "freedom", goal: 2 },
  { id: "beliefs", goal: 2 },
  { id: "livelihood", goal: 3 },
  { id: "lifesWork", goal: 3 },
  { id: "life", goal: 5 },
  { id: "faithFocus", goal: 5 },
  { id: "lover", goal: 4 },
  { id: "friends", goal: 1 },
  { id: "factionMatter", goal: 2 },
  { id: "rival", goal: 2 },
  { id: "crisisOfFaith", goal: 5 },
  { id: "money", goal: 1 },
  { id: "lotsOfMoney", goal: 2 },
  { id: "inCombat", goal: 1 },
  { id: "scary", goal: 1 },
  { id: "terrifying", goal: 2 },
] as const);
export type SpiritSituation = (typeof SPIRIT_SITUATIONS)[number]["id"];

/** A complementary roll made in the same turn as the action it helps: both rolls at −2 (a Hard task). */
export const SAME_TURN_COMPLEMENTARY = -2;

/** Most Victory Points a complementary roll can bring (a critical rerolled in combat: 9 + 9). */
export const MAX_COMPLEMENTARY_VP = 18;

type Entry = { readonly id: string };

/** The entry of a chart by id; an unknown id reads as `fallback` (the chart's neutral line). */
export function entry<T extends Entry>(chart: readonly T[], id: string | undefined, fallback: T["id"]): T {
  return chart.find((e) => e.id === id) ?? chart.find((e) => e.id === fallback)!;
}

export const ids = <T extends Entry>(chart: readonly T[]): Array<T["id"]> => chart.map((e) => e.id);
