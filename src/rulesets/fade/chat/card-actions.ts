import { cardFlags, requestApplyDamage, rollDamage, type FadeActorDoc, type FadeMessage } from "./flow";
import { luckReroll, rerollable } from "./luck";

function resolveActor(uuid: string): FadeActorDoc | null {
  return (fromUuidSync(uuid as never) as FadeActorDoc | null) ?? null;
}

/** What a card's button does when clicked. */
export async function onCardAction(message: FadeMessage, action: string): Promise<unknown> {
  const flags = cardFlags(message);
  if (!flags) return null;
  if (action === "rollDamage" && flags.kind === "attack") {
    const actor = resolveActor(flags.actor.uuid);
    if (!actor) {
      ui.notifications?.warn(game.i18n!.format("ANTHOLOGY.Fade.Errors.actorGone", { name: flags.actor.name }));
      return null;
    }
    return rollDamage(actor, { attack: flags });
  }
  if (action === "applyDamage" && flags.kind === "damage") return requestApplyDamage(message);
  if (action === "luckReroll" && (flags.kind === "attack" || flags.kind === "check")) {
    const actor = resolveActor(flags.actor.uuid);
    return actor ? luckReroll(message, actor) : null;
  }
  return null;
}

/**
 * Whether this user may use a card's button: the attacker's owners roll damage and reroll (while the
 * roll may be rerolled and Luck is left); anyone may ask to apply damage.
 */
export function mayUse(message: FadeMessage, action: string): boolean {
  const flags = cardFlags(message);
  if (!flags) return false;
  if (action === "luckReroll") {
    if (!rerollable(message) || flags.kind === "damage" || flags.kind === "applied") return false;
    const actor = resolveActor(flags.actor.uuid);
    return Boolean(actor?.isOwner && actor.system.luckRerollsLeft > 0);
  }
  if (game.user?.isGM) return true;
  if (action === "rollDamage" && flags.kind === "attack") {
    return message.isAuthor || Boolean(resolveActor(flags.actor.uuid)?.isOwner);
  }
  return action === "applyDamage" && flags.kind === "damage";
}

/**
 * `renderChatMessageHTML`: wires the buttons of Fade cards, removes those this user cannot use
 * (another player's Roll damage, a reroll without Luck left) and disables Apply once applied.
 */
export function onRenderChatMessage(message: FadeMessage, html: HTMLElement): void {
  const flags = cardFlags(message);
  if (!flags) return;
  for (const button of html.querySelectorAll<HTMLButtonElement>("[data-fade-action]")) {
    const action = button.dataset.fadeAction ?? "";
    if (!mayUse(message, action)) {
      button.remove();
      continue;
    }
    // The card was written before its damage was applied; the flag says whether it has been since.
    if (action === "applyDamage" && flags.kind === "damage" && flags.applied) {
      button.disabled = true;
      continue;
    }
    button.addEventListener("click", (event) => {
      event.preventDefault();
      button.disabled = true;
      void onCardAction(message, action).finally(() => {
        button.disabled = false;
      });
    });
  }
}
