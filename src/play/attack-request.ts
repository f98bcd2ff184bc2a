import { CardError, MAX_TARGETS } from "./card";
import type { ReplayedRoll } from "./kind";
import { refuse } from "./refuse";

/** What an attack roll was rolled for, as the roll itself stores it: the weapon, the dialog's choices, the targets. */
export interface AttackRequest<C, I extends string | null> {
  readonly item: I;
  readonly choices: C;
  readonly targets: string[];
}

/** The targets a roll names in its request: uuids, at most as many as a card has rows (a CardError otherwise). */
export function requestTargets(value: unknown): string[] {
  if (!Array.isArray(value) || value.length > MAX_TARGETS || !value.every((t) => typeof t === "string")) {
    throw new CardError("request targets");
  }
  return value as string[];
}

/**
 * An attack roll's request, read as untrusted data: its targets, its weapon's uuid (or null for an
 * attack without one, where the rule set has such attacks: `unarmed`) and its choices through the rule
 * set's reader. A request that cannot be read refuses the row (`name`) as a bad roll.
 */
export function attackRequestOf<C>(
  roll: ReplayedRoll,
  name: string,
  readChoices: (value: unknown) => C,
  unarmed: true,
): AttackRequest<C, string | null>;
export function attackRequestOf<C>(
  roll: ReplayedRoll,
  name: string,
  readChoices: (value: unknown) => C,
  unarmed: false,
): AttackRequest<C, string>;
export function attackRequestOf<C>(
  roll: ReplayedRoll,
  name: string,
  readChoices: (value: unknown) => C,
  unarmed: boolean,
): AttackRequest<C, string | null> {
  try {
    const r = roll.request as Record<string, unknown> | undefined;
    if (!r || typeof r !== "object") throw new CardError("request");
    const targets = requestTargets(r.targets);
    if (typeof r.item !== "string" && !(unarmed && r.item === null)) throw new CardError("request item");
    return { item: r.item, choices: readChoices(r.choices), targets };
  } catch (error) {
    if (error instanceof CardError) refuse("ANTHOLOGY.Play.Errors.badRoll", { name });
    throw error;
  }
}
