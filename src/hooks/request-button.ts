import { openRequestDialog } from "../play/roll-request-dialog";

/** What the chat log's element offers here (the sidebar's, as `renderChatLog` hands it). */
interface ChatLogElement {
  querySelector(selector: string): (Element & { closest?(s: string): Element | null }) | null;
  prepend(...nodes: Node[]): void;
}

/**
 * `renderChatLog`: a GM's "Request a roll" button above the chat input (once per render). The input
 * is `#chat-message` in both generations (a textarea on v13, a ProseMirror element on v14); the
 * button goes before its form, else at the top of the log.
 */
export function onRenderChatLog(_app: unknown, html: ChatLogElement): void {
  if (!game.user?.isGM || typeof html?.querySelector !== "function") return;
  if (html.querySelector(".anthology-request-button")) return;
  const label = game.i18n!.localize("ANTHOLOGY.Play.Requests.button");
  const button = document.createElement("button");
  button.type = "button";
  button.className = "anthology-request-button";
  button.title = label;
  button.textContent = label;
  button.onclick = (event) => {
    event.preventDefault();
    void openRequestDialog();
  };
  const input = html.querySelector("#chat-message");
  const anchor = input?.closest?.("form") ?? input;
  if (anchor) anchor.before(button);
  else html.prepend(button);
}
