import { SYSTEM_ID } from "../constants";
import { replay } from "../dice";
import { RequestRefused, onGmRequest, requestGm } from "../hooks/socket";
import { pluginOf } from "../rulesets/registry";
import {
  CardError,
  cardHeader,
  effectData,
  readCard,
  withMark,
  type Card,
  type CardRef,
  type EffectData,
  type UndoRecord,
  type UndoUpdate,
} from "./card";
import { LEDGER_FLAG, appliedEntry, donePath, ledgerKey, ledgerTrim, otherKey, readLedger } from "./ledger";
import {
  messageById,
  resolve,
  storedFaces,
  userById,
  type PlayActor,
  type PlayItem,
  type PlayMessage,
  type PlayRoll,
} from "./documents";
import type { AnyCardKind, ApplyPlan, CardKind, FreeChoice, ReplayedRoll } from "./kind";
import { oneAtATime } from "./lock";
import { sharedKind } from "./shared-kinds";
import { ANSWER_FLAG, answerLink, answerPosted } from "./answer-link";
import { info, warn } from "./notify";
import { requestOf } from "./request";
import { isInAudience } from "./permissions";
import { applyMessageMode, deleteKey, type MessageMode } from "../foundry";

/** Where a card's data lives on its message: `flags.anthology.card`. */
export const CARD_FLAG = "card";
export const APPLY_REQUEST = "card.apply";
export const UNDO_REQUEST = "card.undo";

/** A card kind by rule set and id, from that rule set's plug-in. */
export function kindOf(ruleSet: string, id: string): AnyCardKind | undefined {
  return (pluginOf(ruleSet).cards ?? []).find((k) => k.id === id) ?? sharedKind(id);
}

/** A message's card read through its kind; `error` when it claims to be a card but cannot be read. */
export type ReadCard = { readonly card: Card<never, never>; readonly kind: AnyCardKind } | { readonly error: string };

/** The card of a message, or null when the message is not an Anthology card. */
export function cardOf(message: Pick<PlayMessage, "getFlag">): ReadCard | null {
  const raw = message.getFlag(SYSTEM_ID, CARD_FLAG);
  if (raw === undefined || raw === null) return null;
  const header = cardHeader(raw);
  if (!header) return { error: "not an Anthology card of this version" };
  const kind = kindOf(header.ruleSet, header.kind);
  if (!kind) return { error: `no card kind "${header.ruleSet}.${header.kind}"` };
  try {
    return { card: readCard(raw, kind.schema), kind };
  } catch (error) {
    if (error instanceof CardError) return { error: error.detail };
    throw error;
  }
}

/**
 * The card of a message when it is one of `kind`'s (that very kind: ids such as "check" recur across
 * rule sets), else null: not an Anthology card, unreadable, or another kind. What a roll request's
 * judge reads an answer through.
 */
export function cardOfKind(message: Pick<PlayMessage, "getFlag">, kind: object): Card<never, never> | null {
  const read = cardOf(message);
  return read && !("error" in read) && read.kind === kind ? read.card : null;
}

/** A card's HTML: the kind's template over its view of the card and the rolls' own HTML. */
export async function cardContent(kind: AnyCardKind, card: Card<never, never>, rolls: readonly PlayRoll[]) {
  const rollHtml = await Promise.all(rolls.map((r) => r.render()));
  const view = kind.view(card, { rollHtml }) as Record<string, unknown>;
  return foundry.applications.handlebars.renderTemplate(kind.template, view);
}

interface ChatMessageClass {
  create(data: object, options?: object): Promise<PlayMessage>;
  getSpeaker(options: object): object;
}

/**
 * Posts a card: renders it, stores its data and rolls on a new message spoken by its actor (or an
 * alias), in the message mode asked for (public, GM only, blind, self) or the user's own.
 */
