import { isOneOf } from "../../common";
import { stance, strengthDamageBonus, STANCE_IDS, type StanceId } from "./combat";
import { MOVED_IDS, ownDefense, type Moved } from "./play";
import { chargeDistance, movementRate, vitalityMax, woundPenalty, WOUND_PENALTIES } from "./traits";

/** A Fading Suns actor as its numbers need it (stored data and worn armor, already read). */
export interface FadingSunsSource {
  readonly strength: number;
  readonly endurance: number;
  /** Current Vitality; null (never set) is full. */
  readonly vitality: { readonly value: number | null; readonly max: number | null };
  readonly defense: number;
  readonly stance: string;
  readonly aggressive: string;
  readonly surprised: boolean;
  /** A run or charge this turn (−2 Defense until it resets); absent: none. */
  readonly moved?: string;
  /** Ratings of the armor worn. */
  readonly armor: readonly number[];
  /** The species of the movement chart (absent: human) and, for a Vorox, the limbs it moves on. */
  readonly species?: string;
  readonly limbs?: number;
  /** The world's wound penalties, from the last level up (absent: our default track). */
  readonly woundPenalties?: readonly number[];
  /** What Active Effects add (`system.bonuses`): absent or missing ids, 0. */
  readonly bonuses?: Partial<Readonly<Record<BonusId, number>>>;
}

/** The bonuses an Active Effect may target, `system.bonuses.<id>` (docs/fading-suns.md, "Effects that change rolls"). */
export const BONUS_IDS = Object.freeze(["goal", "attack", "damage", "defense", "armor", "wounds"] as const);
export type BonusId = (typeof BONUS_IDS)[number];

/** The bonuses that reach a roll: to every goal, to attacks' goals, to a hit's damage. */
export interface RollBonuses {
  readonly goal: number;
  readonly attack: number;
  readonly damage: number;
}

export interface FadingSunsDerived {
  readonly vitality: { readonly value: number; readonly max: number; readonly maxSet: boolean };
  readonly woundPenalty: number;
  /** The wound penalties it was read from, from the last level up (the sheet's track). */
  readonly woundPenalties: readonly number[];
  /** Vitality at 0 or below. */
  readonly down: boolean;
  readonly strengthBonus: number;
  readonly stance: StanceId;
  readonly aggressive: "goal" | "damage";
  readonly stanceModifiers: { readonly defense: number; readonly goal: number; readonly damage: number };
  /** A run or charge this turn. */
  readonly moved: Moved;
  /** Defense with the stance and a run or charge (0 when surprised), before the battlefield's conditions. */
  readonly defense: number;
  /** The best armor worn (armor does not stack). */
  readonly armor: number;
  /** Movement in meters (the movement chart), and how far a run or a charge goes: twice that. */
  readonly move: number;
  readonly chargeDistance: number;
  /** What Active Effects add to rolls (absent: none). Defense, armor and wounds already hold theirs. */
  readonly bonuses?: RollBonuses;
}

const whole = (v: unknown, fallback = 0) => (typeof v === "number" && Number.isFinite(v) ? Math.trunc(v) : fallback);

export function isStance(value: unknown): value is StanceId {
  return isOneOf(STANCE_IDS, value);
}

/** Everything a sheet and a roll read off a Fading Suns actor besides what it stores. */
export function derive(source: FadingSunsSource): FadingSunsDerived {
  const maxSet = typeof source.vitality.max === "number";
  const max = maxSet ? whole(source.vitality.max) : vitalityMax(whole(source.endurance));
  const value = typeof source.vitality.value === "number" ? whole(source.vitality.value) : max;
  const id = isStance(source.stance) ? source.stance : "neutral";
  const bonus = (id: BonusId) => whole(source.bonuses?.[id]);
  // An effect's wound bonus eases each level's penalty, never past 0.
  const eased = bonus("wounds");
  const penalties = (source.woundPenalties ?? WOUND_PENALTIES).map((p) => (eased ? Math.min(0, p + eased) : p));
  const aggressive = source.aggressive === "damage" ? "damage" : "goal";
  const moved = isOneOf(MOVED_IDS, source.moved) ? source.moved : "none";
  const move = movementRate(source.species ?? "human", whole(source.limbs, 2));
  return {
    vitality: { value, max, maxSet },
    woundPenalty: woundPenalty(value, penalties),
    woundPenalties: penalties,
    down: value <= 0,
    strengthBonus: strengthDamageBonus(Math.max(0, whole(source.strength))),
    stance: id,
    aggressive,
    stanceModifiers: stance(id, aggressive),
    moved,
    defense: ownDefense({
      base: whole(source.defense) + bonus("defense"),
      stance: id,
      aggressive,
      surprised: source.surprised,
      moved,
    }),
    armor: Math.max(0, Math.max(0, ...source.armor.map((a) => whole(a))) + bonus("armor")),
    move,
    chargeDistance: chargeDistance(move),
    bonuses: { goal: bonus("goal"), attack: bonus("attack"), damage: bonus("damage") },
  };
}
