/**
 * A goal roll and an attack worked out from plain data: the modified goal from the dialog's choices,
 * a target's Defense, the damage of a hit, and what it does to Vitality against armor. Pure.
 */
import { rangeModifier, stance, type RangeBand, type StanceId } from "./combat";
import { complementaryBonus, quickComplementary } from "./goals";
import {
  CALLED_SHOT,
  CONDITIONS,
  FIGHT_ACTIONS,
  FIRE_ACTIONS,
  FROM_GROUND,
  GOAL_LEVELS,
  MAX_AIM,
  MAX_ATTACKS,
  MAX_GROUP,
  MOVES,
  MULTI_ATTACKS,
  OWN_COVER,
  MAX_COMPLEMENTARY_VP,
  SAME_TURN_COMPLEMENTARY,
  SIGHT,
  SPIRIT_SITUATIONS,
  SOUND,
  TARGET_COVER,
  TARGET_POSTURE,
  TARGET_SLIPPERY,
  UNARMED_DAMAGE,
  entry,
  type Condition,
  type FightAction,
  type FireAction,
  type GoalLevel,
  type Move,
  type OwnCover,
  type Sight,
  type Sound,
  type SpiritSituation,
  type TargetCover,
  type TargetPosture,
} from "./modifiers";
import type { WeaponKind } from "./traits";

/** What the roll dialog lets a player choose; every part optional (absent: no modifier). */
export interface GoalChoices {
  readonly level?: GoalLevel;
  readonly sight?: Sight;
  readonly sound?: Sound;
  readonly conditions?: readonly Condition[];
  /** 0, −2, −4 or −6. */
  readonly calledShot?: number;
  readonly ownCover?: OwnCover;
  readonly fromGround?: boolean;
  readonly move?: Move;
  /** Any other modifier the GM calls for. */
  readonly other?: number;
  /** The Spirit chart's situation at stake. */
  readonly spirit?: SpiritSituation;
  /** Victory Points of a complementary roll, as a goal bonus. */
  readonly complementary?: number;
  /**
   * Quick complementary skills (a world option): the complementary skill's rating, read from the roller's
   * skills; a rolled complementary bonus takes its place (only one complementary skill per roll).
   */
  readonly quickRating?: number;
  /** This roll is a complementary roll made in the same turn as the action it helps (−2). */
  readonly sameTurn?: boolean;
  /** A goal roll in combat: a critical is rerolled. Attacks are always in combat. */
  readonly combat?: boolean;
  /** Attacks. */
  readonly fightAction?: FightAction;
  readonly fireAction?: FireAction;
  readonly range?: RangeBand;
  readonly aim?: number;
  /** Meters charged (a charge's effect dice on a melee attack). */
  readonly charge?: number;
  readonly targetCover?: TargetCover;
  readonly targetPosture?: TargetPosture;
  readonly targetSlippery?: boolean;
  /** Fighters in the melee group around the target (each after the first: +1 Defense). */
  readonly group?: number;
  /** Attacks made in this action (1 to 3): twice −2, three targets −4. */
  readonly attacks?: number;
}

/** What a roll is: a goal roll outside an attack, or an attack in melee or at range (thrown included). */
export type RollKind = "check" | WeaponKind;

/** One line of a goal's modifiers: what it is (an i18n id under the dialog's names) and its value. */
export interface GoalPart {
  readonly id: string;
  readonly value: number;
}

/**
 * The goal penalty of making `attacks` attacks in one action: one 0, twice −2 (Hard), three −4
 * (Demanding). More than three is not in the chart (RangeError).
 */
export function multiAttackPenalty(attacks: number): number {
  const found = MULTI_ATTACKS.find((m) => m.attacks === attacks);
  if (!found) throw new RangeError(`One action makes 1 to ${MAX_ATTACKS} attacks, not ${String(attacks)}`);
  return found.goal;
}

/**
 * Whether an attack's chosen number of attacks covers its targets: one d20 against several targets is
 * one attack each, so two targets need "twice" (−2) and three "three" (−4); more than three cannot be
 * attacked with one action.
 */
export function multiAttackCheck(chosen: number | undefined, targets: number): "ok" | "tooFew" | "tooMany" {
  if (targets > MAX_ATTACKS) return "tooMany";
  return (chosen ?? 1) >= Math.max(1, targets) ? "ok" : "tooFew";
}

/** What a melee attack rolls: Dexterity + the weapon's skill, or (grapple, knockdown) Dexterity + Fight without the weapon. */
export function fightActionRoll(kind: RollKind, action: FightAction | undefined): "weapon" | "fight" {
  return kind === "melee" ? entry(FIGHT_ACTIONS, action, "strike").roll : "weapon";
}

/** The moves a roll of this kind may take: a charge only on a melee attack (a goal roll or a shot reads it as none). */
export function movesFor(kind: RollKind): Move[] {
  return MOVES.filter((m) => m.id !== "charge" || kind === "melee").map((m) => m.id);
}

