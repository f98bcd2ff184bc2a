import type { HodAttackResult, HodDefense } from "./attack";
import type { SpeedClass } from "./speed";

/** An attribute a special action rolls or deals damage with. */
export type HodAttribute = "strength" | "dexterity" | "constitution" | "intelligence" | "wisdom" | "persona";

/**
 * The roll a special action makes:
 * - `weapon`: an ordinary attack with the weapon used (its attack bonus), plus `modifier`;
 * - `melee`: the same, with a melee weapon or unarmed;
 * - `unarmed`: an unarmed attack (Accuracy + the better of Strength and Dexterity + size);
 * - `attribute`: 1d20 + Accuracy + the attribute (an attack that names only an attribute adds Accuracy);
 * - `skill`: a 3d6 check, the attribute plus the skill's rank (critical on 17-18).
 */
export type SpecialAttack =
  | { readonly kind: "weapon" | "melee" | "unarmed"; readonly modifier: number }
  | { readonly kind: "attribute"; readonly attribute: HodAttribute; readonly modifier: number }
  | { readonly kind: "skill"; readonly skill: string; readonly attribute: HodAttribute; readonly modifier: number };

/**
 * The defense(s) it meets: one; `and`: one roll compared to each, every success applying its own effect;
 * `or`: the target chooses which (so, in practice, the higher); `weapon`: the weapon's own defense.
 */
export type SpecialDefense =
  { readonly mode: "one" | "and" | "or"; readonly defenses: readonly HodDefense[] } | { readonly mode: "weapon" };

/**
 * What it costs on the Time Count: a speed class; the weapon's class stepped (`+1` slower, `-1`
 * faster, never past Rapid); or the weapon's SF times `factor` (a feint is half).
 */
export type SpecialSpeed =
  | { readonly kind: "class"; readonly speedClass: SpeedClass }
  | { readonly kind: "weaponClass"; readonly steps: number }
  | { readonly kind: "weapon"; readonly factor: number };

/** Damage an outcome deals: an attribute (or half of it), extra dice, the weapon's damage scaled or stepped. */
export type SpecialDamage =
  | { readonly kind: "attribute"; readonly attribute: HodAttribute; readonly half?: boolean }
  | { readonly kind: "dice"; readonly dice: string }
  | { readonly kind: "weapon"; readonly factor: number }
  | { readonly kind: "weaponStep"; readonly steps: number }
  | { readonly kind: "critical"; readonly factor: number };

/** One outcome of a special action: on a hit (against a given defense, for `and`), a Great Success or a critical. */
export interface SpecialOutcome {
  /** `hit`, `great` (margin ≥ `margin`) or `critical`. */
  readonly when: "hit" | "great" | "critical";
  readonly margin?: number;
  /** For `and` actions: the defense whose success this outcome needs. */
  readonly defense?: HodDefense;
  readonly damage?: SpecialDamage;
  /** i18n key of what happens. */
  readonly key: string;
}

export type SpecialRange = "touch" | "melee" | "weapon" | "fiveFeet";

export interface SpecialAction {
  /** Stable id; its name is SPECIAL_ACTION_KEYS[id]. */
  readonly id: string;
  readonly group: "wrestling" | "misc";
  readonly attack: SpecialAttack;
  readonly defense: SpecialDefense;
  readonly speed: SpecialSpeed;
  /** Fatigue the actor takes for performing it. */
  readonly fatigue: number;
  readonly range: SpecialRange;
  /** Time spent preparing first (immobile meanwhile), as a speed class. */
  readonly preparation?: SpeedClass;
  /** A separate attack roll against each target (Approach into a crowded space), not one roll for all. */
  readonly rollsEach?: boolean;
  /** The performer moves as it acts (into a space, along with the target): Poised reverts ("Once you begin moving"). */
  readonly moves?: boolean;
  readonly outcomes: readonly SpecialOutcome[];
  /** i18n keys of what it needs and any special rule. */
  readonly requirementKey?: string;
  readonly specialKey?: string;
}

