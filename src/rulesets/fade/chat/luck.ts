import { SYSTEM_ID } from "../../../constants";
import { cardFlags, postAttack, postCheck, type FadeActorDoc, type FadeMessage } from "./flow";

const warn = (key: string, data: Record<string, string> = {}) =>
  void ui.notifications?.warn(game.i18n!.format(key, data));

/** Whether a card's roll may still be rerolled with Luck: an attack or check, not a reroll itself, not yet rerolled. */
export function rerollable(message: FadeMessage): boolean {
  const flags = cardFlags(message);
  return (flags?.kind === "attack" || flags?.kind === "check") && !flags.luckReroll && !flags.rerolled;
}

/**
 * A Luck reroll: once per encounter for every 2 Luck, on any check but damage, and never on a roll
 * already rerolled. Counts one reroll used, marks the card, and rolls the same pool again on a new card.
 */
export async function luckReroll(message: FadeMessage, actor: FadeActorDoc): Promise<FadeMessage | null> {
  const flags = cardFlags(message);
  if (!flags || (flags.kind !== "attack" && flags.kind !== "check")) {
    warn("ANTHOLOGY.Fade.Errors.noRerollHere");
    return null;
  }
  if (!actor.isOwner) return (warn("ANTHOLOGY.Fade.Errors.notYours", { name: actor.name }), null);
  if (!rerollable(message)) return (warn("ANTHOLOGY.Fade.Errors.alreadyRerolled"), null);
  if (actor.system.luckRerollsLeft <= 0) return (warn("ANTHOLOGY.Fade.Errors.noLuckLeft", { name: actor.name }), null);
  await actor.update({ "system.luckRerollsUsed": actor.system.luckRerollsUsed + 1 });
  if (message.isOwner) await message.update({ [`flags.${SYSTEM_ID}.fade.rerolled`]: true });
  if (flags.kind === "attack") {
    return postAttack(actor, flags.item, flags.weapon, flags.choices, flags.target, { luckReroll: true });
  }
  return postCheck(actor, flags.item, flags.choices, flags.pool, { luckReroll: true });
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
