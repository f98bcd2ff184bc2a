/**
 * Notifications in the user's language. Foundry formats the key with the data and escapes every
 * value (v13 NotificationOptions `escape`), so a name with HTML in it shows as text.
 */
type Level = "info" | "warn" | "error";

/** A value shown in a notification: an Anthology i18n key (a roll's name in a refusal) in the user's language, anything else as text. */
function named(value: unknown): string {
  const text = String(value ?? "");
  const i18n = game.i18n as { has?(key: string): boolean; localize(key: string): string } | undefined;
  return text.startsWith("ANTHOLOGY.") && i18n?.has?.(text) ? i18n.localize(text) : text;
}

function notify(level: Level, key: string, data: Readonly<Record<string, unknown>> = {}, permanent = false): void {
  const format = Object.fromEntries(Object.entries(data).map(([k, v]) => [k, named(v)]));
  ui.notifications?.[level](key, {
    localize: true,
    format,
    escape: true,
    ...(permanent ? { permanent } : {}),
  } as never);
}

export const warn = (key: string, data?: Readonly<Record<string, unknown>>, permanent = false): void =>
  notify("warn", key, data, permanent);
export const info = (key: string, data?: Readonly<Record<string, unknown>>): void => notify("info", key, data);
export const error = (key: string, data?: Readonly<Record<string, unknown>>, permanent = false): void =>
  notify("error", key, data, permanent);