export async function postCard<D, T>(input: {
  kind: CardKind<D, T>;
  card: Card<D, T>;
  rolls: readonly PlayRoll[];
  speaker: { actor?: unknown; alias?: string };
  messageMode?: MessageMode;
}): Promise<PlayMessage> {
  const kind = input.kind as unknown as AnyCardKind;
  const card = input.card as unknown as Card<never, never>;
  const content = await cardContent(kind, card, input.rolls);
  const ChatMessageImpl = ChatMessage.implementation as unknown as ChatMessageClass;
  const sound = (CONFIG as unknown as { sounds?: { dice?: string } }).sounds?.dice;
  // A card posted to answer a GM's roll request carries the request's link (the GM judges it).
  const link = answerLink();
  const data = {
    speaker: input.speaker.alias
      ? { alias: input.speaker.alias }
      : ChatMessageImpl.getSpeaker({ actor: input.speaker.actor }),
    content,
    rolls: [...input.rolls],
    ...(input.rolls.length && sound ? { sound } : {}),
    flags: { [SYSTEM_ID]: { [CARD_FLAG]: card, ...(link ? { [ANSWER_FLAG]: link.link } : {}) } },
  };
  const options = applyMessageMode(data, link?.hidden ? "gm" : input.messageMode);
  const message = await ChatMessageImpl.create(data, options);
  if (link) answerPosted(message);
  return message;
}

/** Foundry's rolls on a message, each worked out again from its formula and faces alone. */
export function replayRolls(message: Pick<PlayMessage, "rolls">): Array<ReplayedRoll | null> {
  return message.rolls.map((roll) => {
    const stored = { formula: roll.formula, faces: storedFaces(roll) };
    try {
      return { stored, outcome: replay(stored), request: requestOf(roll) };
    } catch {
      return null;
    }
  });
}

/** Applies and undos of one card never overlap on this client. */
const withLock = oneAtATime();

type Path = string;

function readPath(document: object, path: Path): unknown {
  let value: unknown = document;
  for (const key of path.split(".")) value = (value as Record<string, unknown> | undefined)?.[key];
  return value;
}

const scalar = (value: unknown) =>
  value === null || ["number", "string", "boolean"].includes(typeof value)
    ? (value as number | string | boolean | null)
    : null;

const ledgerPath = (key: string) => `flags.${SYSTEM_ID}.${LEDGER_FLAG}.${key}`;

/** The target's record of applied rows. */
function ledgerOf(target: PlayActor) {
  return readLedger(target.getFlag(SYSTEM_ID, LEDGER_FLAG));
}

/**
 * Carries out a plan on the target. The change and the target's record of it go in one update, so a
 * row is applied once whatever happens after; the effects and statuses it adds are recorded next.
 */
async function carryOut(target: PlayActor, plan: ApplyPlan, key: string): Promise<void> {
  const updates = changesOf(target, plan.updates);
  // The target's own items: only `system.` paths of items it still has; recorded before they are made.
  const items = (plan.items ?? []).flatMap(({ id, updates: wanted }) => {
    const item = target.items.get(id);
    const system = Object.entries(wanted).filter(([path]) => /^system\.[\w.-]+$/.test(path));
    return item ? changesOf(item, Object.fromEntries(system)).map((u) => ({ item: id, ...u })) : [];
  });
  const base = { updates, ...(items.length ? { items } : {}) };
  const record = (undo: UndoRecord) => ({ at: Date.now(), undo });
  await target.update({
    ...Object.fromEntries(updates.map((u) => [u.path, u.after])),
    ...trimmed(target),
    [ledgerPath(key)]: record({ ...base, effects: [], statuses: [] }),
  });
  await changeItems(target, items, (u) => u.after);
  const created = await makeEffects(target, plan.effects, key);
  const removed = await deleteEffects(target, plan.removeEffects);
  // Each other actor keeps what the row did to it on its own record, under the same key.
  const others: string[] = [];
  for (const other of plan.others ?? []) {
    const actor = resolve<PlayActor>(other.uuid);
    if (!actor || actor.uuid === target.uuid) continue;
    const made = await makeEffects(actor, other.effects, key);
    const gone = await deleteEffects(actor, other.removeEffects);
    if (!made.length && !gone.length) continue;
    const part = { updates: [], effects: made, statuses: [], ...(gone.length ? { removed: gone } : {}) };
    await actor.update({ ...trimmed(actor), [ledgerPath(otherKey(key))]: { ...record(part), other: true } });
    others.push(actor.uuid);
  }
  const statuses: string[] = [];
  for (const status of plan.statuses ?? []) {
    if (target.statuses?.has(status.id)) continue;
    await target.toggleStatusEffect(status.id, { active: true, ...(status.overlay ? { overlay: true } : {}) });
    statuses.push(status.id);
  }
  if (created.length || statuses.length || removed.length || others.length) {
    const more = { ...(removed.length ? { removed } : {}), ...(others.length ? { others } : {}) };
    await target.update({ [ledgerPath(key)]: record({ ...base, effects: created, statuses, ...more }) });
  }
}

