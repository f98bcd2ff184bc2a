import { onRenderCard } from "../play/render";
import type { PlayMessage } from "../play/documents";

/** `renderChatMessageHTML`: every rule set's cards through the play layer (their kinds come from the plug-ins). */
export function onRenderChatCard(message: unknown, html: HTMLElement): Promise<void> | void {
  return onRenderCard(message as PlayMessage, html);
}
