import { SYSTEM_ID } from "../../../constants";
import type { Card } from "../../../play/card";
import { CARD_FLAG } from "../../../play/cards";
import { resolve, type PlayMessage } from "../../../play/documents";
import type { CardAction } from "../../../play/kind";
import { warn } from "../../../play/notify";
import type { FadeAttackData, FadeAttackRow, FadeCheckData, FadeSkillData } from "./card-data";
import type { FadeActorDoc } from "./documents";
import { fadeFlows } from "./flow-registry";
import { paidOf } from "./paid";
import { requestOf } from "../../../play/request";

type Rerollable = FadeAttackData | FadeCheckData | FadeSkillData;

/** Whether a card's roll may still be rerolled with Luck: not a reroll itself, not yet rerolled. */
export function rerollable(card: Card<Rerollable, unknown>): boolean {
  return !card.data.luckReroll && !card.data.rerolled;
}

/**
 * A Luck reroll: once per encounter for every 2 Luck, on any check but damage, and never on a roll
 * already rerolled. Counts one reroll used, marks the card (its rows can no longer be applied), and
 * rolls the same choices again on a new card.
 */
async function luckReroll(message: PlayMessage, card: Card<Rerollable, unknown>): Promise<PlayMessage | null> {
  const actor = resolve<FadeActorDoc>(card.actor?.uuid);
  if (!actor) return (warn("ANTHOLOGY.Fade.Errors.actorGone", { name: card.actor?.name ?? "" }), null);
  if (!actor.isOwner) return (warn("ANTHOLOGY.Fade.Errors.notYours", { name: actor.name }), null);
  if (!rerollable(card)) return (warn("ANTHOLOGY.Fade.Errors.alreadyRerolled"), null);
  if (actor.system.luckRerollsLeft <= 0) return (warn("ANTHOLOGY.Fade.Errors.noLuckLeft", { name: actor.name }), null);
  await actor.update({ "system.luckRerollsUsed": actor.system.luckRerollsUsed + 1 });
  // The reroll replaces the roll: a critical failure the old roll brought goes with it.
  await takeBackStatusesOf(actor, message.id);
  if (message.isAuthor || game.user?.isGM) {
    await message.update({ [`flags.${SYSTEM_ID}.${CARD_FLAG}.data.rerolled`]: true });
  }
  // The reroll is paid as its roll was (paid.ts), and names the card it replaces: both in its request.
  const rolled = message.rolls[card.kind === "attack" ? (card.data as FadeAttackData).attackRoll : 0];
  const payment = { paid: paidOf(rolled ? requestOf(rolled) : undefined), rerolls: message.id };
  if (card.kind === "attack") {
    const d = card.data as FadeAttackData;
    // The reroll meets the same dodges the first roll did (they were declared against this attack).
    const dodges = Object.fromEntries(
      (card.targets as ReadonlyArray<{ uuid: string; data: FadeAttackRow }>).flatMap((t) =>
        t.data.dodge ? [[t.uuid, t.data.dodge]] : [],
      ),
    );
    return fadeFlows.flow("postAttack")(actor, d.item, d.weapon, d.choices, card.targets, {
      luckReroll: true,
      dodges,
      ...payment,
    });
  }
  if (card.kind === "skill") {
    const s = card.data as FadeSkillData;
    return fadeFlows.flow("postSkill")(actor, s.skill, s.choices, { luckReroll: true });
  }
  const d = card.data as FadeCheckData;
  return fadeFlows.flow("postCheck")(actor, d.item, d.choices, d.pool, { luckReroll: true, ...payment });
}

/** The Luck reroll button of an attack or check card: for the roller's owners while Luck is left. */
export function luckRerollAction<D extends Rerollable>(_kind: "attack" | "check" | "skill"): CardAction<D, never> {
  return {
    who: "actorOwner",
    enabled: (card) => {
      const actor = resolve<FadeActorDoc>(card.actor?.uuid);
      return rerollable(card) && Boolean(actor?.isOwner) && (actor?.system.luckRerollsLeft ?? 0) > 0;
    },
    run: ({ message, card }) => luckReroll(message, card),
  };
}

interface CombatLike {
  readonly combatants: Iterable<{ readonly actor: FadeActorDoc | null }>;
}

/**
 * `deleteCombat`: an encounter is over, so every Fade combatant's Luck rerolls come back. Written by
 * the active GM only, so the reset happens once.
 */
export async function onDeleteCombat(combat: CombatLike): Promise<void> {
  if (!game.users?.activeGM?.isSelf) return;
  const seen = new Set<string>();
  for (const { actor } of combat.combatants) {
    if (!actor || seen.has(actor.uuid) || !(actor.system?.luckRerollsUsed > 0)) continue;
    seen.add(actor.uuid);
    await actor.update({ "system.luckRerollsUsed": 0 });
  }
}

interface EffectsOwner {
  readonly effects?: Iterable<{ getFlag?(scope: string, key: string): unknown; delete(): Promise<unknown> }>;
}

/** Deletes the statuses a card put on its roller (see `fromCard`). */
async function takeBackStatusesOf(actor: object, messageId: string): Promise<void> {
  for (const effect of [...((actor as EffectsOwner).effects ?? [])]) {
    const fade = effect.getFlag?.(SYSTEM_ID, "fade") as { card?: unknown } | undefined;
    if (fade?.card === messageId) await effect.delete();
  }
}
