/**
 * The exact chances an attack hits, hurts and drops each of its targets (issue 31), for the attack
 * dialog (from its choices now) and each row of the posted card (from the card's own choices): the
 * attack planned as the GM's apply plans it (`attackPlan`), the target's answer as its Defend or Dodge
 * dialog opens (its trait, weapon and stance on the sheet, 4dF), and the target's wound track.
 */
import type { OutcomeOdds } from "../../../dice/outcome-odds";
import type { Card } from "../../../play/card";
import { resolve } from "../../../play/documents";
import type { TargetOutcome } from "../../../play/outcome-line";
import { WOUNDS, type Wound, type WoundTrack } from "../rules/combat";
import type { Fighter } from "../rules/exchange";
import { planOdds } from "../rules/outcome";
import type { FudgeTables } from "../rules/tables";
import { fudgeTables } from "../settings";
import {
  attackWeapon,
  isFudgeActor,
  rollBonus,
  stanceOf,
  stunPenalty,
  stunOf,
  stunOnRecord,
  trackOf,
  unarmedTrait,
  weaponOf,
  weaponTrait,
  woundPenaltyOf,
  type FudgeItemLike,
  type TraitChoice,
} from "../data/source";
import type { AttackChoices, FudgeAttackData, FudgeRow, ResponseChoices } from "./card-data";
import { attackPlan, itemOn, type FudgeActorDoc, type PlannedAttack, type PlannedResponse } from "./resolve";

/** How a target answers an attack: a melee defense (also a unit's, in a mass battle) or a dodge. */
export type AnswerMode = "defend" | "dodge";

/** The melee weapon a defender fights back with unless it picks another: its first one carried. */
export function defendingWeapon(actor: FudgeActorDoc): FudgeItemLike | null {
  return (
    actor.items.contents.find(
      (i) => i.type === "fudge-weapon" && i.system.ranged !== true && i.system.equipped !== false,
    ) ?? null
  );
}

/** The trait an answer's dialog opens on: the defending weapon's skill (or bare hands'), or Agility to dodge. */
export function answerTrait(actor: FudgeActorDoc, mode: AnswerMode): TraitChoice {
  if (mode === "dodge") return { kind: "attribute", id: "agility" };
  const weapon = defendingWeapon(actor);
  return weapon ? weaponTrait(actor, weaponOf(weapon)) : unarmedTrait(actor);
}

/**
 * The answer a target gives unless its owner picks otherwise: its dialog's first choices, at the
 * penalty its wounds give (its track now, or `wounds`), its stun and its bonuses.
 */
export function expectedAnswer(
  actor: FudgeActorDoc,
  mode: AnswerMode,
  wounds: WoundTrack = trackOf(actor),
): PlannedResponse {
  const choices: ResponseChoices = {
    trait: answerTrait(actor, mode),
    modifier: 0,
    stance: stanceOf(actor),
    foes: 1,
    weapon: mode === "defend" ? (defendingWeapon(actor)?.id ?? null) : null,
    berserk: false,
    feint: false,
    pull: null,
    defendOnly: false,
    dice: 4,
  };
  const penalty = woundPenaltyOf(actor, wounds) + stunPenalty(stunOf(actor)) + rollBonus(actor);
  return { actor, choices, penalty, stunned: stunOf(actor) };
}

const modeOf = (attack: PlannedAttack): AnswerMode =>
  attack.weapon.ranged && !attack.choices.mass ? "dodge" : "defend";

/**
 * The chances of one attack on `target`, the other targets of a lone fighter's melee round counted
 * (it wounds this one only having beaten or tied them all), against the target's `wounds` (its track
 * now unless given, its penalty read from it). Null when the attack cannot be planned.
 */
export function attackOdds(
  attack: PlannedAttack,
  target: FudgeActorDoc,
  others: readonly FudgeActorDoc[] = [],
  wounds: WoundTrack = trackOf(target),
  tables: FudgeTables = fudgeTables(),
): OutcomeOdds | null {
  try {
    const mode = modeOf(attack);
    const plan = attackPlan(attack, target, expectedAnswer(target, mode, wounds), tables);
    if (!plan) return null;
    const c: AttackChoices = attack.choices;
    const alsoFacing: Fighter[] = [];
    if (plan.kind === "melee") {
      for (const other of others) {
        const p = attackPlan(attack, other, expectedAnswer(other, mode), tables);
        if (p?.kind === "melee") alsoFacing.push(p.defender);
      }
    }
    return planOdds(
      plan,
      { dice: 4, wounds, stunOnRecord: stunOnRecord(target) },
      { stun: c.stun, alsoFacing, tables },
    );
  } catch (error) {
    // Numbers the rules refuse (a sheet edited by hand) show no line rather than break the dialog or card.
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/** Each target's line: its name and the chances (targets the attack cannot be planned on are left out). */
export function attackOutcomes(attack: PlannedAttack, targets: readonly FudgeActorDoc[]): TargetOutcome[] {
  const tables = fudgeTables();
  return targets.flatMap((target, i) => {
    const others = targets.filter((_, j) => j !== i);
    const odds = attackOdds(attack, target, others, trackOf(target), tables);
    return odds ? [{ name: target.name, odds }] : [];
  });
}

/** A target's track without the box this row's own Apply marked (the line does not move when it lands). */
function withoutOwnBlow(track: Required<WoundTrack>, summary: Readonly<Record<string, unknown>> | undefined) {
  const marked = summary?.marked;
  if (typeof marked !== "string" || !(WOUNDS as readonly string[]).includes(marked)) return track;
  const box = marked as Wound;
  return { ...track, [box]: Math.max(0, track[box] - 1) };
}

const fudgeDoc = (uuid: string | null | undefined): FudgeActorDoc | null => {
  const actor = resolve<FudgeActorDoc>(uuid);
  return actor && isFudgeActor(actor) ? actor : null;
};

/**
 * A posted attack card's line per row, from the card's own choices and the wound penalty it rolled
 * with, the attacker's weapon and each target as they stand (a row's own applied blow taken back):
 * display only, the GM's apply works the row out again. Null for a row whose actors are gone.
 */
export function cardOutcomes(card: Card<FudgeAttackData, FudgeRow>): Array<TargetOutcome | null> {
  const none = card.targets.map(() => null);
  const attacker = fudgeDoc(card.actor?.uuid);
  if (!attacker) return none;
  const d = card.data;
  const item = d.item ? itemOn(attacker, d.item.uuid) : null;
  if (d.item && !item) return none;
  const attack = {
    actor: attacker,
    weapon: attackWeapon(attacker, item, d.choices.trait),
    choices: d.choices,
    penalty: d.penalty,
  };
  const targets = card.targets.map((row) => fudgeDoc(row.uuid));
  const tables = fudgeTables();
  return card.targets.map((row, i) => {
    const target = targets[i];
    if (!target) return null;
    const others = targets.filter((t, j): t is FudgeActorDoc => j !== i && t !== null);
    const odds = attackOdds(attack, target, others, withoutOwnBlow(trackOf(target), row.applied?.summary), tables);
    return odds ? { name: row.name, odds } : null;
  });
}
