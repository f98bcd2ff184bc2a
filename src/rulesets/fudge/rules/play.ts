/**
 * What the FUDGE sheets and cards need beyond the public contract: the attributes Anthology ships,
 * untrained defaults, pain thresholds, shields and weapon sizes in melee, the ranged difficulty chart,
 * archers' volleys, movement, stun results, pulled blows and healing (fudge.txt; decisions in
 * docs/rules-decisions.md).
 */
import { WOUNDS, WOUND_BOXES, markWound, woundFor, woundPenalty, type Wound, type WoundTrack } from "./combat";

/**
 * FUDGE lets each game choose its attributes; Anthology ships the ones the text's combat and
 * movement read (Build, Health, Speed, Dexterity for initiative) and the ones its examples name.
 */
export const FUDGE_ATTRIBUTES = Object.freeze([
  "build",
  "health",
  "dexterity",
  "agility",
  "speed",
  "perception",
  "intelligence",
  "will",
] as const);
export type FudgeAttribute = (typeof FUDGE_ATTRIBUTES)[number];

/** The highest and lowest trait levels a sheet accepts (Legendary and Infamous). */
export const TRAIT_MAX = 4;
export const TRAIT_MIN = -4;

/** Difficulty levels the roll dialog offers: Terrible to Superb +4 (the text's range of results). */
export const DIFFICULTY_MIN = -3;
export const DIFFICULTY_MAX = 7;

/**
 * The largest situational modifier a roll takes, up or down: the text's own are one to three levels
 * (bad footing −1 or −2, a vow +2, a leader's +1, a propelled missile −2 or −3); a harder or easier
 * task is its difficulty's to say (docs/rules-decisions.md).
 */
export const MODIFIER_MAX = 3;

/** An untrained skill's default: Poor, or Mediocre when a high attribute logically helps. */
export function untrainedDefault(helpedByAttribute: boolean): number {
  return helpedByAttribute ? -1 : -2;
}

export const PAIN_THRESHOLDS = Object.freeze(["normal", "high", "low"] as const);
export type PainThreshold = (typeof PAIN_THRESHOLDS)[number];

/**
 * The wound penalty a character suffers: the track's, one level milder with a High Pain Threshold
 * (gift), one level harsher with a Low Pain Threshold (fault). A character without a penalty has none
 * to make harsher.
 */
export function painPenalty(track: WoundTrack, pain: PainThreshold = "normal"): number {
  const base = woundPenalty(track);
  if (base === 0) return 0;
  if (pain === "high") return base + 1;
  if (pain === "low") return base - 1;
  return base;
}

/**
 * A bare-handed blow's damage for size: "-1 for no weapon, not using a Martial Art skill" and "+0
 * Martial Art skill".
 */
export function unarmedSize(martialArt: boolean): number {
  return martialArt === true ? 0 : -1;
}

/** Whether a track has any box marked at a level where the character is out (Coma/Fatal). */
export const isDown = (track: WoundTrack): boolean => (track.coma ?? 0) > 0;

/** Shield sizes: what each subtracts from the opponent's skill, in melee and against missiles. */
export const SHIELD_SIZES = Object.freeze({
  small: { melee: 1, ranged: 0 },
  medium: { melee: 1, ranged: 1 },
  large: { melee: 2, ranged: 2 },
} as const);
export type ShieldSize = keyof typeof SHIELD_SIZES;

/**
 * Weapon and shield sizes compared in melee: when one fighter's weapon + shield value is 2 or more
 * above the other's, the one with the smaller is at −1 to combat skill. Returns each side's modifier.
 */
export function reachPenalty(a: number, b: number): { a: number; b: number } {
  if (a - b >= 2) return { a: 0, b: -1 };
  if (b - a >= 2) return { a: -1, b: 0 };
  return { a: 0, b: 0 };
}

export const RANGE_BANDS = Object.freeze(["close", "medium", "far", "extreme"] as const);
export type RangeBand = (typeof RANGE_BANDS)[number];

