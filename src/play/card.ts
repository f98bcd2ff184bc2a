/**
 * A chat card as stored data (`flags.anthology.card`): which rule set and card kind wrote it, who
 * rolled, the kind's own data, and one row per target with what was applied to it. Pure: read and
 * checked here, rendered by the kind's view, changed only by the play layer.
 */

import { SYSTEM_ID as EFFECT_SCOPE } from "../constants";

/** The stored shape's version; a migration moves older cards forward. */
export const CARD_VERSION = 1;

/** Longest name, uuid or id a card keeps; longer ones are cut (names are player-written). */
const MAX_TEXT = 256;
/** Most targets one card carries. */
export const MAX_TARGETS = 32;

/** A document a card is about: its uuid and the name it had when the card was written. */
export interface CardRef {
  readonly uuid: string;
  readonly name: string;
}

/** One change the apply wrote, enough to take it back. */
export interface UndoUpdate {
  readonly path: string;
  readonly before: number | string | boolean | null;
  readonly after: number | string | boolean | null;
}

/** What one apply did to a target, for undo. */
export interface UndoRecord {
  readonly updates: readonly UndoUpdate[];
  /** Ids of the Active Effects it created. */
  readonly effects: readonly string[];
  /** Statuses it turned on (that were off before). */
  readonly statuses: readonly string[];
  /** Active Effects it deleted, as the data to make them again (only name, img, statuses, the system's flags). */
  readonly removed?: readonly EffectData[];
  /**
   * Other actors than the target the apply changed (uuids). What it did to each is on that actor's own
   * record under the same key, which only those who may change that actor can write: an undo reads it
   * there, never from this list's owner.
   */
  readonly others?: readonly string[];
  /** Changes it made to the target's items: each item's id and the change at one `system.` path. */
  readonly items?: ReadonlyArray<UndoUpdate & { readonly item: string }>;
}

/** The part of an Active Effect's data an undo makes again. */
export interface EffectData {
  readonly name: string;
  readonly img: string;
  readonly statuses: readonly string[];
  readonly flags: Readonly<Record<string, unknown>>;
}

/** An effect's data cut to what an undo may make again: its name, image, statuses and the system's own flags. */
export function effectData(value: unknown, scope: string): EffectData {
  if (!isRecord(value)) throw new CardError("effect is not data");
  const statuses = Array.isArray(value.statuses) ? value.statuses : [];
  const flags = isRecord(value.flags) && isRecord(value.flags[scope]) ? { [scope]: value.flags[scope] } : {};
  return {
    name: text(value.name ?? "", "effect.name"),
    img: text(value.img ?? "", "effect.img"),
    statuses: statuses.slice(0, 8).map((s) => text(s, "effect status")),
    flags,
  };
}

/**
 * The mark of an applied row, for the card's view: who applied it (a user id), when, and the kind's
 * summary of what it did. The card's author can write its flags, so this mark is only what the card
 * shows; the record that counts (applied once, and how to undo) is kept on the target (see ledger.ts).
 */
export interface AppliedMark {
  readonly by: string;
  readonly at: number;
  /** The kind's summary of the result, for the row's view (plain data). */
  readonly summary: Readonly<Record<string, unknown>>;
}

/** One target row: the target, the kind's data for it, and the applied mark once applied. */
export interface CardTarget<T = Readonly<Record<string, unknown>>> extends CardRef {
  readonly data: T;
  readonly applied: AppliedMark | null;
}

/** A card's stored data. */
export interface Card<D = Readonly<Record<string, unknown>>, T = Readonly<Record<string, unknown>>> {
  readonly v: number;
  readonly ruleSet: string;
  readonly kind: string;
  /** Who rolled (an actor), if anyone. */
  readonly actor: CardRef | null;
  readonly data: D;
  readonly targets: ReadonlyArray<CardTarget<T>>;
}

/** Why a stored card could not be read. */
export class CardError extends Error {
  constructor(readonly detail: string) {
    super(`Anthology card: ${detail}`);
    this.name = "CardError";
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A short string from stored data: strings only, cut to a sane length. */
export function text(value: unknown, field: string): string {
  if (typeof value !== "string") throw new CardError(`${field} is not text`);
  return value.slice(0, MAX_TEXT);
}

/** A finite number from stored data, within bounds. */
export function finite(value: unknown, field: string, min = -1e9, max = 1e9): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value < min || value > max) {
    throw new CardError(`${field} is not a number between ${min} and ${max}`);
  }
  return value;
}

/** A whole number from stored data, within bounds. */
export function whole(value: unknown, field: string, min = -1e9, max = 1e9): number {
  const n = finite(value, field, min, max);
  if (!Number.isInteger(n)) throw new CardError(`${field} is not a whole number`);
  return n;
}

/** One of a fixed set of ids. */
export function oneOf<T extends string>(value: unknown, allowed: readonly T[], field: string): T {
  if (typeof value !== "string" || !(allowed as readonly string[]).includes(value)) {
    throw new CardError(`${field} is not one of ${allowed.join(", ")}`);
  }
  return value as T;
}

/** A true/false flag; absent is false. */
export function flag(value: unknown): boolean {
  return value === true;
}

export function ref(value: unknown, field: string): CardRef {
  if (!isRecord(value)) throw new CardError(`${field} is missing`);
  return { uuid: text(value.uuid, `${field}.uuid`), name: text(value.name, `${field}.name`) };
}

