import { SYSTEM_ID } from "../constants";
import { onRenderChatMessage as onRenderFadeCard } from "../rulesets/fade/chat/card-actions";
import { onRenderHodChatMessage } from "../rulesets/hod/chat/card-actions";

interface CardMessage {
  getFlag(scope: string, key: string): unknown;
}

/** Each rule set's cards, by the flag scope their messages carry (`flags.anthology.<scope>`). */
const CARD_HANDLERS: ReadonlyArray<readonly [string, (message: never, html: HTMLElement) => void]> = [
  ["fade", onRenderFadeCard],
  ["hod", onRenderHodChatMessage],
];

/** `renderChatMessageHTML`: hands a card to the rule set whose flags it carries; other messages are left alone. */
export function onRenderChatCard(message: CardMessage, html: HTMLElement): void {
  for (const [scope, handler] of CARD_HANDLERS) {
    if (message.getFlag(SYSTEM_ID, scope) !== undefined) handler(message as never, html);
  }
}
