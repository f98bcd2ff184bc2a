/**
 * What a roll was rolled for, stored in the roll itself (`roll.options.anthology.request`): the
 * choices behind a roll (the weapon, the modifiers, the targets) travel with its formula and faces.
 * A message's author can rewrite its rolls as well as its flags, so nothing here is believed: the GM
 * checks every roll's formula against what the sheet and these choices give now (verify.ts), and the
 * choices against the card and the rules' bounds, before a row is applied.
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
