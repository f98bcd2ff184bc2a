import { SYSTEM_ID } from "../../../constants";
import { RequestRefused, onGmRequest, requestGm } from "../../../hooks/socket";
import type { Card } from "../../../play/card";
import { cardOf, replayRolls } from "../../../play/cards";
import { postedAt, messageById, resolve, userById, type PlayActor, type PlayMessage } from "../../../play/documents";
import { ROLLS } from "../../../play/verify";
import { DODGE_STATUS, defenseAgainst, isMeleeAttack, judgeAttack, reactionMeets } from "../rules";
import {
  attackActions,
  checkPaid,
  checkedAttack,
  checkedDodge,
  derivedOf,
  rollsTheSheet,
  writtenFor,
} from "./gm-checks";
import { bindPaid } from "./paid";
import type { FadeAttackData, FadeAttackRow, FadeCheckData } from "./card-data";

/** A dodge or parry a defender declared: its card, its total (from its dice), and which it was. */
export interface DeclaredDodge {
  readonly card: string;
  readonly total: number;
  readonly parry: boolean;
}

interface EffectLike {
  readonly statuses: ReadonlySet<string>;
  getFlag(scope: string, key: string): unknown;
  update(data: object): Promise<unknown>;
}

interface Defender {
  readonly uuid: string;
  readonly effects?: Iterable<EffectLike>;
}

export const USE_DODGE_REQUEST = "fade.useDodge";

const dodgeEffects = (actor: Defender) => [...(actor.effects ?? [])].filter((e) => e.statuses.has(DODGE_STATUS.status));

/** A dodge or parry card, read back: a Fade check card rolled by `actorUuid`, posted before `before`. */
export function dodgeFromCard(cardId: string, actorUuid: string, before?: number): DeclaredDodge | null {
  const message = messageById(cardId);
  const read = message ? cardOf(message) : null;
  if (!message || !read || "error" in read || read.card.ruleSet !== "fade" || read.card.kind !== "check") return null;
  if (read.card.actor?.uuid !== actorUuid) return null;
  const posted = postedAt(message);
  if (before !== undefined && posted !== undefined && posted > before) return null;
  const roll = replayRolls(message)[0];
  if (!roll || roll.outcome.impossible) return null;
  return {
    card: message.id,
    total: roll.outcome.total,
    parry: (read.card.data as unknown as FadeCheckData).item !== null,
  };
}

/**
 * The dodge or parry a defender has declared and not yet spent, read from the card it rolled (its
 * dice worked out again), never from numbers written beside it. Only a dodge check card rolled by
 * this very actor counts, and only one posted before `before` (the attack's time) when given. A dodge
 * spent by the attack card `forCard` still counts for that card.
 */
export function declaredDodge(actor: Defender, before?: number, forCard?: string): DeclaredDodge | null {
  for (const card of declaredDodges(actor, before, forCard)) {
    const dodge = dodgeFromCard(card, actor.uuid, before);
    if (dodge) return dodge;
  }
  return null;
}

/** The cards of the dodges and parries a defender's effects say are declared and not spent (but by `forCard`). */
export function declaredDodges(actor: Defender, _before?: number, forCard?: string): string[] {
  const cards: string[] = [];
  for (const effect of dodgeEffects(actor)) {
    const fade = effect.getFlag(SYSTEM_ID, "fade") as { card?: unknown; spent?: unknown } | undefined;
    if (typeof fade?.card !== "string") continue;
    if (fade.spent !== undefined && fade.spent !== null && fade.spent !== forCard) continue;
    cards.push(fade.card);
  }
  return cards;
}

/**
 * The dodge an attack meets: a declared one, if it meets this attack (a parry only a melee one) and
 * rolls what the defender's sheet gives (a card that does not is left for the GM to refuse).
 */
