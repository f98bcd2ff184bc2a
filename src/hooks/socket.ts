import { SYSTEM_ID } from "../constants";
import { warn } from "../play/notify";

/** The system's socket channel (system.json declares `"socket": true`). */
export const SOCKET = `system.${SYSTEM_ID}`;

/**
 * What the GM does for a request of one type. `userId` is the user who asked, as the server names the
 * socket's sender (or the GM's own id when the GM asks); the handler checks that user's rights itself.
 */
export type GmHandler = (payload: Record<string, unknown>, userId: string) => Promise<void>;

/** A failure the GM reports back, localised on the asking client. */
export interface Refusal {
  readonly key: string;
  readonly data?: Readonly<Record<string, string>>;
}

/** Thrown by a handler to refuse a request with a localised message for the user who asked. */
export class RequestRefused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.key);
    this.name = "RequestRefused";
  }
}

/** A player's request, and the active GM's answer to it. Identity is never part of either. */
type Packet =
  | { readonly kind: "request"; readonly id: string; readonly type: string; readonly payload: Record<string, unknown> }
  | { readonly kind: "reply"; readonly id: string; readonly to: string; readonly refusal?: Refusal };

interface SocketLike {
  emit(channel: string, packet: Packet): void;
  on(channel: string, fn: (packet: unknown, senderId?: unknown) => void): void;
}

interface UserLike {
  readonly id: string;
  readonly isGM: boolean;
  readonly active?: boolean;
}

/** How long a client waits for the GM's answer before telling the user. */
export const REPLY_TIMEOUT_MS = 30_000;

const handlers = new Map<string, GmHandler>();
const pending = new Map<string, { resolve(ok: boolean): void; timer: ReturnType<typeof setTimeout> }>();
let counter = 0;

/** Registers what the GM does for requests of `type`. */
export function onGmRequest(type: string, handler: GmHandler): void {
  handlers.set(type, handler);
}

function socket(): SocketLike {
  return (game as unknown as { socket: SocketLike }).socket;
}

function userById(id: unknown): UserLike | undefined {
  if (typeof id !== "string") return undefined;
  return (game.users as unknown as { get(id: string): UserLike | undefined } | undefined)?.get(id);
}

function refusalOf(error: unknown, type: string): Refusal {
  if (error instanceof RequestRefused) return error.refusal;
  console.error(`${SYSTEM_ID} | request "${type}" failed`, error);
  return { key: "ANTHOLOGY.Socket.failed", data: { error: String(error instanceof Error ? error.message : error) } };
}

/** Runs a handler for `userId` and says how it went: the refusal, or none. */
async function carryOut(type: string, payload: Record<string, unknown>, userId: string): Promise<Refusal | null> {
  const handler = handlers.get(type);
  if (!handler) return { key: "ANTHOLOGY.Socket.unknown" };
  try {
    await handler(payload, userId);
    return null;
  } catch (error) {
    return refusalOf(error, type);
  }
}

/**
 * Runs `type` as the GM: at once on the active GM's client, otherwise through the socket on the
 * active GM's, waiting for its answer. With no GM connected, or no answer in time, the user is told
 * and nothing happens. Resolves to whether the GM carried it out.
 */
export async function requestGm(type: string, payload: Record<string, unknown>): Promise<boolean> {
  if (!handlers.has(type)) throw new Error(`No GM handler for "${type}"`);
  const activeGm = (game.users as unknown as { activeGM?: UserLike | null } | undefined)?.activeGM ?? null;
  const self = game.user as unknown as UserLike | undefined;
  if (self && activeGm && activeGm.id === self.id) {
    const refusal = await carryOut(type, payload, self.id);
    if (refusal) warn(refusal.key, refusal.data);
    return refusal === null;
  }
  if (!activeGm) {
    warn("ANTHOLOGY.Socket.noGM");
    return false;
  }
  counter += 1;
  const id = `${Date.now().toString(36)}.${counter}.${Math.random().toString(36).slice(2, 8)}`;
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      warn("ANTHOLOGY.Socket.noAnswer");
      resolve(false);
    }, REPLY_TIMEOUT_MS);
    pending.set(id, { resolve, timer });
    socket().emit(SOCKET, { kind: "request", id, type, payload: structuredClone(payload) });
  });
}

/**
 * Listens on the socket. The active GM carries out requests for the user the server names as their
 * sender, and answers that user; a client accepts an answer only to its own pending request, and only
 * from a GM. Anything else (a packet without a sender, a forged answer, a malformed packet) is dropped.
 */
export function listenForGmRequests(): void {
  socket().on(SOCKET, (raw, senderId) => {
    const sender = userById(senderId);
    if (!sender || !raw || typeof raw !== "object") return;
    const packet = raw as Partial<Packet>;
    if (packet.kind === "reply") return void onReply(packet, sender);
    if (packet.kind !== "request" || typeof packet.id !== "string" || typeof packet.type !== "string") return;
    const activeGm = (game.users as unknown as { activeGM?: UserLike | null }).activeGM;
    const self = game.user as unknown as UserLike | undefined;
    if (!activeGm || !self || activeGm.id !== self.id) return;
    const payload = packet.payload && typeof packet.payload === "object" ? packet.payload : {};
    const { id, type } = packet;
    void carryOut(type, payload, sender.id).then((refusal) =>
      socket().emit(SOCKET, { kind: "reply", id, to: sender.id, ...(refusal ? { refusal } : {}) }),
    );
  });
}

function onReply(packet: Partial<Extract<Packet, { kind: "reply" }>>, sender: UserLike): void {
  if (!sender.isGM || typeof packet.id !== "string" || packet.to !== game.user?.id) return;
  const waiting = pending.get(packet.id);
  if (!waiting) return;
  pending.delete(packet.id);
  clearTimeout(waiting.timer);
  const refusal = packet.refusal;
  if (refusal && typeof refusal.key === "string" && refusal.key.startsWith("ANTHOLOGY.")) {
    warn(refusal.key, refusal.data && typeof refusal.data === "object" ? refusal.data : {});
    waiting.resolve(false);
  } else waiting.resolve(!refusal);
}

/** `userConnected`: when a GM leaves, every request still waiting for an answer fails, with a message. */
export function onUserConnected(user: { readonly isGM?: boolean } | null, connected: boolean): void {
  if (connected || !user?.isGM || pending.size === 0) return;
  for (const [id, waiting] of pending) {
    clearTimeout(waiting.timer);
    pending.delete(id);
    waiting.resolve(false);
  }
  warn("ANTHOLOGY.Socket.gmLeft");
}
