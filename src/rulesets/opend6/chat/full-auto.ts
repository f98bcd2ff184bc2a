/**
 * A full-auto firer's round: the attack card marks its firer (the full-auto status) for the rest of
 * the combat round; attacks on the firer posted after the card find the mark and take the penalty off
 * the firer's defense value (rules/defense-modifiers.ts). The mark names its card, and the penalty
 * counts only while that card is the firer's own full-auto attack, read from its dice' request.
 */
import { SYSTEM_ID } from "../../../constants";
import { cardOf, replayRolls } from "../../../play/cards";
import { messageById, postedAt } from "../../../play/documents";
import { FULL_AUTO_STATUS } from "../rules";
import type { DefenderLike, DefenseCombat } from "./defense";

const FLAG = "opend6FullAuto";

const marks = (actor: DefenderLike) => [...(actor.effects ?? [])].filter((e) => e.statuses.has(FULL_AUTO_STATUS));

const activeCombat = () => (game as unknown as { combat?: DefenseCombat | null }).combat ?? null;

/** Whether the message is `actor`'s OpenD6 attack rolled full auto, posted no later than `before` when both are known. */
function fullAutoCard(id: unknown, actor: DefenderLike, before?: number): boolean {
  const message = messageById(id);
  const read = message ? cardOf(message) : null;
  if (!message || !read || "error" in read || read.card.ruleSet !== "opend6" || read.card.kind !== "attack")
    return false;
  if (read.card.actor?.uuid !== actor.uuid) return false;
  const posted = postedAt(message);
  if (before !== undefined && posted !== undefined && posted > before) return false;
  const index = (read.card.data as { attackRoll?: unknown }).attackRoll;
  const roll = typeof index === "number" ? replayRolls(message)[index] : null;
  return (roll?.request as { choices?: { maneuver?: unknown } } | undefined)?.choices?.maneuver === "fullAuto";
}

/** Whether the actor fired full auto this round (before `before`, when given): its defense value takes the penalty. */
export function firedFullAuto(actor: DefenderLike | null | undefined, before?: number): boolean {
  if (!actor) return false;
  return marks(actor).some((effect) =>
    fullAutoCard((effect.getFlag(SYSTEM_ID, FLAG) as { card?: unknown } | undefined)?.card, actor, before),
  );
}

/**
 * Marks the firer of a full-auto attack for the rest of the round, in a combat it fights in (outside a
 * combat there is no round to count: the GM judges). A second full-auto attack that round replaces the mark.
 */
export async function declareFullAuto(
  actor: DefenderLike,
  message: { readonly id: string },
  combat: DefenseCombat | null = activeCombat(),
): Promise<void> {
  if (!combat || !combat.turns.some((c) => c.actor?.uuid === actor.uuid)) return;
  const old = marks(actor).map((e) => e.id);
  if (old.length) await actor.deleteEmbeddedDocuments?.("ActiveEffect", old);
  await actor.createEmbeddedDocuments?.("ActiveEffect", [
    {
      name: game.i18n!.localize("ANTHOLOGY.OpenD6.Status.fullAuto"),
      img: FULL_AUTO_ICON,
      statuses: [FULL_AUTO_STATUS],
      description: game.i18n!.localize("ANTHOLOGY.OpenD6.Status.fullAutoNote"),
      flags: { [SYSTEM_ID]: { [FLAG]: { card: message.id, combat: combat.id, round: combat.round } } },
    },
  ]);
}

/** The active GM's `updateCombat`: a new round ends the marks of full-auto attacks fired in an earlier round of this combat. */
export async function endFullAuto(combat: DefenseCombat, changed: { round?: unknown }): Promise<void> {
  if (!game.users?.activeGM?.isSelf || !("round" in changed)) return;
  const seen = new Set<string>();
  for (const { actor } of combat.turns) {
    if (!actor || seen.has(actor.uuid)) continue;
    seen.add(actor.uuid);
    const ended = marks(actor).filter((effect) => {
      const mark = effect.getFlag(SYSTEM_ID, FLAG) as { combat?: unknown; round?: unknown } | undefined;
      return mark?.combat === combat.id && typeof mark.round === "number" && mark.round !== combat.round;
    });
    if (ended.length) {
      await actor.deleteEmbeddedDocuments?.(
        "ActiveEffect",
        ended.map((e) => e.id),
      );
    }
  }
}

export const FULL_AUTO_ICON = "icons/svg/target.svg";
