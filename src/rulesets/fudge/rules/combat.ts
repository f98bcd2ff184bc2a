/**
 * Yoki's combat: stances, the simultaneous melee round, damage factors and the wound track
 * (fudge.txt; decisions in shared/rules/README.md: the table stands where an example differs).
 */

export const STANCE_IDS = Object.freeze(["violent", "offensive", "normal", "defensive", "protective"] as const);
export type StanceId = (typeof STANCE_IDS)[number];

const STANCES: Readonly<Record<StanceId, { offense: number; defense: number }>> = Object.freeze({
  violent: { offense: 2, defense: -2 },
  offensive: { offense: 1, defense: -1 },
  normal: { offense: 0, defense: 0 },
  defensive: { offense: -1, defense: 1 },
  protective: { offense: -2, defense: 2 },
});

/** A stance's modifiers to offense and defense. */
export function stance(id: StanceId): { offense: number; defense: number } {
  const s = STANCES[id as StanceId];
  if (!s || !Object.hasOwn(STANCES, id)) throw new RangeError(`Not a FUDGE stance: ${String(id)}`);
  return { ...s };
}

/** The lowest result that hits a (roughly) equal-sized foe: Poor. */
export const MINIMUM_TO_HIT = -2;

/**
 * The minimums an attacker may choose: from Infamous (−4) against a far larger foe up to Legendary
 * (+4) against an extremely small one ("a pixie, may require a Good or even a Great result").
 */
export const MINIMUM_CHOICES = Object.freeze({ lowest: -4, highest: 4 } as const);

/**
 * The defender's minimum when the attacker's is `attackerMinimum`: mirrored about Poor, as Scale
 * works both ways ("he needs a Mediocre or even Fair result to hit his smaller foe, while even a
 * Terrible result will allow the small fighter to hit the larger"). Poor gives Poor, Mediocre
 * Terrible, Fair Infamous, Good Terrible −2, Great Terrible −3 and so on down.
 */
export function defenderMinimum(attackerMinimum: number): number {
  if (typeof attackerMinimum !== "number" || !Number.isInteger(attackerMinimum)) {
    throw new RangeError("A minimum to hit is a whole ladder level");
  }
  return 2 * MINIMUM_TO_HIT - attackerMinimum;
}

/** One side of a melee round. */
export interface MeleeSide {
  readonly offense: number;
  readonly defense: number;
  readonly stance?: string;
  /** The foes a lone fighter faces: −1 to offense and defense for each beyond the first. */
  readonly foes?: number;
  /** The lowest offense result that can hit (default Poor; Scale moves it). */
  readonly minimum?: number;
}

const whole = (value: unknown, name: string): number => {
  if (typeof value !== "number" || !Number.isInteger(value)) throw new RangeError(`${name} must be a whole number`);
  return value;
};

function results(side: MeleeSide, roll: number, name: string) {
  const s = stance((side.stance ?? "normal") as StanceId);
  const foes = side.foes === undefined ? 1 : whole(side.foes, `${name}.foes`);
  if (foes < 1) throw new RangeError(`${name}.foes must be at least 1`);
  const outnumbered = -(foes - 1);
  return {
    offense: whole(side.offense, `${name}.offense`) + s.offense + outnumbered + roll,
    defense: whole(side.defense, `${name}.defense`) + s.defense + outnumbered + roll,
    minimum: side.minimum === undefined ? MINIMUM_TO_HIT : whole(side.minimum, `${name}.minimum`),
  };
}

/**
 * A simultaneous melee round: each side rolls 4dF once (rollA, rollB are the sums), the roll counting
 * for its offense and its defense alike. A side hits when its offense result beats the other's
 * defense result (relative degree above 0) and reaches its minimum; both can hit. A stand-off
 * ("nobody is hurt") is a round where neither hits and either a relative degree is 0 ("On a relative
 * degree of 0, the combat round is a stand-off") or neither reached its minimum ("If both opponents
 * roll worse than Poor, the round is a standoff").
 */
export function meleeRound(input: { a: MeleeSide; b: MeleeSide; rollA: number; rollB: number }): {
  a: { hits: boolean; relativeDegree: number };
  b: { hits: boolean; relativeDegree: number };
  standOff: boolean;
} {
  const a = results(input.a, whole(input.rollA, "rollA"), "a");
  const b = results(input.b, whole(input.rollB, "rollB"), "b");
  const aDegree = a.offense - b.defense;
  const bDegree = b.offense - a.defense;
  const aHits = aDegree > 0 && a.offense >= a.minimum;
  const bHits = bDegree > 0 && b.offense >= b.minimum;
  return {
    a: { hits: aHits, relativeDegree: aDegree },
    b: { hits: bHits, relativeDegree: bDegree },
    standOff: !aHits && !bHits && (aDegree === 0 || bDegree === 0 || (a.offense < a.minimum && b.offense < b.minimum)),
  };
}