/** The changes a set of new values makes to a document as stored (values already in place are left out). */
function changesOf(document: PlayActor | PlayItem, wanted: ApplyPlan["updates"]): UndoUpdate[] {
  const source = document._source ?? document;
  return Object.entries(wanted)
    .map(([path, after]) => ({ path, before: scalar(readPath(source, path)), after }))
    .filter((u) => u.before !== u.after);
}

/** Writes changes to the target's items, one update per item; an item gone since is passed over. */
async function changeItems(
  target: PlayActor,
  changes: ReadonlyArray<UndoUpdate & { readonly item: string }>,
  value: (u: UndoUpdate, item: PlayItem) => unknown,
): Promise<void> {
  for (const id of new Set(changes.map((u) => u.item))) {
    const item = target.items.get(id);
    if (!item) continue;
    await item.update(Object.fromEntries(changes.filter((u) => u.item === id).map((u) => [u.path, value(u, item)])));
  }
}

/** What undo writes back at a path: a number moves back by the change (later changes stay), anything else is restored. */
function backFrom(now: unknown, u: UndoUpdate): unknown {
  return typeof u.before === "number" && typeof u.after === "number" && typeof now === "number"
    ? now + (u.before - u.after)
    : u.before;
}

/**
 * The update that keeps an actor's ledger in bounds before it takes one more entry: the oldest
 * entries let go of what undo needs but stay as marks that their rows are applied; a mark goes only
 * with its card's message.
 */
function trimmed(actor: PlayActor): Record<string, unknown> {
  const { spend, drop } = ledgerTrim(ledgerOf(actor), (id) => Boolean(messageById(id)));
  return Object.assign(
    {},
    ...drop.map((k) => deleteKey(ledgerPath(k))),
    ...spend.map((k) => ({
      ...deleteKey(`${ledgerPath(k)}.undo`),
      ...deleteKey(`${ledgerPath(k)}.done`),
      [`${ledgerPath(k)}.spent`]: true,
    })),
  );
}

/** Makes an apply's effects on an actor, each marked with the row that made it (an undo deletes only its own). */
async function makeEffects(actor: PlayActor, effects: readonly object[] | undefined, key: string): Promise<string[]> {
  if (!effects?.length) return [];
  const marked = effects.map((e) => {
    const flags = (e as { flags?: Record<string, Record<string, unknown>> }).flags ?? {};
    return { ...e, flags: { ...flags, [SYSTEM_ID]: { ...flags[SYSTEM_ID], row: key } } };
  });
  return (await actor.createEmbeddedDocuments("ActiveEffect", marked)).map((e) => e.id);
}

/** Deletes an apply's effects from an actor, keeping the data an undo makes them again from. */
async function deleteEffects(actor: PlayActor, ids: readonly string[] | undefined): Promise<EffectData[]> {
  const removed: EffectData[] = [];
  for (const id of ids ?? []) {
    const effect = actor.effects?.get(id);
    if (!effect) continue;
    removed.push(effectData(effect.toObject(), SYSTEM_ID));
    await effect.delete();
  }
  return removed;
}

