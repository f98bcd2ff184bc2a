import { allPlugins } from "../rulesets/plugins";

/** `renderChatMessageHTML`: each rule set looks at the message and wires the cards that are its own. */
export function onRenderChatCard(message: unknown, html: HTMLElement): void {
  for (const plugin of allPlugins()) plugin.renderCard?.(message as never, html);
}
