import { openRequestDialog } from "../play/roll-request-dialog";

/** `renderChatLog`: a GM's "Request a roll" button above the chat input (added once per render). */
export function onRenderChatLog(_app: unknown, html: HTMLElement): void {
  if (!game.user?.isGM || !(html instanceof HTMLElement) || html.querySelector(".anthology-request-button")) return;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "anthology-request-button";
  button.dataset.tooltip = game.i18n!.localize("ANTHOLOGY.Play.Requests.button");
  button.innerHTML = '<i class="fa-solid fa-dice-d20" inert></i> ';
  button.append(game.i18n!.localize("ANTHOLOGY.Play.Requests.button"));
  button.addEventListener("click", (event) => {
    event.preventDefault();
    void openRequestDialog();
  });
  const form = html.querySelector(".chat-form, #chat-form, form");
  if (form) form.before(button);
  else html.append(button);
}
