/**
 * Knockdown's contest, as the GM applies it: the attacker's Strength + Fight card (its one row is the
 * target) and the target's Dexterity + Vigor answer, both read again from their dice, the goals from the
 * two fighters as they stand, the hit from the attack card's records. The attacker's win knocks the
 * target prone and back 1 m per net Victory Point, up to the attacker's Strength (the GM moves the token).
 */
import type { Card } from "../../../play/card";
import { cardOf, replayRolls, rowRecord } from "../../../play/cards";
import { messageById, postedAt, userById, type PlayMessage } from "../../../play/documents";
import type { ApplyInput, ApplyPlan, CardKind } from "../../../play/kind";
import { refuse } from "../../../play/refuse";
import { requestOf } from "../../../play/request";
import { contestGoal, grappleResult, knockdownResult, type ContestAction, type KnockdownSide } from "../rules";
import { knockdownSchema, type FsAttackData, type FsAttackRow, type FsKnockdownData } from "./card-data";
import { fsFlows } from "./flow-registry";
import { FS_CARD_TEMPLATES, attackRequest, d20, fs, judgeD20s } from "./kinds";
import { knockdownCardView } from "./views";

type KnockdownCard = Card<FsKnockdownData, Record<string, never>>;
export type FsContestCard = KnockdownCard;
type Owned = { testUserPermission(user: unknown, level: string): boolean };
type FighterSystem = {
  characteristics: Record<string, number>;
  naturalSkills: Record<string, number>;
  derived: { woundPenalty: number; bonuses?: { goal?: number } };
};

/** The status a won grapple gives its target: Foundry's core "restrain" (held). */
export const GRAPPLED = "restrain";

/** The mark, kept with the knockdown hit's apply on its target, that the target answered the contest. */
export const KNOCKDOWN_ANSWERED = "knockdownAnswered";

/** A Fading Suns card of `kind` on this message, or null. */
export function fsCardOf<C>(message: PlayMessage | undefined, kind: string): C | null {
  const read = message ? cardOf(message) : null;
  return read && !("error" in read) && read.card.ruleSet === "fading-suns" && read.card.kind === kind
    ? (read.card as unknown as C)
    : null;
}

/** The goal one side of `action`'s contest rolls against, from the fighter as they stand (its effects too). */
export function sideGoal(action: ContestAction, side: KnockdownSide, actor: { readonly system: unknown }) {
  const system = actor.system as FighterSystem;
  return contestGoal(action, side, {
    characteristics: system.characteristics,
    naturalSkills: system.naturalSkills,
    woundPenalty: system.derived.woundPenalty,
    effects: system.derived.bonuses?.goal ?? 0,
  });
}

/** What a message's first roll was rolled for in a knockdown or grapple contest: the hit it answers, or null. */
function contestAsked(message: PlayMessage): { against: unknown; row: unknown } | null {
  const roll = message.rolls[0];
  const asked = roll
    ? (requestOf(roll) as { knockdown?: { against?: unknown; row?: unknown } } | undefined)
    : undefined;
  return asked?.knockdown ? { against: asked.knockdown.against, row: asked.knockdown.row } : null;
}

/**
 * The contest rolls answering `against` (row `row`), the earliest posted first, each with its card (null
 * when its flags no longer read as a knockdown card), rolled by a GM or an owner of `roller`. Found by
 * what each roll was rolled for and when the server stamped its message, never by the card's data, which
 * its author may rewrite: an earlier roll cannot be hidden by rewriting its card.
 */
function answers(
  against: string,
  row: number,
  roller: Owned,
): Array<{ message: PlayMessage; card: KnockdownCard | null }> {
  const all = (game as unknown as { messages: { contents: PlayMessage[] } }).messages.contents;
  return all
    .filter((message) => {
      const asked = contestAsked(message);
      if (asked?.against !== against || asked.row !== row) return false;
      const author = userById(message.author?.id ?? "");
      return !!author && (author.isGM || roller.testUserPermission(author, "OWNER"));
    })
    .map((message) => ({ message, card: fsCardOf<KnockdownCard>(message, "knockdown") }))
    .sort((a, b) => (postedAt(a.message) ?? 0) - (postedAt(b.message) ?? 0));
}

/** One side's roll judged from its message's dice: its request must name what it answers. */
function judgedSide(message: PlayMessage, card: KnockdownCard, actor: { system: unknown }, name: string) {
  const [first, second] = replayRolls(message);
  const asked = (first?.request as { knockdown?: { against?: unknown; row?: unknown } } | undefined)?.knockdown;
  if (asked?.against !== card.data.against || asked.row !== card.data.row)
    refuse("ANTHOLOGY.Play.Errors.badRoll", { name });
  const roll = d20(first, "check", name);
  return judgeD20s(roll, second, sideGoal(card.data.action, card.data.side, actor).goal, name);
}

