import { consciousnessAsked, consciousnessCheckOf, rollConsciousness } from "./check";
import { hodCardFlags } from "./common";
import { appliedCardOf, damageCardOf, requestApplyHodDamage, rollDamageFromAttack } from "./damage";
import { resolve, type HodActor, type HodMessage } from "./documents";
import { rollSpecialDamage } from "./special";

/** What a Heroes of Destiny card's button does when clicked. */
export async function onHodCardAction(message: HodMessage, action: string): Promise<unknown> {
  const flags = hodCardFlags(message);
  if (!flags) return null;
  // A hit rolls its damage once; a second roll would let the better one be kept.
  if (action === "rollDamage" && damageCardOf(message)) return null;
  if (action === "rollDamage" && flags.kind === "attack") return rollDamageFromAttack(message);
  if (action === "rollDamage" && flags.kind === "special") return rollSpecialDamage(message);
  if (action === "applyDamage" && flags.kind === "damage") return requestApplyHodDamage(message);
  if (action === "consciousness") return rollConsciousness(message);
  return null;
}

/**
 * Whether this user may use a card's button: the attacker's owners (and whoever rolled the attack)
 * roll damage; anyone may ask to apply damage (the GM checks the request); the owners of whoever
 * must stay conscious roll that check.
 */
export function mayUseHod(message: HodMessage, action: string): boolean {
  const flags = hodCardFlags(message);
  const gm = Boolean(game.user?.isGM);
  if (action === "rollDamage" && (flags?.kind === "attack" || flags?.kind === "special")) {
    return gm || message.isAuthor || Boolean(resolve<HodActor>(flags.actor.uuid)?.isOwner);
  }
  if (action === "applyDamage" && flags?.kind === "damage") return true;
  if (action === "consciousness") {
    const asked = consciousnessAsked(message);
    return asked !== null && (gm || Boolean(resolve<HodActor>(asked.who.uuid)?.isOwner));
  }
  return false;
}

/** Whether a button has done its work already: damage applied, a check to stay conscious rolled. */
function spent(message: HodMessage, action: string): boolean {
  const flags = hodCardFlags(message);
  if (action === "applyDamage" && flags?.kind === "damage") return appliedCardOf(message) !== null;
  if (action === "rollDamage") return damageCardOf(message) !== null;
  if (action === "consciousness") return consciousnessCheckOf(message) !== null;
  return false;
}

/**
 * `renderChatMessageHTML` for Heroes of Destiny cards: wires their buttons, removes those this user
 * cannot use, and disables those already used (a hit is applied once, a check rolled once).
 */
export function onRenderHodChatMessage(message: HodMessage, html: HTMLElement): void {
  if (!hodCardFlags(message)) return;
  for (const button of html.querySelectorAll<HTMLButtonElement>("[data-hod-action]")) {
    const action = button.dataset.hodAction ?? "";
    if (!mayUseHod(message, action)) {
      button.remove();
      continue;
    }
    if (spent(message, action)) {
      button.disabled = true;
      continue;
    }
    button.addEventListener("click", (event) => {
      event.preventDefault();
      button.disabled = true;
      // A button that did its once-only work stays disabled; otherwise it can be pressed again.
      void onHodCardAction(message, action).finally(() => {
        button.disabled = spent(message, action);
      });
    });
  }
}
