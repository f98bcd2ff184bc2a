/**
 * Roll requests in the stand-in (issue 30): the GM's client posts a request, players answer from its
 * card on their own clients, and the answers reach the GM's client as the server carries them.
 */
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { as, cardData, connect, press, relay } from "./play";

export interface RequestRowView {
  readonly name: string;
  readonly applied: { readonly by: string; readonly summary: Record<string, unknown> } | null;
}

/** Two players (p1, p2) connected beside the GM's client (user1). */
export function connectPlayers(): void {
  connect({ id: "p1", isGM: false }, { id: "p2", isGM: false });
}

/**
 * The two actors a request is asked of, made fresh for each test: the first owned by p1, the second by
 * p2 (each given as the rest of its creation data); the notices and the scripted dice are cleared.
 */
export async function requestActors(
  record: StandInRecord,
  first: object,
  second: object,
): Promise<[StandInActor, StandInActor]> {
  const Actor = (CONFIG.Actor as unknown as { documentClass: { create(data: object): Promise<StandInActor> } })
    .documentClass;
  const made = [
    await Actor.create({ ...first, ownership: { p1: 3 } }),
    await Actor.create({ ...second, ownership: { p2: 3 } }),
  ] as [StandInActor, StandInActor];
  record.notifications.length = 0;
  fulfillment.length = 0;
  return made;
}

/** Every notice shown so far, one a line. */
export const notices = (record: StandInRecord): string => record.notifications.map((n) => n.message).join("\n");

/** Posts a request as the GM (this client): the request's message. */
export async function postRequest(input: object): Promise<StandInMessage> {
  const { postRequest: post } = await import("../../src/play/roll-requests");
  const message = await post(input as never);
  if (!message) throw new Error("the request was not posted");
  return message as unknown as StandInMessage;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

/** While `work` runs on a client, carries each packet it sends to the GM and the answer back (a bounded wait). */
async function relayOnceSent(record: StandInRecord, count: number, work: Promise<unknown>): Promise<void> {
  let done = false;
  void work.finally(() => (done = true));
  let seen = count;
  for (let i = 0; i < 400 && !done; i += 1) {
    if (record.emitted.length > seen) {
      await relay(record);
      // Past the GM's reply: a packet the client sent once it had its answer is still to carry.
      const packets = record.emitted as Array<{ message: { kind?: string } }>;
      seen = packets.map((p) => p.message.kind).lastIndexOf("reply") + 1 || record.emitted.length;
    } else await settle();
  }
  await work;
}

/**
 * A player presses a row's Roll on the request on their client; the roll's card is posted and the
 * GM asked to judge it (the packet carried to the GM and the answer back). The card posted, if any.
 */
export async function answerAs(
  record: StandInRecord,
  userId: string,
  request: StandInMessage,
  row: number,
): Promise<StandInMessage | null> {
  const before = record.messages.length;
  await as(userId, () => relayOnceSent(record, record.emitted.length, press(request, "answer", row)));
  return record.messages.length > before ? (record.messages.at(-1) as StandInMessage) : null;
}

/** A (hostile) player asks the GM to judge a message of theirs as an answer: whether the GM took it. */
export async function sendAnswer(record: StandInRecord, userId: string, message: StandInMessage): Promise<boolean> {
  const { requestGm } = await import("../../src/hooks/socket");
  const { ANSWER_REQUEST } = await import("../../src/play/roll-requests");
  let taken = false;
  await as(userId, () =>
    relayOnceSent(
      record,
      record.emitted.length,
      requestGm(ANSWER_REQUEST, { messageId: message.id }).then((ok) => (taken = ok)),
    ),
  );
  return taken;
}

/** A request card's rows as stored. */
export function requestRows(message: StandInMessage): RequestRowView[] {
  return cardData(message).targets as unknown as RequestRowView[];
}

/** The GM-only copy of a hidden request. */
export function resultsCopy(record: StandInRecord, request: StandInMessage): StandInMessage | undefined {
  return record.messages.find((m) => {
    const card = (m as StandInMessage).getFlag("anthology", "card") as { data?: { of?: string } } | undefined;
    return card?.data?.of === request.id;
  }) as StandInMessage | undefined;
}

/** The view a template was last rendered with (the stand-in renders no Handlebars). */
export function lastView<T = Record<string, unknown>>(record: StandInRecord, template: string): T {
  const found = [...record.rendered].reverse().find((r) => r.path.endsWith(template));
  if (!found) throw new Error(`${template} was not rendered`);
  return found.data as T;
}

/** The request card's view as every client renders it now. */
export async function requestView(message: StandInMessage) {
  const { rollRequestKind } = await import("../../src/play/roll-requests");
  const { cardOf } = await import("../../src/play/cards");
  const read = cardOf(message as never);
  if (!read || "error" in read) throw new Error("not a request card");
  return rollRequestKind.view(read.card as never, { rollHtml: [] }) as {
    hidden: boolean;
    results: boolean;
    rows: Array<{
      name: string;
      answered: boolean;
      answerable: boolean;
      result: { total: number; text: string } | null;
    }>;
  };
}