function resolveKnockdown(input: ApplyInput<FsKnockdownData, Record<string, never>>): ApplyPlan {
  const { card, message } = input;
  const row = card.targets[input.index]!;
  const attacker = fs(input.actor, card.actor?.name ?? "");
  const target = fs(input.target, row.name);
  if (card.data.side !== "attacker") refuse("ANTHOLOGY.Play.Errors.badRoll", { name: row.name });
  // The hit: a knockdown by this attacker on this target, applied on record.
  const attackMessage = messageById(card.data.against);
  const attack = fsCardOf<Card<FsAttackData, FsAttackRow>>(attackMessage, "attack");
  if (!attackMessage || !attack) refuse("ANTHOLOGY.Play.Errors.cardGone");
  const hit = attack.targets[card.data.row];
  if (!hit || hit.uuid !== target.uuid || attack.actor?.uuid !== attacker.uuid)
    refuse("ANTHOLOGY.FadingSuns.Errors.notTheTarget", { name: target.name });
  const attackRoll = replayRolls(attackMessage)[0];
  if (!attackRoll || attackRequest(attackRoll, row.name).choices.fightAction !== card.data.action)
    refuse("ANTHOLOGY.Play.Errors.badRoll", { name: row.name });
  if (!rowRecord(attackMessage, attack as never, card.data.row).applied)
    refuse("ANTHOLOGY.FadingSuns.Errors.hitNotOnRecord", { name: target.name });
  // One contest per hit: only the attacker's first roll for it counts.
  if (answers(card.data.against, card.data.row, attacker as unknown as Owned)[0]?.message.id !== message.id)
    refuse("ANTHOLOGY.FadingSuns.Errors.notFirstKnockdown", { name: target.name });
  const a = judgedSide(message, card, attacker, attacker.name);
  // The target's answer: its first, rolled by its owner (or a GM).
  const first = answers(message.id, 0, target as unknown as Owned)[0];
  const answer = first?.card ? { message: first.message, card: first.card } : null;
  if (!answer || answer.card.actor?.uuid !== target.uuid)
    refuse("ANTHOLOGY.FadingSuns.Errors.notAnswered", { name: target.name });
  if (answer.card.data.action !== card.data.action) refuse("ANTHOLOGY.Play.Errors.badRoll", { name: target.name });
  const b = judgedSide(answer.message, answer.card, target, target.name);
  const side = (s: typeof a) => ({ victoryPoints: s.victoryPoints, critical: s.outcome === "critical" });
  if (card.data.action === "grapple") {
    const held = grappleResult(side(a), side(b));
    if (!held.grappled) refuse("ANTHOLOGY.FadingSuns.Errors.brokeFree", { name: target.name });
    return { updates: {}, statuses: [{ id: GRAPPLED }], summary: { grappled: true, net: held.net } };
  }
  const strength = (attacker.system as unknown as FighterSystem).characteristics.strength ?? 0;
  const result = knockdownResult(side(a), side(b), strength);
  if (!result.knockedDown) refuse("ANTHOLOGY.FadingSuns.Errors.keptFooting", { name: target.name });
  return {
    updates: {},
    statuses: [{ id: "prone" }],
    summary: { meters: result.meters, net: result.net },
  };
}

export const fsKnockdownKind: CardKind<FsKnockdownData, Record<string, never>> = {
  id: "knockdown",
  template: FS_CARD_TEMPLATES.knockdown,
  schema: knockdownSchema,
  view: knockdownCardView,
  actions: {
    // The target's owners answer the attacker's roll with Dexterity + Vigor, once per hit.
    answer: {
      who: "targetOwner",
      enabled: (card) => {
        if (card.data.side !== "attacker") return false;
        const attackMessage = messageById(card.data.against);
        const attack = fsCardOf<Card<FsAttackData, FsAttackRow>>(attackMessage, "attack");
        if (!attackMessage || !attack) return false;
        const record = rowRecord(attackMessage, attack as never, card.data.row);
        return record.applied && !record.done.includes(KNOCKDOWN_ANSWERED);
      },
      run: ({ message }) => fsFlows.flow("answerKnockdown")(message),
    },
    // A won grapple, while the target is held: its attacker posts the grapple's damage for this round.
    squeeze: {
      who: "actorOwner",
      enabled: (card, _target, message) =>
        card.data.action === "grapple" &&
        card.data.side === "attacker" &&
        card.targets[0]?.applied != null &&
        rowRecord(message, card, 0).applied,
      run: ({ message }) => fsFlows.flow("squeeze")(message),
    },
  },
  appliable: (card) => card.data.side === "attacker",
  resolveApply: resolveKnockdown,
};
