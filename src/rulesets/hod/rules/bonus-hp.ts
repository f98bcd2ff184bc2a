import { isOneOf } from "../../common";
import { num } from "./derive";

/**
 * How long bonus HP lasts: until the Time Count reaches `tc` (a number of TC from the grant, in the
 * combat it was granted in), until the end of the encounter, until the next rest, or "" (until lost
 * or removed by hand).
 */
export interface BonusHpUntil {
  readonly kind: "" | "tc" | "encounter" | "rest";
  /** The TC it ends at (kind "tc"); −1 otherwise. */
  readonly tc: number;
}

export const BONUS_HP_DURATIONS = Object.freeze(["", "tc", "encounter", "rest"] as const);

export function isBonusDuration(value: unknown): value is BonusHpUntil["kind"] {
  return isOneOf(BONUS_HP_DURATIONS, value);
}

/**
 * A grant of bonus HP on top of what the character has: bonus HP from different effects does not add
 * up; the larger pool stays with its own duration (a tie keeps the new grant, refreshing it). `tcs`
 * counts from `now`, the Time Count of the grant; a TC duration outside a combat lasts until rest.
 */
export function grantBonusHp(
  current: { readonly bonusHp: number; readonly until: BonusHpUntil },
  grant: { readonly amount: number; readonly kind: BonusHpUntil["kind"]; readonly tcs?: number },
  now: number | null,
): { readonly bonusHp: number; readonly until: BonusHpUntil } {
  const amount = Math.max(0, Math.trunc(num(grant.amount)));
  if (amount < Math.max(0, num(current.bonusHp))) return current;
  if (grant.kind === "tc") {
    return now === null
      ? { bonusHp: amount, until: { kind: "rest", tc: -1 } }
      : { bonusHp: amount, until: { kind: "tc", tc: num(now) + Math.max(1, Math.trunc(num(grant.tcs, 1))) } };
  }
  return { bonusHp: amount, until: { kind: grant.kind, tc: -1 } };
}

/**
 * Whether bonus HP has run out at an event: the Time Count reaching a TC, the combat ending (which
 * ends TC durations too) or a rest (which ends every duration but "").
 */
export function bonusHpExpires(until: BonusHpUntil, event: { readonly tc: number } | "combatEnd" | "rest"): boolean {
  if (until.kind === "") return false;
  if (event === "rest") return true;
  if (event === "combatEnd") return until.kind !== "rest";
  return until.kind === "tc" && num(event.tc) >= num(until.tc);
}
