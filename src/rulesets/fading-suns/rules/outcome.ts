/**
 * The exact odds of one attack against one target: that it hits, hurts (takes a Vitality point) and
 * drops it (the unconscious status), worked out from the same pure functions the GM's apply runs on
 * every d20 face (and every reroll a face asks for). Pure.
 */
import { outcomeOdds, type OutcomeOdds } from "../../../dice";
import { resolveGoal, judgeAttackRoll, succeeded, type GoalResult } from "./goals";
import { resistFails, resistGoal } from "./follow-ups";
import { applyDamage, downedBy, targetDefense, type GoalChoices } from "./play";
import { WOUND_PENALTIES, woundPenalty, type WeaponKind } from "./traits";

/** An attack as the dialog would roll it, against one target as it stands now. */
export interface FsOutcomeInput {
  /**
   * The attack's goal before the target's Defense: characteristic + skill + every modifier (the weapon's,
   * the stance's, wounds, effects and the dialog's), as the dialog and the card show it.
   */
  readonly goal: number;
  /** How the weapon is used: "melee", "ranged" or "thrown" (which battlefield conditions count). */
  readonly kind: WeaponKind;
  /** The dialog's choices: the target's cover, posture, slippery floor, melee group, a burst, the fight action. */
  readonly choices?: GoalChoices;
  /** A hit's damage: DMG + Strength bonus + stance + burst + effects (Victory Points do not add to it). */
  readonly damage: number;
  /** The target now. */
  readonly target: {
    /** Its own Defense (with stance, a run or charge, surprise), before the battlefield's conditions. */
    readonly defense: number;
    /** The best armor it wears. */
    readonly armor: number;
    /** The Vitality it has left. */
    readonly vitality: number;
    /** A knock-out's roll: its Endurance and Vigor (absent: 0). */
    readonly endurance?: number;
    readonly vigor?: number;
    /** Its wound penalties from the last level up (absent: our default track, −10 … −2). */
    readonly woundPenalties?: readonly number[];
  };
}

/**
 * The odds, each 0..1 with drop ≤ hurt ≤ hit, and the numbers they rest on. Hit: the d20 (rolled under the
 * goal less the target's Defense) succeeds, a success or a critical. Hurt: it hits and takes at least one
 * Vitality point past the armor (or a knock-out knocks the target out). Drop: it hits and the target goes
 * down, 0 Vitality or less, or a knock-out's failed Endurance + Vigor roll.
 */
export interface FsOutcome extends OutcomeOdds {
  /** The goal against this target (its Defense with the battlefield's conditions taken off). */
  readonly goal: number;
  /** The Vitality a hit takes past the armor, and what it leaves. */
  readonly taken: number;
  readonly after: number;
  /** A knock-out: the chance that a hit's target fails its roll and is knocked out; otherwise null. */
  readonly knockOut: number | null;
}

const whole = (v: unknown, name: string): number => {
  if (typeof v !== "number" || !Number.isFinite(v)) throw new RangeError(`${name} must be a finite number`);
  return Math.trunc(v);
};

/**
 * How many of the 400 equally likely ways a d20 and its reroll can fall give a result `pick` keeps: a face
 * that asks for no reroll stands for all 20 of its rerolls.
 */
function outOf400(
  judge: (roll: number, reroll: number | null) => GoalResult,
  pick: (r: GoalResult) => boolean,
): number {
  let count = 0;
  for (let first = 1; first <= 20; first++) {
    const once = judge(first, null);
    if (!once.needsReroll) {
      if (pick(once)) count += 20;
      continue;
    }
    for (let reroll = 1; reroll <= 20; reroll++) if (pick(judge(first, reroll))) count += 1;
  }
  return count;
}

/**
 * The exact chances that an attack hits, hurts and drops its target, as the GM's apply would judge it on
 * every face: the attack's d20 by `judgeAttackRoll` against the goal less `targetDefense`; a hit's damage
 * through the armor by `applyDamage`; down by `downedBy`; a knock-out's follow-up roll (Endurance + Vigor,
 * the wound penalty the hit leaves, less the Vitality it took) by `resistGoal`, `resolveGoal` and
 * `resistFails`. Victory Points change no damage (shared/rules/README.md), so after the d20 only a
 * knock-out's roll is left to chance. What the apply gives besides Vitality and the unconscious status
 * counts in none of the three: knockdown's prone, grapple's hold, a disarm's dropped weapon (each a hit
 * only, past its damage), and a charge's effect dice are not in the damage (the GM resolves them).
 * RangeError on a number that is not finite.
 */
export function attackOutcomeOdds(input: FsOutcomeInput): FsOutcome {
  const goalBefore = whole(input.goal, "goal");
  const damage = Math.max(0, whole(input.damage, "damage"));
  const t = input.target;
  if (!t || typeof t !== "object") throw new RangeError("target is missing");
  const choices = input.choices ?? {};
  const goal = goalBefore - targetDefense(whole(t.defense, "target.defense"), choices, input.kind).value;
  const hit =
    outOf400(
      (roll, reroll) => judgeAttackRoll(goal, roll, reroll),
      (r) => succeeded(r.outcome),
    ) / 400;
  const { taken, after } = applyDamage({
    vitality: whole(t.vitality, "target.vitality"),
    damage,
    armor: whole(t.armor, "target.armor"),
  });
  const down = downedBy({ taken, after });
  // The GM applies no hit of DMG 0 but knockdown's, which takes nothing: only a hit with damage asks a knock-out's roll.
  let knockOut: number | null = null;
  if (choices.fightAction === "knockOut" && damage > 0) {
    const resist = resistGoal("knockOut", {
      characteristics: { endurance: whole(t.endurance ?? 0, "target.endurance") },
      vigor: whole(t.vigor ?? 0, "target.vigor"),
      woundPenalty: woundPenalty(after, t.woundPenalties ?? WOUND_PENALTIES),
      damage: taken,
    }).goal;
    knockOut =
      outOf400(
        (roll, reroll) => resolveGoal({ goal: resist, rolls: reroll === null ? [roll] : [roll, reroll] }),
        (r) => resistFails(r.outcome),
      ) / 400;
  }
  // Already down, the target has nothing to roll; standing, a knock-out's failed roll drops it all the same.
  const drops = down ? 1 : (knockOut ?? 0);
  const hurts = taken > 0 ? 1 : drops;
  return Object.freeze({ ...outcomeOdds(hit, hit * hurts, hit * drops), goal, taken, after, knockOut });
}