/** The ranged difficulty chart: close Mediocre, medium Fair, far Good, extreme Great (or higher). */
export const RANGE_DIFFICULTY: Readonly<Record<RangeBand, number>> = Object.freeze({
  close: -1,
  medium: 0,
  far: 1,
  extreme: 2,
});

/** The ranged modifiers the text lists, as changes to the shooter's roll. */
export interface RangedSituation {
  readonly cover?: boolean;
  readonly darkness?: boolean;
  readonly running?: boolean;
  readonly sprinting?: boolean;
  readonly aiming?: boolean;
  /** The target's shield against missiles (deducted). */
  readonly shield?: number;
  /** The target's Scale relative to the shooter's: positive is a bonus, negative a penalty. */
  readonly relativeScale?: number;
}

/**
 * The modifier to a ranged attack: −1 each for cover, darkness and a running target (−2 sprinting,
 * which replaces running), +1 for a round of aiming (the most), the target's shield deducted and the
 * target's relative Scale added.
 */
export function rangedModifier(s: RangedSituation): number {
  let m = 0;
  if (s.cover) m -= 1;
  if (s.darkness) m -= 1;
  if (s.sprinting) m -= 2;
  else if (s.running) m -= 1;
  if (s.aiming) m += 1;
  m -= Math.max(0, Math.trunc(s.shield ?? 0));
  m += Math.trunc(s.relativeScale ?? 0);
  return m;
}

/** How many levels a propelled missile's dodge may lose: the text's "-2 or -3". */
export const PROPELLED_DODGE = Object.freeze([2, 3] as const);
export type PropelledDodge = (typeof PROPELLED_DODGE)[number];

/**
 * What dodging a missile takes off the dodger's trait: nothing for a thrown weapon ("there is no
 * modifier to the defense roll"), 2 or 3 levels for a propelled one, a bow, gun or beam weapon
 * ("reduce the defender's trait by -2 or -3"); 2 unless 3 is chosen.
 */
export function dodgePenalty(propelled: boolean, levels: number = 2): number {
  if (!propelled) return 0;
  if (!(PROPELLED_DODGE as readonly number[]).includes(levels)) {
    throw new RangeError(`A propelled missile is dodged at -2 or -3, not -${String(levels)}`);
  }
  return -levels;
}

/**
 * How many arrows a skilled archer may loose in one round at Fair: Good 2, Great 3, Superb 4,
 * Legendary 5; anyone else shoots once at full skill.
 */
export function archerShots(skill: number): number {
  if (skill >= 4) return 5;
  if (skill >= 1) return skill + 1;
  return 1;
}

/** A volley's skill: one arrow keeps the archer's skill; more are shot at Fair. */
export function volleySkill(skill: number, arrows: number): number {
  if (!Number.isInteger(arrows) || arrows < 1 || arrows > archerShots(skill)) {
    throw new RangeError(`An archer of skill ${skill} cannot loose ${String(arrows)} arrows in a round`);
  }
  return arrows === 1 ? skill : 0;
}

/** Movement per 5-second round (metres) and per minute walking, from the Speed trait (Infamous to Legendary). */
export function movement(speed: number): { walking: number; minute: number; sustained: number; sprinting: number } {
  const level = Math.max(TRAIT_MIN, Math.min(TRAIT_MAX, Math.trunc(speed)));
  const walking = 10 + 2 * level;
  return { walking, minute: walking * 12, sustained: 25 + 5 * level, sprinting: 40 + 8 * level };
}

/**
 * A stunning blow's result: what would be a Light Wound stuns (a second stun makes Very Stunned), a
 * Major Wound is Very Stunned, Critical or worse knocks out; a Scratch or less does nothing.
 */
export function stunFor(
  wound: "undamaged" | Wound,
  alreadyStunned: boolean,
): "none" | "stunned" | "veryStunned" | "knockedOut" {
  if (wound === "critical" || wound === "coma") return "knockedOut";
  if (wound === "major") return "veryStunned";
  if (wound === "light") return alreadyStunned ? "veryStunned" : "stunned";
  return "none";
}