/** Takes back what an apply did; numbers move back by the change, so later changes stay. */
async function takeBack(target: PlayActor, key: string, undo: UndoRecord): Promise<void> {
  const source = target._source ?? target;
  const changes = Object.fromEntries(undo.updates.map((u) => [u.path, backFrom(readPath(source, u.path), u)]));
  await target.update({ ...changes, ...deleteKey(ledgerPath(key)) });
  await changeItems(target, undo.items ?? [], (u, item) => backFrom(readPath(item._source ?? item, u.path), u));
  for (const id of undo.effects) await target.effects?.get(id)?.delete();
  for (const id of undo.statuses) {
    if (target.statuses?.has(id)) await target.toggleStatusEffect(id, { active: false });
  }
  if (undo.removed?.length) await target.createEmbeddedDocuments("ActiveEffect", [...undo.removed]);
  // Another actor's part is read from that actor's own record of this row, and only what it made there goes.
  for (const uuid of undo.others ?? []) {
    const actor = resolve<PlayActor>(uuid);
    if (!actor || actor.uuid === target.uuid) continue;
    // Its own key (a part recorded before parts had one sits under the row's key, marked or not).
    const ledger = ledgerOf(actor);
    const partKey = ledger.has(otherKey(key)) ? otherKey(key) : key;
    const part = ledger.get(partKey);
    if (!part) continue;
    await takeBack(actor, partKey, { ...part.undo, others: [] });
  }
}

const stringData = (data: FreeChoice["data"]) =>
  Object.fromEntries(Object.entries(data ?? {}).map(([k, v]) => [k, String(v)]));

function refuse(key: string, data: Record<string, string> = {}): never {
  throw new RequestRefused({ key, data });
}

/** The card as it is stored now (after any earlier work on it), or a refusal. */
function freshCard(messageId: unknown): { message: PlayMessage; card: Card<never, never>; kind: AnyCardKind } {
  const message = messageById(messageId);
  const read = message ? cardOf(message) : null;
  if (!message || !read) refuse("ANTHOLOGY.Play.Errors.cardGone");
  if ("error" in read) refuse("ANTHOLOGY.Play.Errors.corrupt", { error: read.error });
  return { message, ...read };
}

function rowOf(card: Card<never, never>, index: unknown) {
  const row = typeof index === "number" && Number.isInteger(index) ? card.targets[index] : undefined;
  if (!row) refuse("ANTHOLOGY.Play.Errors.noRow");
  return { row, index: index as number };
}

/** A world actor whose tokens do not share it (unlinked): the base the tokens' own actors start from. */
function unlinkedBase(actor: PlayActor): boolean {
  const a = actor as { isToken?: boolean; prototypeToken?: { actorLink?: boolean } };
  return a.isToken === false && a.prototypeToken?.actorLink === false;
}

/** Whether the message's author owns the actor (Foundry's author, never a name in the card). */
function ownedByAuthor(message: PlayMessage, actor: PlayActor | null): boolean {
  const author = userById(message.author?.id ?? "");
  return Boolean(author && actor?.testUserPermission(author, "OWNER"));
}

/** Who may ask for a row to be applied: a GM, or the audiences the kind names. */
function mayApply(userId: string, message: PlayMessage, card: Card<never, never>, kind: AnyCardKind, index: number) {
  const user = userById(userId);
  if (!user) return false;
  const audiences = kind.applyBy ?? ["actorOwner", "targetOwner"];
  return user.isGM || audiences.some((a) => isInAudience(a, user, message, card, index));
}

