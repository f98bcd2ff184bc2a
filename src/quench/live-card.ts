import type { Card } from "../play/card";
import { cardOf } from "../play/cards";
import type { PlayMessage } from "../play/documents";

/**
 * What a rule set's Quench batch reads of the cards it posts in a live world: the card a message
 * holds, typed by its kind's data and rows, and the message as the world holds it now.
 */

/** The card a posted message holds, read back through its kind; a message without one fails the test. */
export function postedCard<D, T>(message: PlayMessage): Card<D, T> {
  const read = cardOf(message);
  if (!read || "error" in read) throw new Error(`not a readable card: ${read ? read.error : "none"}`);
  return read.card as unknown as Card<D, T>;
}

/** The world's copy of a message as it stands now (the GM's apply updates that one). */
export function freshMessage(message: PlayMessage): PlayMessage {
  return (game as unknown as { messages: { get(id: string): PlayMessage } }).messages.get(message.id);
}
