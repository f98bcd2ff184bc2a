/**
 * An attack's roll judged against a target's defense as it stands now (or as it stood at the start of
 * the attack's Time Count): when the card is rolled, and again when the GM applies its row.
 */
import { judgeToHit, type HodToHit } from "../rules/to-hit";
import type { HodDefense } from "../rules/attack";
import type { CountAt } from "../rules/count-start";
import type { HodDefenseResult } from "./card-data";
import type { HodAttackChoices } from "./dialog-form";
import type { HodActor, HodWeaponSnapshot } from "./documents";
import { defenseFor, meetDefense } from "./target";

/** The defense a choice meets on one target: the one picked, or the target's usual one now (or at count `at`). */
export function chosenOn(
  choice: HodAttackChoices["defense"],
  weapon: HodWeaponSnapshot,
  target: HodActor,
  at: CountAt | null = null,
): HodDefense {
  return choice === "usual" ? defenseFor(weapon, target, at) : choice;
}

/**
 * One defense met by a rolled attack, judged: the defense as the target meets it now, or, for an action
 * on count `at`, as the target stood when that count began, and the outcome.
 */
export function judgeOn(
  toHit: HodToHit,
  rolled: { natural: number; total: number },
  target: HodActor,
  chosen: HodDefense,
  attacker?: string,
  at: CountAt | null = null,
): HodDefenseResult {
  const met = meetDefense(target, chosen, toHit.melee, attacker, at);
  const judged = judgeToHit(toHit, rolled, met.value);
  return { ...met, hit: judged.hit, critical: judged.critical, margin: judged.margin, automatic: judged.automatic };
}