/** What a hit's damage is worked out from (any number left out counts 0). */
export interface DamageInput {
  readonly relativeDegree: number;
  /** The attacker's Build (muscle-powered weapons). */
  readonly build?: number;
  readonly strengthScale?: number;
  /** Size: −1 no weapon, 0 small, +1 medium, +2 large or light two-handed, +3 two-handed; +1 if sharp. */
  readonly weapon?: { readonly size: number; readonly sharp?: boolean };
  /** The defender's Health. */
  readonly health?: number;
  readonly armor?: number;
  /** A heavy blunt metal weapon: the armor counts half, rounded down. */
  readonly heavyBlunt?: boolean;
  readonly massScale?: number;
}

const n = (value: unknown, name: string): number => {
  if (value === undefined) return 0;
  if (typeof value !== "number" || !Number.isFinite(value)) throw new RangeError(`${name} must be a finite number`);
  return value;
};

/**
 * A hit's damage: offensive factor (2 × relative degree + Build + Strength Scale + weapon size, +1
 * sharp) minus defensive factor (Health + armor, halved against heavy blunt weapons + Mass Scale). A
 * relative degree of +1 is a graze. The result can be negative.
 */
export function damage(input: DamageInput): { damage: number; graze: boolean } {
  const degree = n(input.relativeDegree, "relativeDegree");
  const weapon = input.weapon ? n(input.weapon.size, "weapon.size") + (input.weapon.sharp ? 1 : 0) : 0;
  const offense = 2 * degree + n(input.build, "build") + n(input.strengthScale, "strengthScale") + weapon;
  const armor = n(input.armor, "armor");
  const defense =
    n(input.health, "health") + (input.heavyBlunt ? Math.floor(armor / 2) : armor) + n(input.massScale, "massScale");
  return { damage: offense - defense, graze: degree === 1 };
}

export const WOUNDS = Object.freeze(["scratch", "light", "major", "critical", "coma"] as const);
export type Wound = (typeof WOUNDS)[number];

/** The wound track's boxes for each level (the text's track). */
export const WOUND_BOXES: Readonly<Record<Wound, number>> = Object.freeze({
  scratch: 3,
  light: 2,
  major: 1,
  critical: 1,
  coma: 1,
});

/**
 * The wound a blow deals: 1-3 Scratch, 4-6 Light, 7-9 Major, 10-12 Critical, 13+ Coma; nothing at 0
 * or less. A graze reads the graze table: below 0 nothing, 0-4 Scratch, 5+ Light.
 */
export function woundFor(damageDealt: number, graze = false): "undamaged" | Wound {
  const d = n(damageDealt, "damage");
  if (graze) return d < 0 ? "undamaged" : d <= 4 ? "scratch" : "light";
  if (d <= 0) return "undamaged";
  if (d <= 3) return "scratch";
  if (d <= 6) return "light";
  if (d <= 9) return "major";
  if (d <= 12) return "critical";
  return "coma";
}

export type WoundTrack = Partial<Record<Wound, number>>;

/**
 * A new track with one more box marked for the wound: when its level is full, the next higher level
 * with an open box takes it; with every box from there up full, the track stays as it is (already at
 * Coma). The input is not changed.
 */
export function markWound(track: WoundTrack, wound: Wound): Required<WoundTrack> {
  const from = WOUNDS.indexOf(wound);
  if (from < 0) throw new RangeError(`Not a FUDGE wound: ${String(wound)}`);
  const out = Object.fromEntries(
    WOUNDS.map((w) => [w, Math.max(0, Math.min(WOUND_BOXES[w], Math.trunc(n(track[w], w))))]),
  ) as Record<Wound, number>;
  for (let i = from; i < WOUNDS.length; i++) {
    const level = WOUNDS[i]!;
    if (out[level] < WOUND_BOXES[level]) {
      out[level] += 1;
      break;
    }
  }
  return out;
}

/** The penalty of the worst wound marked: Light −1, Major −2, Critical (and Coma) −3; otherwise 0. */
export function woundPenalty(track: WoundTrack): number {
  const marked = (w: Wound) => n(track[w], w) > 0;
  if (marked("coma") || marked("critical")) return -3;
  if (marked("major")) return -2;
  if (marked("light")) return -1;
  return 0;
}
