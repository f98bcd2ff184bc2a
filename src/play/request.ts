/**
 * What a roll was rolled for, stored in the roll itself (`roll.options.anthology.request`). A chat
 * message's rolls cannot be changed once posted, except by a GM, while its flags can be rewritten by
 * its author: so the GM reads the choices behind a roll (the weapon, the modifiers, the targets) from
 * here, never from the card's flags.
 */
const SCOPE = "anthology";

/** Roll options that carry a request. */
export function requestOptions(request: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return { [SCOPE]: { request: structuredClone(request) } };
}

/** The request a roll carries, or undefined (a roll made before requests were stored). */
export function requestOf(roll: { readonly options?: Readonly<Record<string, unknown>> }): unknown {
  const scope = roll.options?.[SCOPE];
  return scope && typeof scope === "object" ? (scope as { request?: unknown }).request : undefined;
}
