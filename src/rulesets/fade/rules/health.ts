import { labelKeys } from "../../common";

/** Up at 1 HP or more, unconscious at 0 or below, dead at the negative HP of death. */
export type HealthState = "conscious" | "unconscious" | "dead";

export const HEALTH_STATE_KEYS: Readonly<Record<HealthState, string>> = labelKeys("ANTHOLOGY.Fade.Health", [
  "conscious",
  "unconscious",
  "dead",
]);

/** Maximum HP: Class HP + Endurance + HP gained + misc. bonuses. */
export function hpMax(classHp: number, endurance: number, hpGained: number, bonus = 0): number {
  return classHp + endurance + hpGained + bonus;
}

/** The HP at which a character dies: -(2 + Endurance). */
export function deathAt(endurance: number): number {
  return -(2 + endurance);
}

export function healthState(hp: number, death: number): HealthState {
  if (hp <= death) return "dead";
  return hp <= 0 ? "unconscious" : "conscious";
}

/** A bleeding wound's tick: its bleed damage straight off HP (no Deflection, no Soak), and what that leaves. */
export function bleedTick(
  hp: number,
  bleed: number,
  death: number,
): { readonly hpBefore: number; readonly hpAfter: number; readonly state: HealthState } {
  const loss = Math.max(0, Math.trunc(Number.isFinite(bleed) ? bleed : 0));
  const hpAfter = hp - loss;
  return { hpBefore: hp, hpAfter, state: healthState(hpAfter, death) };
}

/**
 * Healing up to the maximum: `amount` HP back, never past `max` (HP already above it stays where it is).
 * Returns the HP after and what was actually regained.
 */
export function healUpTo(
  hp: number,
  amount: number,
  max: number,
): { readonly hpBefore: number; readonly hpAfter: number; readonly healed: number } {
  const wanted = Math.max(0, Math.trunc(Number.isFinite(amount) ? amount : 0));
  const healed = Math.min(wanted, Math.max(0, max - hp));
  return { hpBefore: hp, hpAfter: hp + healed, healed };
}