/**
 * Whether a fighter may fight in a stance: a stunned one (Stunned or Very Stunned) "cannot attack or
 * change his combat stance", so it keeps the stance it holds; anyone else picks freely.
 */
export function mayTakeStance(stunned: number, held: string, chosen: string): boolean {
  return stunned > 0 ? chosen === held : true;
}

/**
 * Whether a defender's blow can hurt its attacker: not when it is stunned ("cannot attack"), nor when
 * it chose to defend only ("it is still an Opposed Action, but the defending character cannot hurt
 * the other character even if he wins the combat round").
 */
export function defenderMayHurt(stunned: number, defendOnly: boolean): boolean {
  return !(stunned > 0) && !defendOnly;
}

/** A pulled blow: the wound dealt, at most the level the attacker announced. */
export function pulled(wound: "undamaged" | Wound, most: Wound | null): "undamaged" | Wound {
  if (!most || wound === "undamaged") return wound;
  return WOUNDS.indexOf(wound) > WOUNDS.indexOf(most) ? most : wound;
}

/** The wound a hit deals from its damage, a graze read from the graze table; then pulled. */
export function woundOf(damageDealt: number, graze: boolean, most: Wound | null = null): "undamaged" | Wound {
  return pulled(woundFor(damageDealt, graze), most);
}

/** A healing skill's result: levels healed (Good 1, Great 2, Superb or better 3); Fair stops bleeding only. */
export function healingLevels(rolled: number): number {
  if (rolled >= 3) return 3;
  if (rolled >= 1) return rolled;
  return 0;
}

/**
 * A track after healing every wound by some levels (a healer's skill or a week of rest per level):
 * each marked box moves down that many levels, gone below a Scratch, and the track is marked again
 * from the mildest up, a full level overflowing upward as usual.
 */
export function healTrack(track: WoundTrack, levels: number): Required<WoundTrack> {
  const steps = Math.max(0, Math.trunc(levels));
  const healed: Wound[] = [];
  for (const [i, w] of WOUNDS.entries()) {
    const count = Math.max(0, Math.trunc(track[w] ?? 0));
    if (i - steps >= 0) for (let k = 0; k < count; k++) healed.push(WOUNDS[i - steps]!);
  }
  let out: Required<WoundTrack> = { scratch: 0, light: 0, major: 0, critical: 0, coma: 0 };
  for (const w of healed) out = markWound(out, w);
  return out;
}

/**
 * The true level of each marked box, per box level: "if you receive a third Light Wound and have to
 * check the Major Wound box, make a note that it was in fact only a Light Wound ... This will affect
 * your healing." A box level's list has one entry per marked box.
 */
export type TrueWounds = Record<Wound, Wound[]>;

/** How a box level's notes are stored: the true levels joined by commas ("light,major"). */
export const trueNote = (levels: readonly Wound[]): string => levels.join(",");

/**
 * The true levels of a track from its stored notes (`notes[box]`, as `trueNote` writes them): one per
 * marked box; a box without a readable note, or with a note above its own level (no wound is marked
 * below its level), counts at its own level; notes beyond the marked boxes are dropped.
 */
export function trueWoundsOf(track: WoundTrack, notes: Partial<Record<Wound, unknown>> = {}): TrueWounds {
  const out = {} as TrueWounds;
  for (const [i, box] of WOUNDS.entries()) {
    const count = Math.max(0, Math.min(WOUND_BOXES[box], Math.trunc(Number(track[box] ?? 0)) || 0));
    const raw = typeof notes[box] === "string" ? (notes[box] as string).split(",") : [];
    out[box] = Array.from({ length: count }, (_, k) => {
      const level = raw[k]?.trim() as Wound | undefined;
      return level && WOUNDS.includes(level) && WOUNDS.indexOf(level) <= i ? level : box;
    });
  }
  return out;
}

