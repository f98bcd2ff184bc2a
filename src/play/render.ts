import type { Card } from "./card";
import { cardContent, cardOf, requestApply, requestUndo } from "./cards";
import { userById, type PlayMessage, type PlayUser } from "./documents";
import type { AnyCardKind } from "./kind";
import { isInAudience } from "./permissions";

/** The attribute a card's buttons carry: `data-anthology-action="apply"`, and `data-target` for a row. */
const BUTTONS = "[data-anthology-action]";

function currentUser(): PlayUser {
  return game.user as unknown as PlayUser;
}

function targetOf(button: HTMLElement): number | null {
  const raw = button.dataset.target;
  if (raw === undefined || raw === "") return null;
  const n = Number(raw);
  return Number.isInteger(n) && n >= 0 ? n : null;
}

/** Whether this user sees a button, and whether it can still be pressed. */
function buttonState(
  message: PlayMessage,
  card: Card<never, never>,
  kind: AnyCardKind,
  action: string,
  target: number | null,
): { shown: boolean; enabled: boolean } {
  const user = currentUser();
  const row = target === null ? undefined : card.targets[target];
  if (action === "apply") {
    if (!row || !kind.resolveApply || (kind.appliable && !kind.appliable(card, target!))) {
      return { shown: false, enabled: false };
    }
    const audiences = kind.applyBy ?? ["actorOwner", "targetOwner"];
    const shown = user.isGM || audiences.some((a) => isInAudience(a, user, message, card, target));
    return { shown, enabled: !row.applied };
  }
  if (action === "undo") return { shown: Boolean(user.isGM && row?.applied), enabled: true };
  const spec = kind.actions?.[action];
  if (!spec || (target !== null && !row)) return { shown: false, enabled: false };
  return {
    shown: isInAudience(spec.who, user, message, card, target),
    enabled: spec.enabled ? spec.enabled(card, target, message) : true,
  };
}

/** What a pressed button does: apply and undo go to the GM; a kind's own button runs here. */
export async function pressCardButton(message: PlayMessage, action: string, target: number | null): Promise<unknown> {
  const read = cardOf(message);
  if (!read || "error" in read) return null;
  if (action === "apply" && target !== null) return requestApply(message, target);
  if (action === "undo" && target !== null) return requestUndo(message, target);
  const spec = read.kind.actions?.[action];
  if (!spec || !isInAudience(spec.who, currentUser(), message, read.card, target)) return null;
  if (spec.enabled && !spec.enabled(read.card, target, message)) return null;
  return spec.run({ message, card: read.card, target });
}

/** Whether this user sees a card's button, and whether it can still be pressed (null: not a card). */
export function cardButtonState(
  message: PlayMessage,
  action: string,
  target: number | null = null,
): { shown: boolean; enabled: boolean } | null {
  const read = cardOf(message);
  if (!read || "error" in read) return null;
  return buttonState(message, read.card, read.kind, action, target);
}

/** A card that cannot be read shows why, in the user's language, instead of its content. */
function showError(html: HTMLElement, error: string): void {
  const note = document.createElement("p");
  note.className = "anthology-card-error";
  note.textContent = game.i18n!.format("ANTHOLOGY.Play.Errors.unreadable", { error });
  const content = html.querySelector(".message-content");
  if (content) content.replaceChildren(note);
  else {
    for (const button of html.querySelectorAll(BUTTONS)) button.remove();
    html.append(note);
  }
}

/** Hides the buttons this user may not press, disables the spent ones, and wires the rest. */
function wireButtons(message: PlayMessage, html: HTMLElement, card: Card<never, never>, kind: AnyCardKind): void {
  for (const button of html.querySelectorAll<HTMLButtonElement>(BUTTONS)) {
    const action = button.dataset.anthologyAction ?? "";
    const target = targetOf(button);
    const state = buttonState(message, card, kind, action, target);
    if (!state.shown) {
      button.remove();
      continue;
    }
    button.disabled = !state.enabled;
    if (!state.enabled) continue;
    button.addEventListener("click", (event) => {
      event.preventDefault();
      button.disabled = true;
      void pressCardButton(message, action, target).finally(() => {
        // The GM's update re-renders the card; until then the button can be pressed again.
        button.disabled = false;
      });
    });
  }
}

/**
 * `renderChatMessageHTML`, for every rule set's cards. What is shown is rendered here, on this
 * user's client, from the card's data and the message's rolls: a message's HTML is whatever its
 * author wrote, so it is never shown as the card (a card cannot say "3 damage" over a roll of 100).
 * The author's HTML is taken out at once and the card's own put in its place, with the buttons this
 * user may press. Runs on every render, so a card updated by the GM shows its new state everywhere.
 * Resolves once the card is in place.
 */
export function onRenderCard(message: PlayMessage, html: HTMLElement): Promise<void> | void {
  const read = cardOf(message);
  if (!read) return;
  if ("error" in read) return showError(html, read.error);
  if (read.kind.gmAuthored && !userById(message.author?.id ?? "")?.isGM) {
    return showError(html, game.i18n!.localize("ANTHOLOGY.Play.Errors.notAGmsCard"));
  }
  const content = html.querySelector<HTMLElement>(".message-content");
  if (!content) return wireButtons(message, html, read.card, read.kind);
  content.replaceChildren();
  html.querySelector(".flavor-text")?.remove();
  // A blind card's author sees none of it, as Foundry shows none of a blind roll to its roller.
  if ((message as { isContentVisible?: boolean }).isContentVisible === false) return;
  return cardContent(read.kind, read.card, message.rolls).then(
    (own) => {
      content.innerHTML = own;
      wireButtons(message, html, read.card, read.kind);
    },
    (error: unknown) => {
      console.error("anthology | a card could not be rendered", error);
      showError(html, String(error instanceof Error ? error.message : error));
    },
  );
}
