/**
 * OpenD6's combat options as numbers: called shots and hit locations, and the special combat actions
 * (all-out attack, sweep, tackle, grabs, entangle, knockout, two weapons, quick draw, acrobatic tricks,
 * full auto, single fire as multi). The text gives what each does and, for most, only which way it
 * moves the roll; the numbers where it gives none are ours (docs/rules-decisions.md), kept here as data.
 */
import { fromPips, toPips } from "./codes";

export const MANEUVERS = Object.freeze([
  "none",
  "allOut",
  "sweep",
  "tackle",
  "grabHold",
  "grabChoke",
  "grabFlip",
  "entangle",
  "knockout",
  "acrobatics",
  "fullAuto",
  "singleFireAsMulti",
  "knockdown",
  "push",
  "trip",
  "lunge",
  "disarm",
] as const);
export type Maneuver = (typeof MANEUVERS)[number];

/** Called shots at a target smaller than a person, by its size: +1D (3), +4D (12), +8D (24). */
export const CALLED_SHOTS = Object.freeze(["none", "small", "tiny", "minute"] as const);
export type CalledShot = (typeof CALLED_SHOTS)[number];
export const CALLED_SHOT_DIFFICULTY: Readonly<Record<CalledShot, number>> = Object.freeze({
  none: 0,
  small: 3,
  tiny: 12,
  minute: 24,
});
/** A called shot that hits does +1D damage (the text; more at the GM's word). */
export const CALLED_SHOT_DAMAGE_DICE = 1;

export const HIT_LOCATIONS = Object.freeze(["none", "head", "torso", "arm", "leg", "hand"] as const);
export type HitLocation = (typeof HIT_LOCATIONS)[number];

/** A hit location on a target of Human proportions: what it adds to the difficulty and to the damage total. */
export interface LocationModifier {
  readonly difficulty: number;
  readonly damage: number;
  /** The optional damage bonus does not count (an arm, a leg, a hand: the text). */
  readonly noDamageBonus: boolean;
}

/** Our numbers (the text refers to a table it does not print); arms and legs take less damage. */
export const HIT_LOCATION_MODIFIER: Readonly<Record<HitLocation, LocationModifier>> = Object.freeze({
  none: { difficulty: 0, damage: 0, noDamageBonus: false },
  head: { difficulty: 10, damage: 6, noDamageBonus: false },
  torso: { difficulty: 5, damage: 0, noDamageBonus: false },
  arm: { difficulty: 10, damage: -3, noDamageBonus: true },
  leg: { difficulty: 10, damage: -3, noDamageBonus: true },
  hand: { difficulty: 20, damage: -6, noDamageBonus: true },
});

/** The called-shot and hit-location tables the options read: the constants above, or the world's (rules/tables.ts). */
export interface OptionTables {
  readonly calledShot: Readonly<Record<CalledShot, number>>;
  readonly location: Readonly<Record<HitLocation, LocationModifier>>;
}

/** Single fire as multi: at most this many shots in the round. */
export const MAX_SHOTS = 4;

/** The skills aiming adds its dice to (the text): marksmanship, missile weapons and throwing. */
export const AIM_SKILLS: readonly string[] = Object.freeze(["marksmanship", "missileWeapons", "throwing"]);

/** Whether rounds of aiming add dice to an attack made with this skill. */
export function aimsWith(skill: string): boolean {
  return AIM_SKILLS.includes(skill);
}

/**
 * Whether quick-drawn dice leave at least 1D in the skill: the skill's dice less the penalties the
 * attack already takes (wounds, the multi-action penalty: "before the player moves dice around") and
 * the dice moved to initiative.
 */
export function quickDrawLeaves(skillPips: number, penaltyDice: number, quickDraw: number): boolean {
  return quickDraw <= 0 || Math.floor(skillPips / 3) - Math.max(0, penaltyDice) - quickDraw >= 1;
}

/** What the attacker chose beyond range, cover and posture. */
export interface CombatOptions {
  /** Rounds spent aiming (marksmanship, missile weapons and throwing only). */
  readonly aim?: number;
  readonly maneuver?: Maneuver;
  readonly calledShot?: CalledShot;
  readonly location?: HitLocation;
  /** Single fire as multi: shots at the one target (1 is an ordinary shot). */
  readonly shots?: number;
  /** Quick draw: skill dice moved to the round's initiative. */
  readonly quickDraw?: number;
  /** Acrobatic tricks: the GM's difficulty and the acrobatics total rolled for it. */
  readonly acrobaticsDifficulty?: number;
  readonly acrobaticsTotal?: number;
  /** A second one-handed weapon used this round: one more action (the multi-action penalty). */
  readonly twoWeapons?: boolean;
}

