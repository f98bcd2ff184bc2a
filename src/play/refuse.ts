import { RequestRefused } from "../hooks/socket";

/**
 * Refuses what the GM was asked to do (an apply, a link, a spend), with an i18n key and its data that
 * the asking user is shown in their language (hooks/socket.ts carries it back).
 */
export function refuse(key: string, data: Record<string, string> = {}): never {
  throw new RequestRefused({ key, data });
}
