import { SYSTEM_ID } from "../constants";

/** The system's socket channel (system.json declares `"socket": true`). */
export const SOCKET = `system.${SYSTEM_ID}`;

/** A request a player's client asks the GM to carry out; it must check the user's rights itself. */
export type GmHandler = (payload: Record<string, unknown>, userId: string) => Promise<void>;

/** A failure the GM reports back, localised on the asking client. */
export interface Refusal {
  readonly key: string;
  readonly data?: Readonly<Record<string, string>>;
}

interface Message {
  readonly type: string;
  readonly payload?: Record<string, unknown>;
  readonly userId?: string;
  readonly refusal?: Refusal;
}

interface SocketLike {
  emit(channel: string, message: Message): void;
  on(channel: string, fn: (message: Message, senderId?: unknown) => void): void;
}

const handlers = new Map<string, GmHandler>();

/** Registers what the GM does for requests of `type`. */
export function onGmRequest(type: string, handler: GmHandler): void {
  handlers.set(type, handler);
}

function socket(): SocketLike {
  return (game as unknown as { socket: SocketLike }).socket;
}

function warn(refusal: Refusal): void {
  ui.notifications?.warn(game.i18n!.format(refusal.key, { ...refusal.data }));
}

/** Thrown by a handler to refuse a request with a localised message for the user who asked. */
export class RequestRefused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.key);
    this.name = "RequestRefused";
  }
}

/**
 * Runs `type` as the GM: at once on a GM's client, otherwise through the socket on the active GM's.
 * With no GM connected, the user is told so and nothing happens. Returns whether it was carried out
 * (or sent).
 */
export async function requestGm(type: string, payload: Record<string, unknown>): Promise<boolean> {
  const handler = handlers.get(type);
  if (!handler) throw new Error(`No GM handler for "${type}"`);
  if (game.user?.isGM) {
    try {
      await handler(payload, game.user.id!);
      return true;
    } catch (error) {
      if (error instanceof RequestRefused) return (warn(error.refusal), false);
      throw error;
    }
  }
  if (!game.users?.activeGM) {
    warn({ key: "ANTHOLOGY.Socket.noGM" });
    return false;
  }
  socket().emit(SOCKET, { type, payload, userId: game.user!.id! });
  return true;
}

/** Listens on the socket: the active GM carries out requests; a refused user hears why. */
export function listenForGmRequests(): void {
  socket().on(SOCKET, (message, senderId) => {
    if (message.type === "refused") {
      if (message.userId === game.user?.id && message.refusal) warn(message.refusal);
      return;
    }
    if (!game.users?.activeGM?.isSelf) return;
    const handler = handlers.get(message.type);
    // Trust the sender the server names, when it names one, over what the message claims.
    const userId = typeof senderId === "string" ? senderId : message.userId;
    if (!handler || !userId) return;
    handler(message.payload ?? {}, userId).catch((error: unknown) => {
      const refusal =
        error instanceof RequestRefused
          ? error.refusal
          : { key: "ANTHOLOGY.Socket.failed", data: { error: String(error) } };
      socket().emit(SOCKET, { type: "refused", userId, refusal });
      if (!(error instanceof RequestRefused)) console.error(`${SYSTEM_ID} | request "${message.type}" failed`, error);
    });
  });
}
