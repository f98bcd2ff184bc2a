/**
 * Who sees a chat message: Foundry v13's roll mode (`core.rollMode`, `publicroll`...) became v14's
 * message mode (`core.messageMode`, `public`...; NOTES-v14.md §3). Anthology speaks v14's names and
 * this file translates; reading the old setting on v14 can return nothing, which would turn a
 * private roll public.
 */
import { isV14 } from "./generation";
import type { ChatMessageStaticsV14 } from "./v14-shapes";

/** Who sees a message: everyone, the GMs, the GMs without the roller seeing it, or only the roller. */
export const MESSAGE_MODES = Object.freeze(["public", "gm", "blind", "self"] as const);
export type MessageMode = (typeof MESSAGE_MODES)[number];

const V13_NAMES: Readonly<Record<MessageMode, string>> = Object.freeze({
  public: "publicroll",
  gm: "gmroll",
  blind: "blindroll",
  self: "selfroll",
});

/** A mode in either generation's words ("gmroll" or "gm"; v14's in-character "ic" is public), or null. */
export function messageModeOf(value: unknown): MessageMode | null {
  if (typeof value !== "string") return null;
  if (value === "ic" || value === "roll") return "public";
  if ((MESSAGE_MODES as readonly string[]).includes(value)) return value as MessageMode;
  const legacy = Object.entries(V13_NAMES).find(([, name]) => name === value);
  return legacy ? (legacy[0] as MessageMode) : null;
}

/** The user's chat mode now (public when the setting cannot be read). */
export function currentMessageMode(): MessageMode {
  try {
    const key = isV14() ? "messageMode" : "rollMode";
    return messageModeOf(game.settings!.get("core" as never, key as never)) ?? "public";
  } catch {
    return "public";
  }
}

interface ChatMessageStatics {
  applyRollMode?(data: object, mode: string): object;
}

/**
 * Sets a new message's whisper and blind for a mode and returns the option `ChatMessage.create`
 * takes with it (`messageMode` on v14, `rollMode` on v13).
 */
export function applyMessageMode(data: object, mode: MessageMode): Record<string, string> {
  const ChatMessageImpl = (ChatMessage as unknown as { implementation: unknown }).implementation;
  if (isV14()) {
    (ChatMessageImpl as ChatMessageStaticsV14).applyMode(data, mode);
    return { messageMode: mode };
  }
  (ChatMessageImpl as ChatMessageStatics).applyRollMode?.(data, V13_NAMES[mode]);
  return { rollMode: V13_NAMES[mode] };
}
