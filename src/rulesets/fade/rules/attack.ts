import { labelKeys } from "../../common";
import type { PoolBonus } from "./pool";

/** How an attack is made: which to-hit pool, which attribute adds damage, and which defenses it meets. */
export type FadeAttackKind = "weapon" | "finesse" | "spell";

export interface FadeAttackKindRule {
  readonly toHit: "physicalToHit" | "magicalToHit";
  readonly damageAttribute: "strength" | "agility" | "magic";
  /** Spells meet the target's defenses against spells (Resistance in place of the attribute). */
  readonly vsSpells: boolean;
  readonly key: string;
}

export const ATTACK_KINDS: Readonly<Record<FadeAttackKind, FadeAttackKindRule>> = Object.freeze({
  weapon: {
    toHit: "physicalToHit",
    damageAttribute: "strength",
    vsSpells: false,
    key: "ANTHOLOGY.Fade.AttackKind.weapon",
  },
  finesse: {
    toHit: "physicalToHit",
    damageAttribute: "agility",
    vsSpells: false,
    key: "ANTHOLOGY.Fade.AttackKind.finesse",
  },
  spell: { toHit: "magicalToHit", damageAttribute: "magic", vsSpells: true, key: "ANTHOLOGY.Fade.AttackKind.spell" },
});

export type FadeAttackResult = "criticalHit" | "hit" | "miss" | "criticalFailure" | "impossible";

export const ATTACK_RESULT_KEYS: Readonly<Record<FadeAttackResult, string>> = labelKeys("ANTHOLOGY.Fade.Attack", [
  "criticalHit",
  "hit",
  "miss",
  "criticalFailure",
  "impossible",
]);

/** The penalty a critical failure brings on the attacker's next turn: -2k0 to every check. */
export const CRITICAL_FAILURE_PENALTY: PoolBonus = Object.freeze({ rolled: -2 });

export interface FadeAttackJudgement {
  readonly result: FadeAttackResult;
  readonly key: string;
  readonly hit: boolean;
  readonly critical: boolean;
  readonly criticalFailure: boolean;
  /** The Defense the roll met: the target's, plus the dodge or parry roll when one was made. */
  readonly defense: number;
  /** A dodge or parry failed to stop a critical hit but made it a regular hit. */
  readonly criticalDodged: boolean;
}

/**
 * Judges an attack roll (a RollOutcome fits) against a Defense. It hits when the total reaches the
 * Defense; a critical (every kept die a natural 10) still has to hit. A total of half the Defense or
 * less is a critical failure. A dodge or parry adds its roll to the Defense, and when the attack hits
 * anyway a critical becomes a regular hit. A roll with no kept dice fails without being a critical failure.
 */
export function judgeAttack(
  roll: { readonly total: number; readonly critical?: boolean; readonly impossible?: boolean },
  defense: number,
  options: { readonly dodge?: number } = {},
): FadeAttackJudgement {
  const dodged = options.dodge !== undefined;
  const against = defense + (options.dodge ?? 0);
  const judgement = (result: FadeAttackResult, criticalDodged = false): FadeAttackJudgement => ({
    result,
    key: ATTACK_RESULT_KEYS[result],
    hit: result === "hit" || result === "criticalHit",
    critical: result === "criticalHit",
    criticalFailure: result === "criticalFailure",
    defense: against,
    criticalDodged,
  });
  if (roll.impossible === true) return judgement("impossible");
  if (roll.total >= against) {
    if (roll.critical !== true) return judgement("hit");
    return dodged ? judgement("hit", true) : judgement("criticalHit");
  }
  return roll.total * 2 <= against ? judgement("criticalFailure") : judgement("miss");
}
