/**
 * Knockdown's contest, rolled from the cards: the attacker's Strength + Fight from the hit's applied
 * row, then the target's Dexterity + Vigor from that card's row; the GM applies the attacker's card.
 */
import { newCard } from "../../../play/card";
import { markRowDone, postCard, refOf, rowRecord } from "../../../play/cards";
import { messageById, resolve, type PlayActor, type PlayMessage } from "../../../play/documents";
import { warn } from "../../../play/notify";
import type { Card } from "../../../play/card";
import { CONTEST_ACTIONS, type ContestAction, type KnockdownSide } from "../rules";
import { isOneOf } from "../../common";
import type { FsAttackData, FsAttackRow, FsKnockdownData } from "./card-data";
import { mayRoll, type FsActorDoc } from "./flow";
import { KNOCKDOWN_ANSWERED, fsCardOf, fsKnockdownKind, sideGoal } from "./knockdown-kind";
import { rollGoal } from "./resist";
import { fsHoldKind, heldBy, roundNow } from "./hold-kind";
import { isFsActor } from "./target";

type AttackCard = Card<FsAttackData, FsAttackRow>;

async function postSide(
  action: ContestAction,
  side: KnockdownSide,
  actor: FsActorDoc & PlayActor,
  target: FsActorDoc & PlayActor,
  against: string,
  row: number,
): Promise<PlayMessage | null> {
  const { natural, parts, goal } = sideGoal(action, side, actor);
  const { rolls, roll, reroll, result } = await rollGoal(goal, { knockdown: { against, row } });
  const data: FsKnockdownData = {
    action,
    side,
    against,
    row,
    natural,
    parts,
    goal,
    roll,
    reroll,
    outcome: result.outcome,
    victoryPoints: result.victoryPoints,
  };
  const card = newCard({
    ruleSet: "fading-suns",
    kind: fsKnockdownKind.id,
    actor: refOf(actor),
    data,
    targets: [{ ...refOf(target), data: {} }],
  });
  return postCard({ kind: fsKnockdownKind, card, rolls, speaker: { actor } });
}

/** The attacker of an applied knockdown (Strength + Fight) or grapple (Strength + Vigor) rolls against its target. */
export async function knockdownHit(message: PlayMessage, index: number): Promise<PlayMessage | null> {
  const card = fsCardOf<AttackCard>(message, "attack");
  const row = card?.targets[index];
  const action = card?.data.choices.fightAction;
  if (!card || !row || !isOneOf(CONTEST_ACTIONS, action)) return (warn("ANTHOLOGY.Play.Errors.cardGone"), null);
  const attacker = resolve<FsActorDoc & PlayActor>(card.actor?.uuid);
  const target = resolve<FsActorDoc & PlayActor>(row.uuid);
  if (!attacker || !isFsActor(attacker as never)) return (warn("ANTHOLOGY.Play.Errors.cardGone"), null);
  if (!target || !isFsActor(target as never))
    return (warn("ANTHOLOGY.Play.Errors.targetGone", { name: row.name }), null);
  if (!mayRoll(attacker)) return null;
  if (!row.applied) return (warn("ANTHOLOGY.FadingSuns.Errors.hitNotOnRecord", { name: target.name }), null);
  return postSide(action, "attacker", attacker, target, message.id, index);
}

/** The target answers the attacker's roll (knockdown: Dexterity + Vigor; grapple: Strength + Vigor), once per hit. */
export async function answerKnockdown(message: PlayMessage): Promise<PlayMessage | null> {
  const card = fsCardOf<Card<FsKnockdownData, Record<string, never>>>(message, "knockdown");
  const row = card?.targets[0];
  if (!card || !row || card.data.side !== "attacker") return (warn("ANTHOLOGY.Play.Errors.cardGone"), null);
  const target = resolve<FsActorDoc & PlayActor>(row.uuid);
  if (!target || !isFsActor(target as never))
    return (warn("ANTHOLOGY.Play.Errors.targetGone", { name: row.name }), null);
  if (!mayRoll(target)) return null;
  const attackMessage = messageById(card.data.against);
  const attack = fsCardOf<AttackCard>(attackMessage, "attack");
  if (!attackMessage || !attack) return (warn("ANTHOLOGY.Play.Errors.cardGone"), null);
  const record = rowRecord(attackMessage, attack as never, card.data.row);
  if (!record.applied) return (warn("ANTHOLOGY.FadingSuns.Errors.hitNotOnRecord", { name: target.name }), null);
  if (record.done.includes(KNOCKDOWN_ANSWERED))
    return (warn("ANTHOLOGY.FadingSuns.Errors.resisted", { name: target.name }), null);
  const posted = await postSide(card.data.action, "defender", target, target, message.id, 0);
  await markRowDone(attackMessage, attack as never, card.data.row, KNOCKDOWN_ANSWERED);
  return posted;
}

/** A won grapple's attacker posts the grapple's damage for the round the fight is in; the GM applies it. */
export async function squeezeHold(message: PlayMessage): Promise<PlayMessage | null> {
  const card = fsCardOf<Card<FsKnockdownData, Record<string, never>>>(message, "knockdown");
  const row = card?.targets[0];
  if (!card || !row || card.data.action !== "grapple") return (warn("ANTHOLOGY.Play.Errors.cardGone"), null);
  const attacker = resolve<FsActorDoc & PlayActor>(card.actor?.uuid);
  const target = resolve<FsActorDoc & PlayActor>(row.uuid);
  if (!attacker || !isFsActor(attacker as never)) return (warn("ANTHOLOGY.Play.Errors.cardGone"), null);
  if (!target || !isFsActor(target as never))
    return (warn("ANTHOLOGY.Play.Errors.targetGone", { name: row.name }), null);
  if (!mayRoll(attacker)) return null;
  if (!heldBy(message.id, attacker.uuid, target.uuid))
    return (warn("ANTHOLOGY.FadingSuns.Errors.notHeld", { name: target.name }), null);
  const hold = newCard({
    ruleSet: "fading-suns",
    kind: fsHoldKind.id,
    actor: refOf(attacker),
    data: { against: message.id, round: roundNow() },
    targets: [{ ...refOf(target), data: {} }],
  });
  return postCard({ kind: fsHoldKind, card: hold, rolls: [], speaker: { actor: attacker } });
}
