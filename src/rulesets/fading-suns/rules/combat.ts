/** Fading Suns combat numbers: stances, the Strength bonus, range, initiative. */

export const STANCE_IDS = Object.freeze(["aggressive", "neutral", "defensive", "fullDefense"] as const);
export type StanceId = (typeof STANCE_IDS)[number];

/**
 * A combat stance's modifiers: aggressive −2 Defense and either +4 to the goal or +2 to damage
 * (default the goal); neutral nothing; defensive +2 Defense and −4 to every goal; full defense +4
 * Defense and no action (goal and damage 0).
 */
export function stance(
  id: StanceId,
  aggressive: "goal" | "damage" = "goal",
): { defense: number; goal: number; damage: number } {
  switch (id) {
    case "aggressive":
      if (aggressive !== "goal" && aggressive !== "damage")
        throw new RangeError(`Not an aggressive choice: ${String(aggressive)}`);
      return aggressive === "goal" ? { defense: -2, goal: 4, damage: 0 } : { defense: -2, goal: 0, damage: 2 };
    case "neutral":
      return { defense: 0, goal: 0, damage: 0 };
    case "defensive":
      return { defense: 2, goal: -4, damage: 0 };
    case "fullDefense":
      return { defense: 4, goal: 0, damage: 0 };
    default:
      throw new RangeError(`Not a Fading Suns stance: ${String(id)}`);
  }
}

/**
 * The Strength bonus chart: 1-5 nothing, 6-8 +1, 9-11 +2, 12 +3; past the chart, +1 for every 3 more
 * (our reading of its steps).
 */
export function strengthDamageBonus(strength: number): number {
  if (!Number.isInteger(strength) || strength < 0)
    throw new RangeError(`Strength is a whole number, not ${String(strength)}`);
  return strength < 6 ? 0 : Math.floor((strength - 3) / 3);
}

export const RANGE_BANDS = Object.freeze(["pointBlank", "short", "long", "extreme", "sniper"] as const);
export type RangeBand = (typeof RANGE_BANDS)[number];

const RANGE: Readonly<Record<RangeBand, number>> = Object.freeze({
  pointBlank: 2,
  short: 0,
  long: -2,
  extreme: -4,
  sniper: -6,
});

/** The range chart's goal modifier: point blank +2, short 0, long −2, extreme −4, sniper −6. */
export function rangeModifier(band: RangeBand): number {
  if (!Object.hasOwn(RANGE, band)) throw new RangeError(`Not a range band: ${String(band)}`);
  return RANGE[band];
}

/** Initiative: Dexterity + Wits (the base initiative) + situation modifiers + the d6 rolled. */
export function initiative(input: { dexterity: number; wits: number; situation?: number; roll: number }): number {
  const whole = (v: unknown, name: string) => {
    if (typeof v !== "number" || !Number.isInteger(v)) throw new RangeError(`${name} must be a whole number`);
    return v;
  };
  const roll = whole(input.roll, "roll");
  if (roll < 1 || roll > 6) throw new RangeError(`roll must be a d6 (1-6), not ${roll}`);
  return (
    whole(input.dexterity, "dexterity") + whole(input.wits, "wits") + whole(input.situation ?? 0, "situation") + roll
  );
}