/** Applies row `index` of a card for `userId`: the kind works out the change from the stored dice and the documents now. */
async function applyRow(messageId: unknown, index: unknown, userId: string): Promise<void> {
  const first = freshCard(messageId);
  await withLock(first.message.id, async () => {
    const { message, card, kind } = freshCard(messageId);
    const { row, index: i } = rowOf(card, index);
    if (!kind.resolveApply || (kind.appliable && !kind.appliable(card, i))) {
      refuse("ANTHOLOGY.Play.Errors.notAppliable", { name: row.name });
    }
    if (!mayApply(userId, message, card, kind, i)) refuse("ANTHOLOGY.Play.Errors.notYours", { name: row.name });
    const target = resolve<PlayActor>(row.uuid);
    if (!target) refuse("ANTHOLOGY.Play.Errors.targetGone", { name: row.name });
    const key = ledgerKey(message.id, i);
    if (row.applied || appliedEntry(ledgerOf(target), message.id, i)) {
      refuse("ANTHOLOGY.Play.Errors.alreadyApplied", { name: row.name });
    }
    const actor = resolve<PlayActor>(card.actor?.uuid);
    // A card speaks for its actor only when a GM or one of the actor's owners wrote it.
    if (card.actor && !(userById(message.author?.id ?? "")?.isGM || ownedByAuthor(message, actor))) {
      refuse("ANTHOLOGY.Play.Errors.notTheRoller", { name: card.actor.name });
    }
    // mayApply found the user: Foundry names them.
    const user = userById(userId)!;
    // A player's row names a token's actor (a targeted token's), never the world actor behind unlinked
    // tokens: a change there would reach every such token that does not override it.
    if (!user.isGM && unlinkedBase(target) && !target.testUserPermission(user, "OWNER")) {
      refuse("ANTHOLOGY.Play.Errors.baseActor", { name: row.name });
    }
    const input = { card, index: i, message, rolls: replayRolls(message), target, actor, user };
    const choice = kind.restsOnChoice?.(input) ?? null;
    // A free choice that would change someone else's actor waits for a GM's own click; the GM is told.
    const waits = (actors: ReadonlyArray<PlayActor | null>) => {
      if (!choice || user.isGM || actors.every((a) => !a || a.testUserPermission(user, "OWNER"))) return;
      const what = game.i18n!.format(choice.key, stringData(choice.data));
      info("ANTHOLOGY.Play.waitingForGm", { user: user.name ?? userId, name: row.name, what });
      refuse("ANTHOLOGY.Play.Errors.waitsForGm", { name: row.name, what });
    };
    waits([target]);
    const plan = await kind.resolveApply(input);
    // ...whether that actor is the target or another the row changes too (a grabber let go).
    waits((plan.others ?? []).map((o) => resolve<PlayActor>(o.uuid)));
    await carryOut(target, plan, key);
    const next = withMark(card, i, { by: userId, at: Date.now(), summary: plan.summary });
    await message.update({
      [`flags.${SYSTEM_ID}.${CARD_FLAG}`]: next,
      content: await cardContent(kind, next, message.rolls),
    });
  });
}

/** Takes back what applying row `index` did (a GM's request). */
async function undoRow(messageId: unknown, index: unknown, userId: string): Promise<void> {
  if (!userById(userId)?.isGM) refuse("ANTHOLOGY.Play.Errors.gmOnly");
  const first = freshCard(messageId);
  await withLock(first.message.id, async () => {
    const { message, card, kind } = freshCard(messageId);
    const { row, index: i } = rowOf(card, index);
    const target = resolve<PlayActor>(row.uuid);
    if (!target) refuse("ANTHOLOGY.Play.Errors.targetGone", { name: row.name });
    const found = appliedEntry(ledgerOf(target), message.id, i);
    if (!found) refuse("ANTHOLOGY.Play.Errors.notApplied", { name: row.name });
    if (found.entry.spent) refuse("ANTHOLOGY.Play.Errors.tooOldToUndo", { name: row.name });
    await takeBack(target, found.key, found.entry.undo);
    const next = withMark(card, i, null);
    await message.update({
      [`flags.${SYSTEM_ID}.${CARD_FLAG}`]: next,
      content: await cardContent(kind, next, message.rolls),
    });
  });
}