function scalar(value: unknown, field: string): number | string | boolean | null {
  if (value === null || typeof value === "boolean") return value;
  if (typeof value === "number") return finite(value, field, -1e12, 1e12);
  return text(value, field);
}

/** An undo record as stored, read as untrusted data. */
export function undoRecord(value: unknown): UndoRecord {
  if (!isRecord(value)) throw new CardError("undo record is missing");
  const list = (v: unknown, field: string) => {
    if (!Array.isArray(v) || v.length > 64) throw new CardError(`${field} is not a short list`);
    return v;
  };
  return {
    updates: list(value.updates, "undo.updates").map((u, i) => {
      if (!isRecord(u)) throw new CardError(`undo.updates[${i}] is not a change`);
      const path = text(u.path, "undo path");
      if (!/^(system|flags)\.[\w.-]+$/.test(path)) throw new CardError(`undo path ${path} is not a data path`);
      return { path, before: scalar(u.before, "undo before"), after: scalar(u.after, "undo after") };
    }),
    effects: list(value.effects, "undo.effects").map((e) => text(e, "undo effect")),
    statuses: list(value.statuses, "undo.statuses").map((s) => text(s, "undo status")),
    ...(value.removed === undefined
      ? {}
      : { removed: list(value.removed, "undo.removed").map((e) => effectData(e, EFFECT_SCOPE)) }),
    ...(value.others === undefined
      ? {}
      : { others: list(value.others, "undo.others").map((o) => text(o, "undo actor")) }),
    ...(value.items === undefined
      ? {}
      : {
          items: list(value.items, "undo.items").map((u, i) => {
            if (!isRecord(u)) throw new CardError(`undo.items[${i}] is not a change`);
            const path = text(u.path, "undo item path");
            if (!/^system\.[\w.-]+$/.test(path)) throw new CardError(`undo item path ${path} is not a data path`);
            const item = text(u.item, "undo item");
            return { item, path, before: scalar(u.before, "undo before"), after: scalar(u.after, "undo after") };
          }),
        }),
  };
}

function appliedMark(value: unknown): AppliedMark | null {
  if (value === null || value === undefined) return null;
  if (!isRecord(value)) throw new CardError("applied is not a mark");
  return {
    by: text(value.by, "applied.by"),
    at: finite(value.at, "applied.at", 0, 1e15),
    summary: isRecord(value.summary) ? value.summary : {},
  };
}

/** How a card kind reads its own data and its target rows' data (throwing CardError on anything wrong). */
export interface CardSchema<D, T> {
  data(raw: Record<string, unknown>): D;
  target(raw: Record<string, unknown>): T;
}

/** The envelope of stored card data, before the kind reads its own parts. */
export function cardHeader(raw: unknown): { ruleSet: string; kind: string } | null {
  if (!isRecord(raw) || raw.v !== CARD_VERSION) return null;
  if (typeof raw.ruleSet !== "string" || typeof raw.kind !== "string") return null;
  return { ruleSet: raw.ruleSet, kind: raw.kind };
}

/**
 * Reads stored card data as untrusted input: the envelope, then the kind's own data through its
 * schema. Throws CardError naming what is wrong.
 */
export function readCard<D, T>(raw: unknown, schema: CardSchema<D, T>): Card<D, T> {
  const header = cardHeader(raw);
  if (!header || !isRecord(raw)) throw new CardError("not an Anthology card of this version");
  if (!isRecord(raw.data)) throw new CardError("data is missing");
  const targets = raw.targets;
  if (!Array.isArray(targets) || targets.length > MAX_TARGETS) throw new CardError("targets is not a short list");
  return {
    v: CARD_VERSION,
    ruleSet: header.ruleSet,
    kind: header.kind,
    actor: raw.actor === null || raw.actor === undefined ? null : ref(raw.actor, "actor"),
    data: schema.data(raw.data),
    targets: targets.map((t, i) => {
      if (!isRecord(t)) throw new CardError(`targets[${i}] is not a target`);
      return {
        ...ref(t, `targets[${i}]`),
        data: schema.target(isRecord(t.data) ? t.data : {}),
        applied: appliedMark(t.applied),
      };
    }),
  };
}

/** A new card's stored data. */
export function newCard<D, T>(input: {
  ruleSet: string;
  kind: string;
  actor: CardRef | null;
  data: D;
  targets: ReadonlyArray<CardRef & { data: T }>;
}): Card<D, T> {
  return {
    v: CARD_VERSION,
    ruleSet: input.ruleSet,
    kind: input.kind,
    actor: input.actor,
    data: input.data,
    targets: input.targets
      .slice(0, MAX_TARGETS)
      .map((t) => ({ uuid: t.uuid, name: t.name, data: t.data, applied: null })),
  };
}

/** The card with one row's mark replaced. */
export function withMark<D, T>(card: Card<D, T>, index: number, mark: AppliedMark | null): Card<D, T> {
  return { ...card, targets: card.targets.map((t, i) => (i === index ? { ...t, applied: mark } : t)) };
}

/** The card with one row's data replaced. */
export function withTargetData<D, T>(card: Card<D, T>, index: number, data: T): Card<D, T> {
  return { ...card, targets: card.targets.map((t, i) => (i === index ? { ...t, data } : t)) };
}