/** The track (boxes marked per level) of true levels. */
export function trackOfTrue(truth: TrueWounds): Required<WoundTrack> {
  return Object.fromEntries(WOUNDS.map((w) => [w, truth[w].length])) as Required<WoundTrack>;
}

/**
 * One more wound on the track, noted at its true level in whichever box takes it (the next open one
 * up when its own level is full); a full track stays as it is. Returns the box marked, or null.
 */
export function markTrue(truth: TrueWounds, wound: Wound): { truth: TrueWounds; box: Wound | null } {
  const before = trackOfTrue(truth);
  const after = markWound(before, wound);
  const box = WOUNDS.find((w) => after[w] > before[w]) ?? null;
  const next = Object.fromEntries(WOUNDS.map((w) => [w, [...truth[w]]])) as TrueWounds;
  if (box) next[box].push(wound);
  return { truth: next, box };
}

const emptyTruth = (): TrueWounds => ({ scratch: [], light: [], major: [], critical: [], coma: [] });

/**
 * Healing by levels with the true levels: every wound moves down that many levels from what it truly
 * was (gone below a Scratch), and the track is marked again from the mildest up. Three Light wounds,
 * one of them in the Major box, heal one level to three Scratches.
 */
export function healTrue(truth: TrueWounds, levels: number): TrueWounds {
  const steps = Math.max(0, Math.trunc(levels));
  const healed = WOUNDS.flatMap((box) => truth[box])
    .map((w) => WOUNDS.indexOf(w) - steps)
    .filter((i) => i >= 0)
    .sort((x, y) => x - y);
  let out = emptyTruth();
  for (const i of healed) out = markTrue(out, WOUNDS[i]!).truth;
  return out;
}

/** After the fight: every wound that truly was a Scratch heals, whichever box it was marked in. */
export function afterBattleTrue(truth: TrueWounds): TrueWounds {
  return Object.fromEntries(WOUNDS.map((w) => [w, truth[w].filter((t) => t !== "scratch")])) as TrueWounds;
}

/** The stored form of a track with its true levels: `system.wounds` and `system.trueWounds`. */
export function storedTruth(truth: TrueWounds): { wounds: Required<WoundTrack>; trueWounds: Record<Wound, string> } {
  return {
    wounds: trackOfTrue(truth),
    trueWounds: Object.fromEntries(WOUNDS.map((w) => [w, trueNote(truth[w])])) as Record<Wound, string>,
  };
}

/** Scratches heal once the fight is over and the character can catch a breath. */
export function afterBattle(track: WoundTrack): Required<WoundTrack> {
  const level = (w: Wound) => Math.max(0, Math.trunc(track[w] ?? 0));
  return { scratch: 0, light: level("light"), major: level("major"), critical: level("critical"), coma: level("coma") };
}

/** What a unit loses at each wound level in a mass battle (a second Light Wound is an escalation, not another 25%). */
export const UNIT_LOSSES = Object.freeze({
  undamaged: "none",
  scratch: "minor",
  light: "quarter",
  major: "half",
  critical: "threeQuarters",
  coma: "all",
} as const);
export type UnitLoss = (typeof UNIT_LOSSES)[keyof typeof UNIT_LOSSES];

/** Where a blow lands on 4dF: the text's random location table for melee and for missiles. */
export function hitLocation(
  sum: number,
  ranged: boolean,
): "head" | "leftArm" | "leftLeg" | "torso" | "abdomen" | "rightArm" | "rightLeg" {
  const s = Math.max(-4, Math.min(4, Math.trunc(sum)));
  switch (s) {
    case 4:
    case -4:
      return "head";
    case 3:
      return ranged ? "leftArm" : "leftLeg";
    case 2:
      return ranged ? "leftLeg" : "leftArm";
    case 1:
    case -1:
      return "torso";
    case 0:
      return "abdomen";
    case -2:
      return ranged ? "rightLeg" : "rightArm";
    default:
      return ranged ? "rightArm" : "rightLeg";
  }
}