// Keys are written out in full so the language test can see each one.
const hit = (key: string, extra: Partial<SpecialOutcome> = {}): SpecialOutcome => ({ when: "hit", key, ...extra });
const great = (key: string, margin: number, extra: Partial<SpecialOutcome> = {}): SpecialOutcome => ({
  when: "great",
  margin,
  key,
  ...extra,
});
const critical = (key: string, extra: Partial<SpecialOutcome> = {}): SpecialOutcome => ({
  when: "critical",
  key,
  ...extra,
});
const one = (defense: HodDefense): SpecialDefense => ({ mode: "one", defenses: [defense] });
const cls = (speedClass: SpeedClass): SpecialSpeed => ({ kind: "class", speedClass });
const str: SpecialDamage = { kind: "attribute", attribute: "strength" };
const dex: SpecialDamage = { kind: "attribute", attribute: "dexterity" };

/** The text's wrestling and miscellaneous special actions, as data. */
export const SPECIAL_ACTIONS: readonly SpecialAction[] = Object.freeze([
  {
    id: "breakGrab",
    group: "wrestling",
    attack: { kind: "skill", skill: "athletics", attribute: "strength", modifier: 0 },
    defense: one("vigor"),
    speed: cls("swift"),
    fatigue: 0,
    range: "touch",
    requirementKey: "ANTHOLOGY.HoD.Special.breakGrab.requirement",
    outcomes: [
      hit("ANTHOLOGY.HoD.Special.breakGrab.hit"),
      great("ANTHOLOGY.HoD.Special.breakGrab.great5", 5, { damage: str }),
    ],
  },
  {
    id: "drag",
    moves: true,
    group: "wrestling",
    attack: { kind: "attribute", attribute: "strength", modifier: -2 },
    defense: one("vigor"),
    speed: cls("standard"),
    fatigue: 1,
    range: "touch",
    requirementKey: "ANTHOLOGY.HoD.Special.drag.requirement",
    outcomes: [hit("ANTHOLOGY.HoD.Special.drag.hit", { damage: str }), great("ANTHOLOGY.HoD.Special.drag.great5", 5)],
  },
  {
    id: "escapeGrab",
    group: "wrestling",
    attack: { kind: "skill", skill: "acrobatics", attribute: "dexterity", modifier: 0 },
    defense: one("celerity"),
    speed: cls("fast"),
    fatigue: 0,
    range: "touch",
    requirementKey: "ANTHOLOGY.HoD.Special.escapeGrab.requirement",
    outcomes: [
      hit("ANTHOLOGY.HoD.Special.escapeGrab.hit"),
      great("ANTHOLOGY.HoD.Special.escapeGrab.great5", 5, { damage: { ...dex, half: true } }),
    ],
  },
  {
    id: "grab",
    group: "wrestling",
    attack: { kind: "unarmed", modifier: 0 },
    defense: one("celerity"),
    speed: cls("standard"),
    fatigue: 0,
    range: "touch",
    requirementKey: "ANTHOLOGY.HoD.Special.grab.requirement",
    specialKey: "ANTHOLOGY.HoD.Special.grab.special",
    outcomes: [
      hit("ANTHOLOGY.HoD.Special.grab.hit"),
      great("ANTHOLOGY.HoD.Special.grab.great5", 5),
      critical("ANTHOLOGY.HoD.Special.grab.critical"),
    ],
  },
  {
    id: "grapple",
    group: "wrestling",
    attack: { kind: "weapon", modifier: 0 },
    defense: one("vigor"),
    speed: cls("standard"),
    fatigue: 0,
    range: "touch",
    requirementKey: "ANTHOLOGY.HoD.Special.grapple.requirement",
    outcomes: [
      hit("ANTHOLOGY.HoD.Special.grapple.hit", { damage: { kind: "weaponStep", steps: 1 } }),
      great("ANTHOLOGY.HoD.Special.grapple.great5", 5, { damage: { kind: "weaponStep", steps: 2 } }),
      great("ANTHOLOGY.HoD.Special.grapple.great10", 10, { damage: { kind: "weaponStep", steps: 3 } }),
    ],
  },
  {
    id: "shunt",
    moves: true,
    group: "wrestling",
    attack: { kind: "attribute", attribute: "strength", modifier: 0 },
    defense: one("vigor"),
    speed: cls("standard"),
    fatigue: 1,
    range: "touch",
    requirementKey: "ANTHOLOGY.HoD.Special.shunt.requirement",
    specialKey: "ANTHOLOGY.HoD.Special.shunt.special",
    outcomes: [hit("ANTHOLOGY.HoD.Special.shunt.hit"), great("ANTHOLOGY.HoD.Special.shunt.great5", 5)],
  },
  {
    id: "throw",
    group: "wrestling",
    attack: { kind: "attribute", attribute: "strength", modifier: 0 },
    defense: { mode: "and", defenses: ["vigor", "celerity"] },
    speed: cls("slow"),
    fatigue: 2,
    range: "touch",
    requirementKey: "ANTHOLOGY.HoD.Special.throw.requirement",
    outcomes: [
      hit("ANTHOLOGY.HoD.Special.throw.hitVigor", { defense: "vigor", damage: str }),
      great("ANTHOLOGY.HoD.Special.throw.great5", 5, { defense: "vigor", damage: { kind: "dice", dice: "1d6" } }),
      great("ANTHOLOGY.HoD.Special.throw.great10", 10, { defense: "vigor" }),
      hit("ANTHOLOGY.HoD.Special.throw.hitCelerity", { defense: "celerity" }),
    ],
  },
  {
    id: "approach",
    moves: true,
    group: "misc",
    attack: { kind: "skill", skill: "acrobatics", attribute: "dexterity", modifier: 0 },
    defense: { mode: "or", defenses: ["vigor", "celerity"] },
    speed: cls("fast"),
    fatigue: 0,
    range: "fiveFeet",
    // "If multiple creatures are in the space, you must make a separate attack roll against each."
    rollsEach: true,
    requirementKey: "ANTHOLOGY.HoD.Special.approach.requirement",
    specialKey: "ANTHOLOGY.HoD.Special.approach.special",
    outcomes: [hit("ANTHOLOGY.HoD.Special.approach.hit")],
  },
  {
    id: "bullRush",
    moves: true,
    group: "misc",
    attack: { kind: "attribute", attribute: "strength", modifier: 0 },
    defense: { mode: "or", defenses: ["vigor", "celerity"] },
    speed: cls("standard"),
    fatigue: 1,
    range: "touch",
    specialKey: "ANTHOLOGY.HoD.Special.bullRush.special",
    outcomes: [
      hit("ANTHOLOGY.HoD.Special.bullRush.hit"),
      critical("ANTHOLOGY.HoD.Special.bullRush.critical", { damage: str }),
    ],
  },
  {
    id: "coupDeGrace",
    group: "misc",
    attack: { kind: "weapon", modifier: 10 },
    defense: one("passive"),
    speed: { kind: "weapon", factor: 1 },
    fatigue: 0,
    range: "weapon",
    preparation: "slow",
    requirementKey: "ANTHOLOGY.HoD.Special.coupDeGrace.requirement",
    specialKey: "ANTHOLOGY.HoD.Special.coupDeGrace.special",
    outcomes: [hit("ANTHOLOGY.HoD.Special.coupDeGrace.hit", { damage: { kind: "critical", factor: 2 } })],
  },
  {
    id: "disarm",
    group: "misc",
    attack: { kind: "weapon", modifier: -4 },
    defense: one("celerity"),
    speed: { kind: "weaponClass", steps: 1 },
    fatigue: 1,
    range: "weapon",
    specialKey: "ANTHOLOGY.HoD.Special.disarm.special",
    outcomes: [
      hit("ANTHOLOGY.HoD.Special.disarm.hit"),
      great("ANTHOLOGY.HoD.Special.disarm.great5", 5, { damage: dex }),
      great("ANTHOLOGY.HoD.Special.disarm.great8", 8),
    ],
  },
  {
    id: "distract",
    group: "misc",
    attack: { kind: "melee", modifier: 0 },
    defense: one("spirit"),
    speed: cls("fast"),
    fatigue: 0,
    range: "melee",
    outcomes: [hit("ANTHOLOGY.HoD.Special.distract.hit"), critical("ANTHOLOGY.HoD.Special.distract.critical")],
  },
  {
    id: "feint",
    group: "misc",
    attack: { kind: "melee", modifier: 0 },
    defense: one("spirit"),
    speed: { kind: "weapon", factor: 0.5 },
    fatigue: 0,
    range: "melee",
    outcomes: [hit("ANTHOLOGY.HoD.Special.feint.hit"), great("ANTHOLOGY.HoD.Special.feint.great5", 5)],
  },
  {
    id: "quickStrike",
    group: "misc",
    attack: { kind: "weapon", modifier: 0 },
    defense: { mode: "weapon" },
    speed: { kind: "weaponClass", steps: -1 },
    fatigue: 0,
    range: "weapon",
    specialKey: "ANTHOLOGY.HoD.Special.quickStrike.special",
    outcomes: [
      hit("ANTHOLOGY.HoD.Special.quickStrike.hit", { damage: { kind: "weapon", factor: 0.5 } }),
      critical("ANTHOLOGY.HoD.Special.quickStrike.critical", { damage: { kind: "critical", factor: 0.5 } }),
    ],
  },
  {
    id: "staple",
    group: "misc",
    attack: { kind: "weapon", modifier: -4 },
    defense: one("celerity"),
    speed: { kind: "weaponClass", steps: 1 },
    fatigue: 1,
    range: "weapon",
    requirementKey: "ANTHOLOGY.HoD.Special.staple.requirement",
    outcomes: [
      hit("ANTHOLOGY.HoD.Special.staple.hit"),
      great("ANTHOLOGY.HoD.Special.staple.great5", 5, { damage: dex }),
    ],
  },
  {
    id: "tackle",
    moves: true,
    group: "misc",
    attack: { kind: "unarmed", modifier: 0 },
    defense: one("vigor"),
    speed: cls("standard"),
    fatigue: 1,
    range: "touch",
    requirementKey: "ANTHOLOGY.HoD.Special.tackle.requirement",
    outcomes: [
      hit("ANTHOLOGY.HoD.Special.tackle.hit", { damage: str }),
      great("ANTHOLOGY.HoD.Special.tackle.great5", 5, { damage: { kind: "dice", dice: "1d6" } }),
    ],
  },
  {
    id: "trip",
    group: "misc",
    attack: { kind: "unarmed", modifier: 0 },
    defense: one("vigor"),
    speed: cls("fast"),
    fatigue: 1,
    range: "melee",
    requirementKey: "ANTHOLOGY.HoD.Special.trip.requirement",
    specialKey: "ANTHOLOGY.HoD.Special.trip.special",
    outcomes: [hit("ANTHOLOGY.HoD.Special.trip.hit"), great("ANTHOLOGY.HoD.Special.trip.great5", 5, { damage: str })],
  },
] satisfies SpecialAction[]);