/** What the active GM carries out for everyone: applying card rows and taking them back. */
export function registerCardRequests(): void {
  onGmRequest(APPLY_REQUEST, (payload, userId) => applyRow(payload.messageId, payload.target, userId));
  onGmRequest(UNDO_REQUEST, (payload, userId) => undoRow(payload.messageId, payload.target, userId));
}

function activeGm(): { id: string } | null {
  return (game.users as unknown as { activeGM?: { id: string } | null } | undefined)?.activeGM ?? null;
}

/**
 * Apply on a card's row: every apply goes through the one active GM, who applies each row once. With
 * no GM connected, the target's owner may still apply a card of their own to their own actor (they can
 * write both); anyone else is told no GM is connected.
 */
export async function requestApply(message: PlayMessage, index: number): Promise<boolean> {
  const read = cardOf(message);
  if (!read || "error" in read) return (warn("ANTHOLOGY.Play.Errors.cardGone"), false);
  const row = read.card.targets[index];
  if (!row) return (warn("ANTHOLOGY.Play.Errors.noRow"), false);
  if (row.applied) return (warn("ANTHOLOGY.Play.Errors.alreadyApplied", { name: row.name }), false);
  if (!activeGm() && message.isAuthor && resolve<PlayActor>(row.uuid)?.isOwner) {
    try {
      await applyRow(message.id, index, game.user!.id!);
      return true;
    } catch (error) {
      if (!(error instanceof RequestRefused)) throw error;
      warn(error.refusal.key, error.refusal.data);
      return false;
    }
  }
  return requestGm(APPLY_REQUEST, { messageId: message.id, target: index });
}

/** Undo on a card's row: the GM takes the apply back. */
export function requestUndo(message: PlayMessage, index: number): Promise<boolean> {
  return requestGm(UNDO_REQUEST, { messageId: message.id, target: index });
}

/**
 * A row's record on its target: whether its apply is on record there (the target's ledger, which only
 * those who may change the target can write), and the row actions done once since that apply.
 */
export function rowRecord(
  message: Pick<PlayMessage, "id">,
  card: Pick<Card, "targets">,
  index: number,
): { readonly applied: boolean; readonly done: readonly string[] } {
  const row = card.targets[index];
  const target = row ? resolve<PlayActor>(row.uuid) : null;
  const entry = target ? appliedEntry(ledgerOf(target), message.id, index)?.entry : undefined;
  return { applied: entry !== undefined, done: entry?.done ?? [] };
}

/**
 * Whether any row of the message is applied to this actor, on the actor's own record (whatever the
 * message's rows say now): for a rule set that must know whether a card already hit someone.
 */
export function appliedOn(actor: PlayActor, messageId: string): boolean {
  return appliedEntry(ledgerOf(actor), messageId, 0) !== undefined;
}

/**
 * Records on a row's target that a once-per-apply row action (a check the hit asked for) was done;
 * an undo of the row forgets it with the rest. The caller must be able to change the target (its
 * owner, or a GM). False when the row is not applied on record.
 */
export async function markRowDone(
  message: Pick<PlayMessage, "id">,
  card: Pick<Card, "targets">,
  index: number,
  action: string,
): Promise<boolean> {
  const row = card.targets[index];
  const target = row ? resolve<PlayActor>(row.uuid) : null;
  const found = target ? appliedEntry(ledgerOf(target), message.id, index) : undefined;
  if (!target || !found || found.entry.spent) return false;
  const { key, entry } = found;
  if (!entry.done.includes(action)) await target.update({ [donePath(SYSTEM_ID, key)]: [...entry.done, action] });
  return true;
}

/** A card's reference to a document: its uuid and the name shown. */
export const refOf = (document: { uuid: string; name: string }): CardRef => ({
  uuid: document.uuid,
  name: document.name,
});

/** Card data stays valid only while the kind can read it: a post that would write unreadable data fails loudly. */
export function assertReadable(kind: AnyCardKind, card: unknown): void {
  readCard(card, kind.schema);
}
