import { energyResponse, resistanceHealingBonus, type EnergyProfile } from "./energy";
import { healUpTo, healthState, type HealthState } from "./health";

/** What healing does to one creature: the amount, the resistance's bonus, and the HP it leaves. */
export interface FadeHealing {
  /** The healing as given (a spell, a potion, the Heal skill: the GM's or the text's number). */
  readonly amount: number;
  /** The tens of the creature's Holy Resistance (living) or Unholy Resistance (undead), at least 1; 0 without. */
  readonly bonus: number;
  /** The damage type whose Resistance gave the bonus, or null. */
  readonly resistance: "holy" | "unholy" | null;
  /** Amount and bonus. */
  readonly total: number;
  readonly hpBefore: number;
  /** Never past the maximum HP. */
  readonly hpAfter: number;
  /** HP actually regained. */
  readonly healed: number;
  readonly healthState: HealthState;
}

/**
 * Heals a creature: "Holy Resistance on a living creature increases healing by the tens digit (minimum
 * of 1), and Unholy Resistance on an undead creature does the same effect for them." The amount and
 * that bonus come back up to the maximum HP, no further. No healing, no bonus.
 */
export function healingFor(input: {
  readonly amount: number;
  readonly hp: number;
  readonly hpMax: number;
  readonly deathAt: number;
  readonly energy?: EnergyProfile;
  /** An undead creature: its Unholy Resistance counts, not its Holy one. */
  readonly undead?: boolean;
}): FadeHealing {
  const amount = Math.max(0, Math.trunc(Number.isFinite(input.amount) ? input.amount : 0));
  const type = input.undead === true ? "unholy" : "holy";
  const bonus = amount > 0 ? resistanceHealingBonus(energyResponse(input.energy, type).resistance) : 0;
  const total = amount + bonus;
  const { hpBefore, hpAfter, healed } = healUpTo(input.hp, total, input.hpMax);
  return {
    amount,
    bonus,
    resistance: bonus > 0 ? type : null,
    total,
    hpBefore,
    hpAfter,
    healed,
    healthState: healthState(hpAfter, input.deathAt),
  };
}
