import type { DocumentTypeDefinition } from "./types";
import { storedRounds } from "../foundry/lasting";

/** Sub-types every rule set starts from; a rule set replaces or extends them as its issue lands. */
export const CHARACTER: DocumentTypeDefinition = { name: "character", htmlFields: ["notes"] };
export const NPC: DocumentTypeDefinition = { name: "npc", htmlFields: ["notes"] };
export const GEAR: DocumentTypeDefinition = { name: "gear", htmlFields: ["description"] };

/**
 * A number from an actor's system data, top level or under `attributes` (`agility` or
 * `attributes.agility`); anything that is not a finite number counts as 0.
 */
export function numberField(system: Readonly<Record<string, unknown>>, name: string): number {
  const attributes = system.attributes;
  const nested =
    attributes && typeof attributes === "object" ? (attributes as Record<string, unknown>)[name] : undefined;
  const raw = system[name] ?? nested;
  const value = typeof raw === "object" && raw !== null && "value" in raw ? (raw as { value: unknown }).value : raw;
  return typeof value === "number" && Number.isFinite(value) ? value : 0;
}

/** `dice` plus a signed bonus, as a formula: ("1d10", 3) is "1d10 + 3", ("1d10", -1) is "1d10 - 1". */
export function plusBonus(dice: string, bonus: number): string {
  if (!bonus) return dice;
  return `${dice} ${bonus < 0 ? "-" : "+"} ${Math.abs(bonus)}`;
}

/**
 * A migration step's work on an actor's stored effects: each effect showing one of `statuses` that
 * counts rounds (v13's `duration.rounds`, or v14's `duration.value` in "rounds") is marked with when in
 * its bearer's turn it ends (`flags.anthology.expiry`), as effects made since are. Pure, in place.
 */
export function markLastingEffects(
  source: Readonly<Record<string, unknown>>,
  statuses: ReadonlySet<string>,
  until: "turnStart" | "turnEnd",
): void {
  const record = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
  for (const effect of Array.isArray(source.effects) ? source.effects : []) {
    if (!record(effect) || !Array.isArray(effect.statuses)) continue;
    if (!effect.statuses.some((s) => statuses.has(String(s)))) continue;
    if (storedRounds(effect.duration) === null) continue;
    const flags = record(effect.flags) ? effect.flags : (effect.flags = {});
    const own = record(flags.anthology) ? flags.anthology : (flags.anthology = {});
    own.expiry ??= until;
  }
}

/** Whether `value` is one of `ids` (a rule's list of names), as a type guard: `isOneOf(BODY_PARTS, "head")`. */
export function isOneOf<T extends string>(ids: readonly T[], value: unknown): value is T {
  return typeof value === "string" && (ids as readonly string[]).includes(value);
}

/** A frozen record with an entry for each id, in the list's order: `byId(["a", "b"], (id) => id.length)`. */
export function byId<const K extends string, V>(ids: readonly K[], value: (id: K) => V): Readonly<Record<K, V>> {
  return Object.freeze(Object.fromEntries(ids.map((id) => [id, value(id)]))) as Record<K, V>;
}

/**
 * The i18n keys of a list of ids that follow one pattern, `${prefix}.${id}${suffix}`:
 * `labelKeys("ANTHOLOGY.Fade.Encumbrance", ["light"])` is `{ light: "ANTHOLOGY.Fade.Encumbrance.light" }`.
 * The language test imports each Foundry-free module that calls this and reads its exports
 * (test/unit/i18n.test.ts): export the table, and keep the module free of Foundry.
 */
export function labelKeys<const K extends string>(
  prefix: string,
  ids: readonly K[],
  suffix = "",
): Readonly<Record<K, string>> {
  return byId(ids, (id) => `${prefix}.${id}${suffix}`);
}
