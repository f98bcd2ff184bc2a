import { SYSTEM_ID } from "../../../constants";
import { RequestRefused, onGmRequest, requestGm } from "../../../hooks/socket";
import { cardOf, replayRolls } from "../../../play/cards";
import { messageById, resolve, userById, type PlayMessage } from "../../../play/documents";
import { DODGE_STATUS, reactionMeets } from "../rules";
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
  const message = messageById(cardId) as (PlayMessage & { timestamp?: number }) | undefined;
  const read = message ? cardOf(message) : null;
  if (!message || !read || "error" in read || read.card.ruleSet !== "fade" || read.card.kind !== "check") return null;
  if (read.card.actor?.uuid !== actorUuid) return null;
  if (before !== undefined && typeof message.timestamp === "number" && message.timestamp > before) return null;
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
  for (const effect of dodgeEffects(actor)) {
    const fade = effect.getFlag(SYSTEM_ID, "fade") as { card?: unknown; spent?: unknown } | undefined;
    if (typeof fade?.card !== "string") continue;
    if (fade.spent !== undefined && fade.spent !== null && fade.spent !== forCard) continue;
    const dodge = dodgeFromCard(fade.card, actor.uuid, before);
    if (dodge) return dodge;
  }
  return null;
}

/** The dodge an attack meets: a declared one, if it meets this attack (a parry only a melee one). */
export function dodgeAgainst(actor: Defender, melee: boolean, before?: number): DeclaredDodge | null {
  const dodge = declaredDodge(actor, before);
  return dodge && reactionMeets(dodge, { melee }) ? dodge : null;
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
 * What the GM does for an attacker's client: spends the dodges its attack card met, after checking
 * the card is the asking user's own attack (or the GM's) and each dodge is its target's own.
 */
export function registerDodgeRequests(): void {
  onGmRequest(USE_DODGE_REQUEST, async (payload, userId) => {
    const message = messageById(payload.messageId);
    const read = message ? cardOf(message) : null;
    if (!message || !read || "error" in read || read.card.ruleSet !== "fade" || read.card.kind !== "attack") {
      throw new RequestRefused({ key: "ANTHOLOGY.Play.Errors.cardGone" });
    }
    if (!userById(userId)?.isGM && message.author?.id !== userId) {
      throw new RequestRefused({ key: "ANTHOLOGY.Play.Errors.gmOnly" });
    }
    for (const row of read.card.targets as unknown as ReadonlyArray<{ uuid: string; data: FadeAttackRow }>) {
      const dodge = row.data.dodge;
      const target = resolve<Defender>(row.uuid);
      if (!dodge || !target || declaredDodge(target)?.card !== dodge.card) continue;
      await spend(target, dodge.card, message.id);
    }
  });
}

export type { FadeAttackData };
