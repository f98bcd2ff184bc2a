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
  if (value === "ic") return "public";
  if ((MESSAGE_MODES as readonly string[]).includes(value)) return value as MessageMode;
  const legacy = Object.entries(V13_NAMES).find(([, name]) => name === value);
  return legacy ? (legacy[0] as MessageMode) : null;
}

/** The user's chat mode setting as this generation stores it (a mode of a module included), or null. */
function userSetting(): string | null {
  try {
    const value = game.settings!.get("core" as never, (isV14() ? "messageMode" : "rollMode") as never);
    return typeof value === "string" && value !== "" ? value : null;
  } catch {
    return null;
  }
}

/** The user's chat mode now in Anthology's words, or null when the setting holds none of them. */
export function currentMessageMode(): MessageMode | null {
  return messageModeOf(userSetting());
}

interface ChatMessageStatics {
  applyRollMode?(data: object, mode: string): object;
}

/**
 * Sets a new message's whisper and blind for a mode (by default the user's own, handed to Foundry as
 * it stands, so a mode a module added keeps working) and returns the option `ChatMessage.create`
 * takes with it (`messageMode` on v14, `rollMode` on v13).
 */
export function applyMessageMode(data: object, mode?: MessageMode): Record<string, string> {
  const ChatMessageImpl = (ChatMessage as unknown as { implementation: unknown }).implementation;
  if (isV14()) {
    const name = mode ?? userSetting() ?? "public";
    (ChatMessageImpl as ChatMessageStaticsV14).applyMode(data, name);
    return { messageMode: name };
  }
  const name = mode ? V13_NAMES[mode] : (userSetting() ?? V13_NAMES.public);
  (ChatMessageImpl as ChatMessageStatics).applyRollMode?.(data, name);
  return { rollMode: name };
}