/**
 * A coup de grâce's follow-up, rolled when the target survives its damage: the weapon's normal attack
 * against Vigor; a hit kills. Part of the coup (no time of its own), so not among SPECIAL_ACTIONS.
 */
export const COUP_FOLLOW_UP: SpecialAction = Object.freeze({
  id: "coupFollowUp",
  group: "misc",
  attack: { kind: "weapon", modifier: 0 },
  defense: one("vigor"),
  speed: { kind: "weapon", factor: 0 },
  fatigue: 0,
  range: "weapon",
  outcomes: [hit("ANTHOLOGY.HoD.Special.coupFollowUp.hit")],
} satisfies SpecialAction);

/** A shunt's grab not maintained: the free Strength attack against Celerity; a hit knocks prone (the grab ends anyway). */
export const SHUNT_TRIP: SpecialAction = Object.freeze({
  id: "shuntTrip",
  group: "wrestling",
  attack: { kind: "attribute", attribute: "strength", modifier: 0 },
  defense: one("celerity"),
  speed: cls("free"),
  fatigue: 0,
  range: "touch",
  outcomes: [hit("ANTHOLOGY.HoD.Special.shuntTrip.hit")],
} satisfies SpecialAction);

/** A drag's Great Success taken up: the target's grab is broken (no roll; the drag's roll is its proof). */
export const DRAG_BREAK: SpecialAction = Object.freeze({
  id: "dragBreak",
  group: "wrestling",
  attack: { kind: "attribute", attribute: "strength", modifier: 0 },
  defense: one("vigor"),
  speed: cls("free"),
  fatigue: 0,
  range: "touch",
  outcomes: [],
} satisfies SpecialAction);