/** The move as it counts on a roll of this kind (a charge outside melee counts as no move). */
export function moveFor(kind: RollKind, move: Move | undefined): Move {
  const id = entry(MOVES, move, "none").id;
  return movesFor(kind).includes(id) ? id : "none";
}

const clampWhole = (v: number | undefined, min: number, max: number) =>
  Math.max(min, Math.min(max, Math.trunc(Number.isFinite(v) ? (v as number) : 0)));

/** The modifiers the choices bring to a roll of this kind, each non-zero one named. */
export function goalParts(choices: GoalChoices, kind: RollKind): GoalPart[] {
  const parts: GoalPart[] = [];
  const push = (id: string, value: number) => {
    if (value) parts.push({ id, value });
  };
  push("level", entry(GOAL_LEVELS, choices.level, "standard").goal);
  push("sight", entry(SIGHT, choices.sight, "none").goal);
  push("sound", entry(SOUND, choices.sound, "none").goal);
  for (const c of CONDITIONS) if (choices.conditions?.includes(c.id)) push(c.id, c.goal);
  push("calledShot", (CALLED_SHOT as readonly number[]).includes(choices.calledShot ?? 0) ? choices.calledShot! : 0);
  push("ownCover", entry(OWN_COVER, choices.ownCover, "none").goal);
  push("move", entry(MOVES, moveFor(kind, choices.move), "none").goal);
  if (kind === "melee") {
    if (choices.fromGround) push("fromGround", FROM_GROUND);
    push("fightAction", entry(FIGHT_ACTIONS, choices.fightAction, "strike").goal);
  }
  if (kind === "ranged" || kind === "thrown") {
    push("range", rangeModifier(choices.range ?? "short"));
    push("aim", clampWhole(choices.aim, 0, MAX_AIM));
  }
  if (kind === "ranged") push("fireAction", entry(FIRE_ACTIONS, choices.fireAction, "shoot").goal);
  if (kind !== "check") push("multiAttack", multiAttackPenalty(clampWhole(choices.attacks ?? 1, 1, MAX_ATTACKS)));
  push("spirit", entry(SPIRIT_SITUATIONS, choices.spirit, "none").goal);
  const rolled = clampWhole(choices.complementary, 0, MAX_COMPLEMENTARY_VP);
  if (rolled > 0) push("complementary", complementaryBonus(rolled));
  else if (kind === "check" && typeof choices.quickRating === "number" && choices.quickRating > 0)
    push("quickComplementary", quickComplementary(clampWhole(choices.quickRating, 0, 40)));
  if (choices.sameTurn) push("sameTurn", SAME_TURN_COMPLEMENTARY);
  push("other", clampWhole(choices.other, -30, 30));
  return parts;
}

/** A goal: characteristic + skill (the natural goal) plus every modifier. */
export function modifiedGoal(natural: number, parts: readonly GoalPart[]): number {
  return parts.reduce((sum, p) => sum + p.value, natural);
}

/** The moves that cost the mover Defense until it resets at the turn's end: running and charging. */
export const MOVED_IDS = Object.freeze(["none", "run", "charge"] as const);
export type Moved = (typeof MOVED_IDS)[number];

/** The mover's own Defense change of a move (the movement chart): run and charge −2, the rest nothing. */
export function moveDefense(move: Move | undefined): number {
  return entry(MOVES, move, "none").defense;
}

/**
 * What a roll's move leaves on the mover until Defense resets (the end of the turn): a run, or a charge
 * (on a melee attack: `moveFor`); any other move leaves nothing.
 */
export function movedBy(kind: RollKind, move: Move | undefined): Moved {
  const id = moveFor(kind, move);
  return id === "run" || id === "charge" ? id : "none";
}

/**
 * A fighter's own Defense: 0 when surprised, else the base Defense with the stance's change and a run's
 * or charge's −2 (a runner in full defense still loses 2: +4 − 2).
 */
export function ownDefense(input: {
  base: number;
  stance: StanceId;
  aggressive?: "goal" | "damage";
  surprised?: boolean;
  moved?: Moved;
}): number {
  if (input.surprised) return 0;
  return input.base + stance(input.stance, input.aggressive ?? "goal").defense + moveDefense(input.moved);
}

/** A target's Defense against one attack: its own, the battlefield's conditions, and a burst's reduction. */
export interface TargetDefense {
  readonly own: number;
  readonly conditions: number;
  readonly burst: number;
  readonly value: number;
}

export function targetDefense(own: number, choices: GoalChoices, kind: WeaponKind): TargetDefense {
  const posture = entry(TARGET_POSTURE, choices.targetPosture, "standing");
  const conditions =
    entry(TARGET_COVER, choices.targetCover, "none").defense +
    (kind === "melee" ? posture.melee : posture.ranged) +
    (choices.targetSlippery ? TARGET_SLIPPERY : 0) +
    (kind === "melee" ? Math.max(0, clampWhole(choices.group, 0, MAX_GROUP) - 1) : 0);
  const burst = kind === "ranged" ? entry(FIRE_ACTIONS, choices.fireAction, "shoot").defense : 0;
  return { own, conditions, burst, value: own + conditions + burst };
}

