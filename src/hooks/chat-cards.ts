import { onRenderCard } from "../play/render";
import type { PlayMessage } from "../play/documents";
import { allPlugins } from "../rulesets/plugins";

/** `renderChatMessageHTML`: every rule set's cards through the play layer; a rule set's own wiring after it. */
export function onRenderChatCard(message: unknown, html: HTMLElement): void {
  onRenderCard(message as PlayMessage, html);
  for (const plugin of allPlugins()) plugin.renderCard?.(message as never, html);
}