/** A grabber lets go of its target ("You can release an opponent at will"): no roll, no time. */
export const RELEASE_GRAB: SpecialAction = Object.freeze({
  id: "releaseGrab",
  group: "wrestling",
  attack: { kind: "attribute", attribute: "strength", modifier: 0 },
  defense: one("vigor"),
  speed: cls("free"),
  fatigue: 0,
  range: "touch",
  outcomes: [],
} satisfies SpecialAction);

/** The actions that only follow another one's row (never chosen from the list). */
export const FOLLOW_UPS: readonly SpecialAction[] = [COUP_FOLLOW_UP, SHUNT_TRIP, DRAG_BREAK, RELEASE_GRAB];

export function specialAction(id: string): SpecialAction | undefined {
  return SPECIAL_ACTIONS.find((a) => a.id === id) ?? FOLLOW_UPS.find((a) => a.id === id);
}

/**
 * The targets each roll of a special action is against: one roll against them all, or one roll per
 * target for an action that rolls against each (Approach). No target: one roll against none.
 */
export function specialRollGroups<T>(action: SpecialAction, targets: readonly T[]): T[][] {
  return action.rollsEach === true && targets.length > 1 ? targets.map((t) => [t]) : [[...targets]];
}

/**
 * Whether a special action's strike follows its preparation now (the text: "the action requires
 * preparation ... before execution"; "you can cancel preparation at any time"): the preparation of
 * this action, in this combat, was the actor's last act. Another act since, or the preparation called
 * off (cut short: no last act kept), and it is gone: nothing is banked for later.
 */
