/**
 * A knock-out's or disarm's follow-up, rolled by the target's owner from the hit's applied row: a goal roll
 * of the characteristic + Vigor against the damage the hit did, on a card of its own whose failure the GM
 * applies (unconscious, or the weapons in hand dropped), with Undo.
 */
import { newCard } from "../../../play/card";
import { cardOf, markRowDone, postCard, refOf, rowRecord } from "../../../play/cards";
import { rollFor } from "../../../play/dice-roll";
import { resolve, type PlayActor, type PlayMessage, type PlayRoll } from "../../../play/documents";
import { warn } from "../../../play/notify";
import { isOneOf } from "../../common";
import { RESIST_ACTIONS, resolveGoal } from "../rules";
import type { FsAttackData, FsAttackRow } from "./card-data";
import { faceOf, mayRoll, type FsActorDoc } from "./flow";
import { RESISTED, fsResistKind } from "./kinds";
import { damageOnRecord, resistGoalOf } from "./resist-record";
import { isFsActor } from "./target";
import type { Card } from "../../../play/card";

type AttackCard = Card<FsAttackData, FsAttackRow>;

/** A follow-up's d20 against `goal` (`request` names what it answers), and a second one when a critical asks for it. */
export async function rollGoal(goal: number, request: Readonly<Record<string, unknown>>) {
  const first = await rollFor("1d20", request);
  const rolls: PlayRoll[] = [first];
  const roll = faceOf(first);
  let reroll: number | null = null;
  if (resolveGoal({ goal, rolls: [roll] }).needsReroll) {
    const second = await rollFor("1d20", { reroll: true });
    rolls.push(second);
    reroll = faceOf(second);
  }
  return { rolls, roll, reroll, result: resolveGoal({ goal, rolls: reroll === null ? [roll] : [roll, reroll] }) };
}

/** The target of an applied knock-out or disarm rolls against its damage, once per apply. */
export async function resistHit(message: PlayMessage, index: number): Promise<PlayMessage | null> {
  const read = cardOf(message);
  if (!read || "error" in read || read.card.ruleSet !== "fading-suns" || read.card.kind !== "attack")
    return (warn("ANTHOLOGY.Play.Errors.cardGone"), null);
  const card = read.card as unknown as AttackCard;
  const row = card.targets[index];
  const action = card.data.choices.fightAction;
  if (!row || !isOneOf(RESIST_ACTIONS, action)) return (warn("ANTHOLOGY.Play.Errors.cardGone"), null);
  const actor = resolve<FsActorDoc & PlayActor>(row.uuid);
  if (!actor || !isFsActor(actor as never)) return (warn("ANTHOLOGY.Play.Errors.targetGone", { name: row.name }), null);
  if (!mayRoll(actor)) return null;
  const record = rowRecord(message, card as never, index);
  if (record.done.includes(RESISTED)) return (warn("ANTHOLOGY.FadingSuns.Errors.resisted", { name: actor.name }), null);
  const damage = record.applied ? damageOnRecord(message, card, index, actor) : null;
  if (damage === null) return (warn("ANTHOLOGY.FadingSuns.Errors.hitNotOnRecord", { name: actor.name }), null);
  const { natural, parts, goal } = resistGoalOf(actor, action, damage);
  const { rolls, roll, reroll, result } = await rollGoal(goal, { resist: { against: message.id, row: index } });
  const resist = newCard({
    ruleSet: "fading-suns",
    kind: fsResistKind.id,
    actor: refOf(actor),
    data: {
      against: message.id,
      row: index,
      action,
      damage,
      natural,
      parts,
      goal,
      roll,
      reroll,
      outcome: result.outcome,
      victoryPoints: result.victoryPoints,
    },
    targets: [{ ...refOf(actor), data: {} }],
  });
  const posted = await postCard({ kind: fsResistKind, card: resist, rolls, speaker: { actor } });
  await markRowDone(message, card as never, index, RESISTED);
  return posted;
}