export function dodgeAgainst(actor: Defender, melee: boolean, before?: number): DeclaredDodge | null {
  for (const card of declaredDodges(actor, before)) {
    const dodge = dodgeFromCard(card, actor.uuid, before);
    if (dodge && reactionMeets(dodge, { melee }) && rollsTheSheet(card, actor as unknown as PlayActor)) return dodge;
  }
  return null;
}

/** Marks a declared dodge spent by an attack card (it meets one attack), as the GM, who may write the defender. */
async function spend(actor: Defender, card: string, by: string): Promise<void> {
  for (const effect of dodgeEffects(actor)) {
    const fade = effect.getFlag(SYSTEM_ID, "fade") as { card?: unknown } | undefined;
    if (fade?.card === card) await effect.update({ [`flags.${SYSTEM_ID}.fade.spent`]: by });
  }
}

/** After an attack card met dodges, asks the GM to spend them (each meets one attack). */
export async function spendDodges(message: PlayMessage, rows: ReadonlyArray<{ data: FadeAttackRow }>): Promise<void> {
  if (rows.some((r) => r.data.dodge)) await requestGm(USE_DODGE_REQUEST, { messageId: message.id });
}

/**
 * What the GM does for an attacker's client: spends the dodges its attack card met. Only a real
 * attack uses a dodge up: the card speaks for its actor (its author owns it, or is a GM), its to-hit
 * roll rolls what the attacker's sheet gives with a weapon the attacker has (gm-checks.ts), it was
 * paid for from the attacker's turn in an encounter (paid.ts), the roll's own request names the
 * dodger, it reaches the dodger's Defense before the dodge is added (the dodge had an attack to
 * meet), and the dodge is the one the dodger declared, rolling what the dodger's sheet gives.
 */
export function registerDodgeRequests(): void {
  onGmRequest(USE_DODGE_REQUEST, async (payload, userId) => {
    const message = messageById(payload.messageId);
    const read = message ? cardOf(message) : null;
    if (!message || !read || "error" in read || read.card.ruleSet !== "fade" || read.card.kind !== "attack") {
      throw new RequestRefused({ key: "ANTHOLOGY.Play.Errors.cardGone" });
    }
    const user = userById(userId);
    if (!user || (!user.isGM && message.author?.id !== userId)) {
      throw new RequestRefused({ key: "ANTHOLOGY.Play.Errors.gmOnly" });
    }
    const card = read.card as unknown as Card<FadeAttackData, FadeAttackRow>;
    const actor = resolve<PlayActor>(card.actor?.uuid);
    if (!card.actor || !actor || !writtenFor(message, actor)) {
      throw new RequestRefused({ key: "ANTHOLOGY.Play.Errors.notTheRoller", data: { name: card.actor?.name ?? "" } });
    }
    const attack = checkedAttack({ rolls: replayRolls(message), data: card.data, actor, actorName: actor.name });
    const key = attack.request.rerolls ?? message.id;
    if (!userById(message.author?.id ?? "")?.isGM) {
      await checkPaid(user, () =>
        bindPaid({
          actorUuid: actor.uuid,
          name: actor.name,
          request: attack.request.raw,
          key,
          actions: attackActions(attack.choices),
          roll: ROLLS.toHit,
        }),
      );
    }
    const melee = isMeleeAttack(attack.weapon, attack.choices);
    for (const [i, row] of card.targets.entries()) {
      const dodge = row.data.dodge;
      if (!dodge || !attack.request.targets?.includes(row.uuid)) continue;
      if (card.targets.findIndex((t) => t.uuid === row.uuid) !== i) continue;
      const target = resolve<PlayActor & Defender>(row.uuid);
      if (!target || !declaredDodges(target).includes(dodge.card)) continue;
      const defense = defenseAgainst(derivedOf(target, target.name), attack.weapon, attack.choices).value;
      if (!judgeAttack(attack.roll.outcome, defense).hit) continue;
      const met = await checkedDodge({ card: dodge.card, dodger: target, user, attack: key, melee });
      if (met) await spend(target, dodge.card, message.id);
    }
  });
}

export type { FadeAttackData };