export function strikeFollows(
  action: SpecialAction,
  prepared: { readonly special?: unknown; readonly combatId?: unknown } | null | undefined,
  combatId: string,
  lastAct: unknown,
): boolean {
  if (!action.preparation) return true;
  return prepared?.special === action.id && prepared.combatId === combatId && lastAct === "prepare";
}

/** The special action needs a weapon (its attack or speed reads one). */
export function usesWeapon(action: SpecialAction): boolean {
  return (
    action.attack.kind === "weapon" ||
    action.attack.kind === "melee" ||
    action.speed.kind !== "class" ||
    action.defense.mode === "weapon"
  );
}

/** The defenses the action is compared with, given the weapon's own defense for `weapon` actions. */
export function specialDefenses(action: SpecialAction, weaponDefense: HodDefense = "primary"): readonly HodDefense[] {
  return action.defense.mode === "weapon" ? [weaponDefense] : action.defense.defenses;
}

/**
 * The defense a target picks for an `or` action: the one the roll does worst against. Otherwise null.
 */
export function targetsChoice(
  action: SpecialAction,
  results: Readonly<Partial<Record<HodDefense, HodAttackResult>>>,
): HodDefense | null {
  if (action.defense.mode !== "or") return null;
  const judged = action.defense.defenses.filter((d) => results[d]);
  if (judged.length === 0) return null;
  return judged.reduce((worst, d) => {
    const a = results[worst]!;
    const b = results[d]!;
    if (a.hit !== b.hit) return a.hit ? d : worst;
    return b.margin < a.margin ? d : worst;
  });
}

/**
 * Which outcomes of a special action happen, from the attack judged against each defense it meets. For
 * `or` actions only the target's choice counts (`targetsChoice`). Great Successes add to the hit; a
 * critical (the rules' critical range on a hit) does not grant a Great Success by itself.
 */
export function specialOutcomes(
  action: SpecialAction,
  results: Readonly<Partial<Record<HodDefense, HodAttackResult>>>,
): SpecialOutcome[] {
  const chosen = targetsChoice(action, results);
  const resultFor = (defense: HodDefense | undefined): HodAttackResult | undefined => {
    if (defense) return results[defense];
    if (chosen) return results[chosen];
    const first = Object.values(results)[0];
    return first;
  };
  return action.outcomes.filter((o) => {
    const result = resultFor(o.defense);
    if (!result?.hit) return false;
    if (o.when === "hit") return true;
    if (o.when === "great") return result.margin >= (o.margin ?? Number.POSITIVE_INFINITY);
    return result.critical;
  });
}
