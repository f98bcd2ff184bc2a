import { cardOf } from "../play/cards";
import type { PlayMessage } from "../play/documents";

/** A document a batch made in a live world: enough to find what names it, and to delete it. */
export interface LiveDocument {
  readonly id: string;
  readonly uuid: string;
  delete(): Promise<unknown>;
}

/**
 * What a rule set's Quench batch makes in a live world, taken away afterwards: the documents it
 * creates or hands over, and every chat message that names one of them (a card whose actor it is, a
 * line it speaks). `clear` deletes those messages, then the documents, the last made first.
 */
export interface LiveWorld {
  /** Creates an actor from `data`, to be deleted afterwards. */
  actor<T = LiveDocument>(data: object): Promise<T>;
  /** Takes a document the batch made some other way (a combat) into what is deleted afterwards. */
  keep<T extends LiveDocument>(document: T): T;
  clear(): Promise<void>;
}

type LiveMessage = PlayMessage & LiveDocument & { readonly speaker?: { readonly actor?: string | null } };

export function liveWorld(): LiveWorld {
  const made: LiveDocument[] = [];
  return {
    async actor<T>(data: object) {
      const actor = await (Actor as unknown as { create(data: object): Promise<LiveDocument> }).create(data);
      made.push(actor);
      return actor as unknown as T;
    },
    keep(document) {
      made.push(document);
      return document;
    },
    async clear() {
      const uuids = new Set(made.map((d) => d.uuid));
      const speakers = new Set(made.map((d) => d.id));
      const messages = (game as unknown as { messages: Iterable<LiveMessage> }).messages;
      for (const message of [...messages]) {
        const read = cardOf(message);
        const named = read !== null && !("error" in read) && uuids.has(read.card.actor?.uuid ?? "");
        if (named || speakers.has(message.speaker?.actor ?? "")) await message.delete();
      }
      for (const document of made.splice(0).reverse()) await document.delete();
    },
  };
}
