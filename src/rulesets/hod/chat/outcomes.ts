/**
 * An attack's outcome odds (rules/outcome-odds.ts) as the attack dialog and the attack card show them:
 * the target's track read from its actor, and the odds of one row worked out from what the card stored.
 */
import { impairmentCheckPenalty } from "../rules/afflictions";
import { checkBonus, num } from "../rules/derive";
import {
  hodOutcomeOdds,
  type HodOutcomeInput,
  type HodOutcomeOdds,
  type HodOutcomeTarget,
} from "../rules/outcome-odds";
import type { HodToHit } from "../rules/to-hit";
import { sourceOf, type HodActor } from "./documents";

/**
 * A target's numbers as the odds read them, as its sheet stands now: its track (HP, fatigue, bonus HP,
 * Invigoration, the full Threshold of Pain and the hits taken off it), its damage reduction, and what it
 * adds to the check to stay conscious (Constitution, −2 for each impairment) — what the GM's apply and
 * the check's button read.
 */
export function outcomeTarget(actor: HodActor): HodOutcomeTarget {
  const s = actor.system;
  return {
    hp: num(s.hp?.value),
    fatigue: num(s.fatigue),
    bonusHp: num(s.bonusHp),
    invigoration: num(s.invigoration),
    fullTop: num(s.derived.thresholdOfPain),
    topLost: num(s.topLost),
    reduction: Math.max(0, num(s.damageReduction)),
    constitution: checkBonus(sourceOf(actor), "constitution") + impairmentCheckPenalty(s.impairments ?? {}),
  };
}

/**
 * One attack against one target, for the odds: the roll to hit, the defense's value, each hit's damage,
 * and whether a miss still does half damage (a spell that says so; written only then).
 */
export function outcomeInput(
  toHit: HodToHit,
  defense: number,
  damage: { readonly hit: string | null; readonly critical: string | null },
  nonlethal: boolean,
  target: HodOutcomeTarget,
  halfOnMiss = false,
): HodOutcomeInput {
  return {
    bonus: toHit.plan.bonus,
    defense,
    precise: toHit.precise,
    spell: toHit.spell,
    die: toHit.die,
    damage: damage.hit,
    criticalDamage: damage.critical,
    nonlethal,
    ...(halfOnMiss && toHit.spell ? { halfOnMiss: true } : {}),
    target,
  };
}

/** The odds of an input, or null when it cannot be worked out (dice that are not damage, numbers that are not). */
export function oddsOrNull(input: HodOutcomeInput | null): HodOutcomeOdds | null {
  if (!input) return null;
  try {
    return hodOutcomeOdds(input);
  } catch {
    return null;
  }
}