/** What the options do to an attack, in dice and points. */
export interface OptionEffects {
  /** Dice added to (or, below 0, taken from) the combat skill roll. */
  readonly skillDice: number;
  /** Added to the combat difficulty. */
  readonly difficulty: number;
  /** Dice added to (or taken from) the damage code, never below 0D. */
  readonly damageDice: number;
  /** Added to the damage total. */
  readonly damageTotal: number;
  /** The damage rolled is not the weapon's: Strength Damage alone (a choke), or a fixed 3D (a flip). */
  readonly damageFrom: "weapon" | "strength" | "fixed3D";
  /** No damage at all (an entangling weapon). */
  readonly noDamage: boolean;
  /** The optional damage bonus is ignored (a shot at an arm, a leg or a hand). */
  readonly noDamageBonus: boolean;
  /** Half the Wound levels or Body Points, and unconscious past two levels or half the Body Points. */
  readonly knockout: boolean;
  /** The status a hit puts on the target: held, or thrown to the ground. */
  readonly status: "restrain" | "prone" | null;
  /** Extra actions this round (a second weapon). */
  readonly extraActions: number;
  /** The attacker may not defend actively this round (an all-out attack). */
  readonly noDefense: boolean;
  /** The target stumbles: −2D from its next Reflexes or Reflexes-based roll (knockdown, push, trip). */
  readonly stumble: boolean;
  /** A disarm: the damage is not taken; the target keeps its weapon only with a grip roll above it. */
  readonly disarm: boolean;
}

const NO_EFFECTS: OptionEffects = Object.freeze({
  skillDice: 0,
  difficulty: 0,
  damageDice: 0,
  damageTotal: 0,
  damageFrom: "weapon",
  noDamage: false,
  noDamageBonus: false,
  knockout: false,
  status: null,
  extraActions: 0,
  noDefense: false,
  stumble: false,
  disarm: false,
});

/** Each action's own numbers (ours where the text gives only a direction). */
const MANEUVER_EFFECTS: Readonly<Record<Maneuver, Partial<OptionEffects>>> = Object.freeze({
  none: {},
  // "Increases the chance of striking", and no other action, not even an active defense.
  allOut: { skillDice: 1, noDefense: true },
  // Sure to hit, less injury.
  sweep: { difficulty: -6, damageDice: -3 },
  // Overcome the target: captured (held), normal damage.
  tackle: { status: "restrain" },
  // A hold: -3D to damage, the target held.
  grabHold: { damageDice: -3, status: "restrain" },
  // A choke: Strength Damage and modifiers, the target held.
  grabChoke: { damageFrom: "strength", status: "restrain" },
  // A flip: 3D from the ground, the target down.
  grabFlip: { damageFrom: "fixed3D", status: "prone" },
  // Wrapped: no damage (a plain entangling weapon), the target held until it breaks or slips free.
  entangle: { noDamage: true, status: "restrain" },
  // Half damage, perhaps out cold; it needs a called shot to the head.
  knockout: { knockout: true },
  acrobatics: {},
  // More to hit and damage; the firer's defense value suffers that round (rules/defense-modifiers.ts).
  fullAuto: { skillDice: 2, damageDice: 2 },
  singleFireAsMulti: {},
  // Instead of damage, the target stumbles (−2D to its next Reflexes roll); knocked down or tripped, it
  // is down and spends an action to stand.
  knockdown: { noDamage: true, stumble: true, status: "prone" },
  push: { noDamage: true, stumble: true },
  trip: { noDamage: true, stumble: true, status: "prone" },
  // Half a meter more reach, less effective (ours: +1D (3) to the difficulty and −1D damage).
  lunge: { difficulty: 3, damageDice: -1 },
  // A called shot at the item in the target's hand: its damage is rolled against the target's grip.
  disarm: { disarm: true },
});

/**
 * Whether a disarmed target keeps its weapon: its Physique or lifting roll must be greater than the
 * damage done (the text: "less than or equal to the damage, she drops it").
 */
export function keepsGrip(grip: number, damage: number): boolean {
  return grip > damage;
}

/** The dice a stumble takes from the target's next Reflexes or Reflexes-based roll (the text). */
export const STUMBLE_DICE = 2;

/** The maneuvers that make the target stumble, made with brawling or a blunt melee weapon. */
const KNOCKS: readonly Maneuver[] = Object.freeze(["knockdown", "push", "trip"]);

/**
 * Whether an attacker may knock down or push a target: only one whose Physique is no greater than its
 * own (the text, "unless the character has special training", which the GM grants by hand).
 */
export function mayKnockDown(attackerPhysique: string, targetPhysique: string): boolean {
  return toPips(targetPhysique) <= toPips(attackerPhysique);
}

