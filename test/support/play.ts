/**
 * Helpers for pressing chat-card buttons in the stand-in as different users, with the socket between
 * a player's client and the GM's carried by hand (the server names each packet's sender).
 */
import type { Card } from "../../src/play/card";
import type * as Cards from "../../src/play/cards";
import type { PlayMessage } from "../../src/play/documents";
import type * as Render from "../../src/play/render";
import type { StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";

let cards: typeof Cards;
let render: typeof Render;

/** Loads the play layer (after the stand-in's globals are installed: it reaches Foundry's classes). */
export async function loadPlay(): Promise<{ cards: typeof Cards; render: typeof Render }> {
  cards = await import("../../src/play/cards");
  render = await import("../../src/play/render");
  return { cards, render };
}

type User = { id: string; isGM: boolean; isSelf: boolean; targets: Set<unknown> };
const users = () => game.users as unknown as Map<string, User>;

/** The card a message holds, read back through its kind (fails the test when it cannot be read). */
export function cardData<D = Record<string, unknown>, T = Record<string, unknown>>(message: unknown): Card<D, T> {
  const read = cards.cardOf(message as PlayMessage);
  if (!read || "error" in read) throw new Error(`not a readable card: ${read ? read.error : "no card"}`);
  return read.card as unknown as Card<D, T>;
}

/** Presses a card's button (with the row's index for apply and undo) as the current user. */
export function press(message: StandInMessage, action: string, target: number | null = null): Promise<unknown> {
  return render.pressCardButton(message as unknown as PlayMessage, action, target);
}

/** Whether the current user could press a card's button now (it is shown and enabled). */
export function canPress(message: StandInMessage, action: string, target: number | null = null): boolean {
  const state = render.cardButtonState(message as unknown as PlayMessage, action, target);
  return Boolean(state?.shown && state.enabled);
}

/** Runs `fn` as another connected user, as that user's client would. */
export async function as<T>(userId: string, fn: () => Promise<T> | T): Promise<T> {
  const me = game.user as unknown as User;
  const other = users().get(userId)!;
  Object.assign(me, { isSelf: false });
  Object.assign(other, { isSelf: true });
  (game as unknown as { user: User }).user = other;
  try {
    return await fn();
  } finally {
    Object.assign(me, { isSelf: true });
    Object.assign(other, { isSelf: false });
    (game as unknown as { user: User }).user = me;
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/**
 * Carries the last packet sent on the socket to every other client (as the server does, naming its
 * sender), then carries the answer back; returns once both sides have acted on them.
 */
export async function relay(record: StandInRecord, options: { sender?: string | null } = {}): Promise<void> {
  const sent = record.emitted.at(-1) as { message: unknown; from?: string | null };
  const sender = "sender" in options ? options.sender : sent.from;
  const from = sent.from ?? "";
  const listeners = () => record.socketListeners.get("system.anthology") ?? [];
  const count = record.emitted.length;
  for (const user of users().values()) {
    if (user.id === from) continue;
    await as(user.id, async () => {
      for (const fn of listeners()) fn(structuredClone(sent.message), sender ?? undefined);
      await settle();
    });
  }
  // The GM's answer (if it sent one) goes back the same way.
  const answer =
    record.emitted.length > count ? (record.emitted.at(-1) as { message: unknown; from?: string | null }) : null;
  if (!answer) return;
  for (const user of users().values()) {
    if (user.id === answer.from) continue;
    const deliver = async () => {
      for (const fn of listeners()) fn(structuredClone(answer.message), answer.from ?? undefined);
      await settle();
    };
    if (user.id === (game.user as unknown as User).id) await deliver();
    else await as(user.id, deliver);
  }
}

/** Connects other users beside this client (by default a GM, gm1), as a player's tests need. */
export function connect(...others: Array<{ id: string; isGM: boolean }>): void {
  const wanted = others.length ? others : [{ id: "gm1", isGM: true }];
  for (const { id, isGM } of wanted) {
    if (!users().has(id)) users().set(id, { id, isGM, isSelf: false, targets: new Set() });
  }
}

/** Presses a card's button (a row's Apply by default) as the current user and carries the request to the GM and back. */
export async function pressThroughGm(
  record: StandInRecord,
  message: StandInMessage,
  action = "apply",
  row = 0,
): Promise<unknown> {
  const pending = press(message, action, row);
  await relay(record);
  return pending;
}

/**
 * A player's client (user1, not a GM) in a world of `ruleSet` with the play layer loaded, a GM
 * connected: the stand-in's record. Call in `beforeAll`.
 */
export async function playerWorld(ruleSet: string): Promise<StandInRecord> {
  const { installFoundry, loadWorld } = await import("../foundry/stand-in");
  const record = installFoundry({ ruleSet, isGM: false });
  await import("../../src");
  loadWorld(record);
  await loadPlay();
  connect();
  return record;
}

/** Before each test: no notice, packet or scripted die left over from the last one. */
export async function clean(record: StandInRecord): Promise<void> {
  const { fulfillment } = await import("../foundry/dice");
  record.notifications.length = 0;
  record.emitted.length = 0;
  fulfillment.length = 0;
}