/** A hit's damage, part by part: the listed number after bonuses. */
export interface AttackDamage {
  /** The weapon's DMG, unarmed 2, or the fight action's own. */
  readonly base: number;
  /** The Strength bonus (hand-held and thrown weapons, and unarmed). */
  readonly strength: number;
  /** An aggressive fighter's +2 damage. */
  readonly stance: number;
  /** A burst's extra damage. */
  readonly action: number;
  /** The listed number after bonuses (Victory Points do not add: shared/rules/README.md). */
  readonly total: number;
  /** Effect dice shown for the GM (a charge: one per meter charged). */
  readonly effectDice: number;
}

export function attackDamage(input: {
  /** The weapon's DMG, or null unarmed. */
  weapon: number | null;
  kind: WeaponKind;
  choices: GoalChoices;
  strengthBonus: number;
  stanceDamage: number;
  /** The farthest the attacker charges (twice its movement); absent: 100. */
  maxCharge?: number;
}): AttackDamage {
  const { choices, kind } = input;
  const fight = kind === "melee" ? entry(FIGHT_ACTIONS, choices.fightAction, "strike") : null;
  const base = fight?.damage ?? input.weapon ?? UNARMED_DAMAGE;
  // Knockdown's "DMG 0" is flat: neither the Strength bonus nor the stance adds to it.
  const flat = fight?.damage === 0;
  const strength = kind === "ranged" || flat ? 0 : input.strengthBonus;
  const stanceDamage = flat ? 0 : input.stanceDamage;
  const action = kind === "ranged" ? entry(FIRE_ACTIONS, choices.fireAction, "shoot").damage : 0;
  // One effect die per meter charged, up to twice the charger's movement.
  const effectDice =
    kind === "melee" && choices.move === "charge" ? clampWhole(choices.charge, 0, input.maxCharge ?? 100) : 0;
  return {
    base,
    strength,
    stance: stanceDamage,
    action,
    total: base + strength + stanceDamage + action,
    effectDice,
  };
}

/**
 * What an Active Effect's damage bonus (`system.bonuses.damage`) adds to a hit whose listed damage is
 * `damage`: the bonus, never taking the total below 0; knockdown's flat DMG 0 takes none.
 */
export function damageBonus(damage: AttackDamage, bonus: number, kind: WeaponKind, choices: GoalChoices): number {
  const fight = kind === "melee" ? entry(FIGHT_ACTIONS, choices.fightAction, "strike") : null;
  if (fight?.damage === 0 || !Number.isFinite(bonus)) return 0;
  return Math.max(-damage.total, Math.trunc(bonus));
}

/** What a hit does: damage past the armor comes off Vitality (which may go below 0). */
export function applyDamage(input: { vitality: number; damage: number; armor: number }): {
  taken: number;
  after: number;
} {
  const taken = Math.max(0, Math.trunc(input.damage) - Math.max(0, Math.trunc(input.armor)));
  return { taken, after: input.vitality - taken };
}

/** Whether a hit puts its target down (the unconscious status): it took Vitality and left 0 or less. */
export function downedBy(hit: { readonly taken: number; readonly after: number }): boolean {
  return hit.taken > 0 && hit.after <= 0;
}

/** A hit applied to a fighter: when (the GM's apply) and the Vitality it took. */
export interface LaterHit {
  readonly at: number;
  readonly taken: number;
}

/**
 * A fighter's Vitality when a roll was made at `rolledAt`: the Vitality now plus what every hit applied
 * at or after that moment took, at most `max` (the track's maximum). The order in which a GM applies the rows of one round never changes who
 * hit: each attack is judged with the attacker as they stood when it was rolled.
 */
export function vitalityAsRolled(
  now: number,
  hits: readonly LaterHit[],
  rolledAt: number,
  max = Number.POSITIVE_INFINITY,
): number {
  const then = hits.reduce((v, h) => (h.at >= rolledAt ? v + Math.max(0, Math.trunc(h.taken)) : v), Math.trunc(now));
  // Never more than the track holds: a hit's mark cannot make the fighter healthier than unhurt.
  return Math.min(then, Math.max(Math.trunc(now), max));
}

/** A stance as a fighter holds it: the stance and the aggressive fighter's choice. */
export interface HeldStance {
  readonly stance: StanceId;
  readonly aggressive: "goal" | "damage";
}

/**
 * The stance a fighter rolled in at `rolledAt`: the one its turn ended at or after that moment (the GM's
 * record) while the fighter is neutral now, else the stance it holds now.
 */
export function stanceAsRolled(
  now: HeldStance,
  ended: (HeldStance & { readonly at: number }) | null,
  rolledAt: number,
): HeldStance {
  if (!ended || now.stance !== "neutral" || ended.at < rolledAt) return now;
  return { stance: ended.stance, aggressive: ended.aggressive };
}