/** The skills each action is made with (null: any). */
const MANEUVER_SKILLS: Readonly<Partial<Record<Maneuver, readonly string[]>>> = Object.freeze({
  tackle: ["brawling"],
  grabHold: ["brawling", "meleeCombat"],
  grabChoke: ["brawling", "meleeCombat"],
  grabFlip: ["brawling"],
  entangle: ["marksmanship", "missileWeapons", "throwing"],
  acrobatics: ["brawling", "meleeCombat"],
  fullAuto: ["marksmanship"],
  singleFireAsMulti: ["marksmanship"],
  knockdown: ["brawling", "meleeCombat"],
  push: ["brawling", "meleeCombat"],
  trip: ["brawling", "meleeCombat"],
  lunge: ["brawling", "meleeCombat"],
});

/**
 * Why the options cannot be taken with this skill and code (an i18n key's last part), or null.
 * `penaltyDice` are the dice the wound and multi-action penalties take from the skill.
 */
export function optionsRefusal(
  options: CombatOptions,
  skill: string,
  skillPips: number,
  penaltyDice = 0,
  edged = false,
): string | null {
  const maneuver = options.maneuver ?? "none";
  const allowed = MANEUVER_SKILLS[maneuver];
  if (allowed && !allowed.includes(skill)) return "wrongSkill";
  // A knockdown, push or trip with a melee weapon needs a blunt one.
  if (KNOCKS.includes(maneuver) && skill === "meleeCombat" && edged) return "blunt";
  if ((options.aim ?? 0) > 0 && !aimsWith(skill)) return "aim";
  if (maneuver === "knockout" && options.location !== "head") return "knockoutHead";
  // A disarm is a called shot at the item held.
  if (maneuver === "disarm" && (options.calledShot ?? "none") === "none") return "disarmCalled";
  if (!quickDrawLeaves(skillPips, penaltyDice, options.quickDraw ?? 0)) return "quickDraw";
  if ((options.shots ?? 1) > 1 && maneuver !== "singleFireAsMulti") return "shots";
  return null;
}

/**
 * The acrobatic trick's share of damage: half (rounded up) of what the acrobatics total beat its
 * difficulty by; nothing when it failed.
 */
export function acrobaticsDamage(difficulty: number, total: number): number {
  return total >= difficulty ? Math.ceil((total - difficulty) / 2) : 0;
}

/** What the options do to an attack, all added up (with the world's called-shot and hit-location tables when passed in). */
export function optionEffects(
  options: CombatOptions,
  tables: OptionTables = {
    calledShot: CALLED_SHOT_DIFFICULTY,
    location: HIT_LOCATION_MODIFIER,
  },
): OptionEffects {
  const maneuver = options.maneuver ?? "none";
  const own = { ...NO_EFFECTS, ...MANEUVER_EFFECTS[maneuver] };
  const called = options.calledShot ?? "none";
  const location = tables.location[options.location ?? "none"] ?? HIT_LOCATION_MODIFIER.none;
  const extraShots = maneuver === "singleFireAsMulti" ? Math.max(0, Math.min(MAX_SHOTS, options.shots ?? 1) - 1) : 0;
  const acrobatics =
    maneuver === "acrobatics" ? acrobaticsDamage(options.acrobaticsDifficulty ?? 0, options.acrobaticsTotal ?? 0) : 0;
  return {
    ...own,
    // Each extra shot at the one target: +1D to hit and +1D damage (ours); quick-drawn dice leave the skill.
    skillDice: own.skillDice + extraShots - (options.quickDraw ?? 0),
    difficulty: own.difficulty + (tables.calledShot[called] ?? 0) + location.difficulty,
    damageDice: own.damageDice + extraShots + (called === "none" ? 0 : CALLED_SHOT_DAMAGE_DICE),
    damageTotal: own.damageTotal + location.damage + acrobatics,
    noDamageBonus: own.noDamageBonus || location.noDamageBonus,
    extraActions: options.twoWeapons ? 1 : 0,
  };
}

/** A damage code with dice added or taken away, never below nothing. */
export function shiftCode(code: string, dice: number): string {
  return fromPips(Math.max(0, toPips(code) + 3 * dice));
}

/** What a knockout leaves: half the Wound levels (rounded down) or half the Body Points lost. */
export function knockoutHalf(levels: number): number {
  return Math.floor(levels / 2);
}

/** The code a hit rolls for damage: the weapon's (or Strength Damage, or 3D), with the options' dice. */
export function attackDamageCode(effects: OptionEffects, weaponDamage: string, strengthDamage: string): string {
  const base =
    effects.damageFrom === "strength" ? strengthDamage : effects.damageFrom === "fixed3D" ? "3D" : weaponDamage;
  return shiftCode(base, effects.damageDice);
}
