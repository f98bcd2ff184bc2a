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
import type { HodDefense } from "../rules/attack";
import type { HodSource } from "../rules/derive";
import type { SpecialAction } from "../rules/special-actions";
import {
  SPECIAL_DAMAGE_SOURCE_KEYS,
  hodSpecialOutcomeOdds,
  type HodSpecialDamageSource,
  type HodSpecialOutcomeInput,
} from "../rules/special-outcome-odds";
import type { HodToHit } from "../rules/to-hit";
import { sourceOf, type HodActor, type HodWeaponSnapshot } from "./documents";
import type { HodAttackChoices } from "./choices";

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

/** The performer's numbers a special action's damage reads, as whole numbers. */
export function damageSource(source: HodSource): HodSpecialDamageSource {
  return Object.fromEntries(SPECIAL_DAMAGE_SOURCE_KEYS.map((k) => [k, Math.trunc(num(source[k]))]));
}

/**
 * One special action against one target, for the odds: the roll to hit, the value of each defense it
 * meets, the defense a weapon-defense action meets, what its damage is rolled from (the performer's
 * numbers, the weapon `damageWeapon` gives, the dialog's modifier and extra dice; null when the action
 * deals none) and the target.
 */
export function specialOutcomeInput(
  action: SpecialAction,
  toHit: HodToHit,
  met: { readonly defenses: Partial<Record<HodDefense, number>>; readonly weaponDefense: HodDefense },
  damage: { readonly source: HodSource; readonly weapon: HodWeaponSnapshot | null } | null,
  choices: HodAttackChoices,
  target: HodOutcomeTarget,
  immuneToCriticals: boolean,
): HodSpecialOutcomeInput {
  const w = damage?.weapon ?? null;
  return {
    action: action.id,
    bonus: toHit.plan.bonus,
    defenses: met.defenses,
    ...(action.defense.mode === "weapon" ? { weaponDefense: met.weaponDefense } : {}),
    precise: toHit.precise,
    spell: toHit.spell,
    die: toHit.die,
    damage: damage
      ? {
          source: damageSource(damage.source),
          weapon: w ? { category: w.category, damage: w.damage, composite: w.composite, nonlethal: w.nonlethal } : null,
          modifier: Math.trunc(num(choices.damageModifier)),
          extraDice: choices.extraDice?.trim() ?? "",
        }
      : null,
    nonlethal: choices.nonlethal === true,
    ...(immuneToCriticals ? { immuneToCriticals: true } : {}),
    target,
  };
}

/** A special action's odds, or null when they cannot be worked out. */
export function specialOddsOrNull(input: HodSpecialOutcomeInput | null): HodOutcomeOdds | null {
  if (!input) return null;
  try {
    return hodSpecialOutcomeOdds(input);
  } catch {
    return null;
  }
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
