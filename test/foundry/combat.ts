/**
 * Stand-ins for Foundry v13's Combat, Combatant and CombatTracker, reduced to the documented behaviour
 * Anthology's combat adapters rely on (shared/foundry/NOTES.md §2): updates merge dotted keys and
 * nested objects; `_preUpdate` returning false cancels an update (it runs on the writing client only);
 * after a change the Combat's `_onUpdate`, `_onCreateDescendantDocuments`,
 * `_onUpdateDescendantDocuments` and `_onDeleteDescendantDocuments` run, then the `updateCombat`,
 * `createCombatant`, `updateCombatant` and `deleteCombatant` hooks, each with the differential data
 * (expanded, with `_id`) and the writer's user id as the server supplies it; an update that changes
 * nothing calls none of them. `started` is `round > 0`; `turns` is the combatants sorted with
 * `_sortCombatants` (called unbound, as Foundry does); `rollInitiative` rolls each combatant's
 * `_getInitiativeFormula()` and stores the total. Every update is recorded.
 *
 * Like the server, it refuses a write the writer may not make (the promise rejects, nothing changes):
 * a player creates, updates or deletes only combatants whose actor they own, and updates only their
 * initiative, flags and defeated state; a player updates a Combat only in its turn and round, and only
 * while the combatant whose turn it is is theirs; only a GM creates or deletes a Combat. A deletion or
 * replacement (`-=key`, `==key`, v14's operators) works on a combatant's or a combat's data as on
 * other documents.
 */
import { Roll } from "./dice";
import { ForcedDeletion, ForcedReplacement, isOperator, legacyKey } from "./generation";
import { refreshTurnEvents } from "./effect-registry";

type Data = Record<string, unknown>;

export interface UpdateRecord {
  readonly document: "Combat" | "Combatant";
  readonly id: string;
  readonly data: Data;
  readonly options: Data;
}

const hooks = () => (globalThis as unknown as { Hooks: { callAll(hook: string, ...args: unknown[]): boolean } }).Hooks;

export const combatLog: {
  updates: UpdateRecord[];
  startTurns: Array<{ combatant: string; context: Data }>;
  ended: string[];
} = { updates: [], startTurns: [], ended: [] };

function isPlain(value: unknown): value is Data {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !isOperator(value);
}

/**
 * Foundry's update merge: dotted keys set nested values; plain objects merge into existing ones;
 * `"-=key": null` deletes a key and `"==key": value` replaces it whole (NOTES.md 11.6; on v14 with a
 * deprecation warning), as v14's operators do at the plain key (`key: _del`, `key: _replace(value)`).
 */
export function applyUpdate(target: Data, data: Data): void {
  for (const [key, value] of Object.entries(data)) {
    const path = key.split(".");
    let node = target;
    for (const part of path.slice(0, -1)) {
      if (!isPlain(node[part])) node[part] = {};
      node = node[part] as Data;
    }
    const last = path.at(-1)!;
    if (value instanceof ForcedDeletion) delete node[last];
    else if (value instanceof ForcedReplacement) node[last] = structuredClone(value.value);
    else if (last.startsWith("-=")) {
      legacyKey(key);
      delete node[last.slice(2)];
    } else if (last.startsWith("==")) {
      legacyKey(key);
      node[last.slice(2)] = structuredClone(value);
    } else if (isPlain(value)) {
      if (!isPlain(node[last])) node[last] = {};
      applyUpdate(node[last] as Data, value);
    } else node[last] = value;
  }
}

/**
 * Dotted keys expanded into nested objects, as Foundry's differential data reaches callbacks and hooks.
 * A deletion or replacement (`-=key`, `==key`, v14's operators) is kept as written, for `diff` and
 * `applyUpdate` to carry out against the document.
 */
export function expandObject(data: Data): Data {
  const out: Data = {};
  for (const [key, value] of Object.entries(data)) {
    const path = key.split(".");
    let node = out;
    for (const part of path.slice(0, -1)) {
      if (!isPlain(node[part])) node[part] = {};
      node = node[part] as Data;
    }
    const last = path.at(-1)!;
    if (isPlain(value) && !last.startsWith("==")) {
      if (!isPlain(node[last])) node[last] = {};
      merge(node[last] as Data, expandObject(value));
    } else node[last] = value;
  }
  return out;
}

function merge(into: Data, from: Data): void {
  for (const [key, value] of Object.entries(from)) {
    if (isPlain(value) && isPlain(into[key]) && !key.startsWith("==")) merge(into[key] as Data, value);
    else into[key] = value;
  }
}

/**
 * The part of an expanded change that differs from `current` (arrays and objects by value only when
 * plain); a deletion stays when the key is there to delete, a replacement always.
 */
function diff(current: Data, change: Data): Data {
  const out: Data = {};
  for (const [key, value] of Object.entries(change)) {
    if (key.startsWith("-=")) {
      if (key.slice(2) in current) out[key] = value;
      continue;
    }
    if (key.startsWith("==") || value instanceof ForcedReplacement) {
      out[key] = value;
      continue;
    }
    const was = current[key];
    if (value instanceof ForcedDeletion) {
      if (key in current) out[key] = value;
    } else if (isPlain(value) && isPlain(was)) {
      const inner = diff(was, value);
      if (Object.keys(inner).length) out[key] = inner;
    } else if (!Object.is(was, value)) out[key] = value;
  }
  return out;
}

function writer(): string {
  return String((globalThis as { game?: { user?: { id?: string } } }).game?.user?.id ?? "");
}

interface UserLike {
  readonly id?: string;
  readonly isGM?: boolean;
  readonly name?: string;
}

function userById(id: string): UserLike {
  const users = (globalThis as { game?: { users?: { get(id: string): UserLike | undefined } } }).game?.users;
  return users?.get(id) ?? { id };
}

/** What the server answers a write the user may not make: the request fails, nothing changes. */
function lacksPermission(userId: string, action: string, documentName: string, id: string): Error {
  const user = userById(userId);
  return new Error(`User ${user.name ?? userId} lacks permission to ${action} ${documentName} [${id}]`);
}

/** A combatant's owners are its actor's (a combatant without an actor is the GM's alone). */
function ownsCombatant(user: UserLike, combatant: Combatant): boolean {
  return Boolean(user.isGM) || Boolean(combatant.actor?.testUserPermission(user, "OWNER"));
}

/** What a player may change on a combatant they own: its initiative, flags and defeated state. */
const PLAYER_COMBATANT_FIELDS = new Set(["_id", "initiative", "flags", "defeated"]);
/** What a player may change on a Combat: its turn and round, when the combatant whose turn it is is theirs. */
const PLAYER_COMBAT_FIELDS = new Set(["_id", "round", "turn"]);

const topKeys = (data: Data) => Object.keys(data).map((key) => key.split(".")[0]!);

/**
 * The server's permission check on a Combatant write: a GM may do anything; a player only to a
 * combatant whose actor they own, and an update only of its initiative, flags and defeated state.
 */
export function checkCombatantWrite(
  userId: string,
  action: "create" | "update" | "delete",
  combatant: Combatant,
  data: Data = {},
): void {
  const user = userById(userId);
  if (user.isGM) return;
  const allowed =
    ownsCombatant(user, combatant) &&
    (action !== "update" || topKeys(data).every((k) => PLAYER_COMBATANT_FIELDS.has(k)));
  if (!allowed) throw lacksPermission(userId, action, "Combatant", combatant.id);
}

/** The server's check on a Combat update: a player changes only the turn and round, on their own combatant's turn. */
function checkCombatWrite(userId: string, combat: Combat, data: Data): void {
  const user = userById(userId);
  if (user.isGM) return;
  const current = combat.combatant;
  const allowed =
    topKeys(data).every((k) => PLAYER_COMBAT_FIELDS.has(k)) && current !== undefined && ownsCombatant(user, current);
  if (!allowed) throw lacksPermission(userId, "update", "Combat", combat.id);
}

function getFlag(flags: Data, scope: string, key: string): unknown {
  return (flags[scope] as Data | undefined)?.[key];
}

export interface StandInActor {
  name: string;
  hasPlayerOwner: boolean;
  system: Data;
  owners: string[];
  testUserPermission(user: { id?: string; isGM?: boolean }, level: string): boolean;
}

export function standInActor(name: string, options: { player?: string; system?: Data } = {}): StandInActor {
  const owners = options.player ? [options.player] : [];
  return {
    name,
    hasPlayerOwner: owners.length > 0,
    system: options.system ?? {},
    owners,
    testUserPermission: (user, level) => level === "OWNER" && (Boolean(user.isGM) || owners.includes(String(user.id))),
  };
}

export class Combatant {
  id: string;
  name: string;
  img = "icons/svg/mystery-man.svg";
  initiative: number | null;
  defeated: boolean;
  hidden: boolean;
  flags: Data;
  actor: StandInActor | null;
  token = null;
  parent: Combat | null = null;

  constructor(data: {
    id: string;
    name: string;
    initiative?: number | null;
    defeated?: boolean;
    hidden?: boolean;
    flags?: Data;
    actor?: StandInActor | null;
  }) {
    this.id = data.id;
    this.name = data.name;
    this.initiative = data.initiative ?? null;
    this.defeated = data.defeated ?? false;
    this.hidden = data.hidden ?? false;
    this.flags = data.flags ?? {};
    this.actor = data.actor ?? null;
  }

  get isDefeated(): boolean {
    return this.defeated;
  }

  get isOwner(): boolean {
    const user = (globalThis as { game?: { user?: { id?: string; isGM?: boolean } } }).game?.user ?? {};
    return Boolean(user.isGM) || Boolean(this.actor?.testUserPermission(user, "OWNER"));
  }

  get visible(): boolean {
    return this.isOwner || !this.hidden;
  }

  getFlag(scope: string, key: string): unknown {
    return getFlag(this.flags, scope, key);
  }

  _getInitiativeFormula(): string {
    return "1d20";
  }

  /** An unevaluated Roll of the given formula, or of `_getInitiativeFormula()`: `Roll.create`, the default Roll class. */
  getInitiativeRoll(formula?: string): Roll {
    const dice = (globalThis as { CONFIG?: { Dice?: { rolls?: Array<new (f: string) => Roll> } } }).CONFIG?.Dice;
    const RollClass = dice?.rolls?.[0] ?? Roll;
    return new RollClass(formula || this._getInitiativeFormula());
  }

  async _preUpdate(_changes: Data, _options: Data, _user: unknown): Promise<unknown> {
    return undefined;
  }

  /** Combatant#rollInitiative: rolls `getInitiativeRoll(formula)` and stores the total as this combatant's initiative. */
  async rollInitiative(formula?: string): Promise<Roll> {
    const roll = await this.getInitiativeRoll(formula).evaluate();
    await this.update({ initiative: roll.total });
    return roll;
  }

  /** Combatant#update from this client: `_preUpdate` may refuse, then the change is saved and broadcast. */
  async update(data: Data, options: Data = {}): Promise<this | undefined> {
    const user = (globalThis as { game?: { user?: unknown } }).game?.user;
    if ((await this._preUpdate(data, options, user)) === false) return undefined;
    await commitCombatants(this.parent, [[this, data]], options, writer());
    return this;
  }
}

/**
 * Saves combatant changes and runs what every client runs once the server has them: the parent's
 * `_onUpdateDescendantDocuments` (once for the batch), then `updateCombatant` per document.
 */
async function commitCombatants(
  parent: Combat | null,
  changes: Array<[Combatant, Data]>,
  options: Data,
  userId: string,
): Promise<Combatant[]> {
  // The server refuses the whole operation when the writer may not make any part of it.
  for (const [combatant, data] of changes) checkCombatantWrite(userId, "update", combatant, data);
  const documents: Combatant[] = [];
  const diffs: Data[] = [];
  for (const [combatant, data] of changes) {
    const change = diff(combatant as unknown as Data, expandObject(data));
    combatLog.updates.push({ document: "Combatant", id: combatant.id, data, options });
    if (!Object.keys(change).length) continue;
    applyUpdate(combatant as unknown as Data, change);
    documents.push(combatant);
    diffs.push({ ...change, _id: combatant.id });
  }
  if (!documents.length) return documents;
  await parent?._onUpdateDescendantDocuments(parent, "combatants", documents, diffs, options, userId);
  documents.forEach((d, i) => hooks().callAll("updateCombatant", d, diffs[i], options, userId));
  return documents;
}

/**
 * A change another client wrote, as the server broadcasts it to this one: the writer's `_preUpdate`
 * ran on the writer's client (or never, on a tampered one), so here only the callbacks and hooks run,
 * with the writer's user id.
 */
export async function receiveUpdate(document: Combatant | Combat, data: Data, userId: string): Promise<void> {
  if (document instanceof Combatant) {
    await commitCombatants(document.parent, [[document, data]], {}, userId);
    return;
  }
  await document._commit(data, {}, userId);
}

let combatantCount = 0;
let combatCount = 0;

/** Foundry's Collection: a Map keyed by id whose iteration yields the values. */
class Collection<T extends { id: string }> {
  readonly #map = new Map<string, T>();
  get size(): number {
    return this.#map.size;
  }
  get(id: string): T | undefined {
    return this.#map.get(id);
  }
  set(id: string, value: T): void {
    this.#map.set(id, value);
  }
  delete(id: string): boolean {
    return this.#map.delete(id);
  }
  [Symbol.iterator](): Iterator<T> {
    return this.#map.values();
  }
}

export class Combat {
  id: string;
  round = 0;
  turn: number | null = null;
  flags: Data = {};
  combatants = new Collection<Combatant>();

  /** Combatants in the data come in as a document loaded from the database: no create callbacks. */
  constructor(data: { id?: string; combatants?: Combatant[] } = {}) {
    this.id = data.id ?? "combat1";
    for (const c of data.combatants ?? []) {
      c.parent = this;
      this.combatants.set(c.id, c);
    }
  }

  /** A test's shortcut for createEmbeddedDocuments with a ready-made Combatant: the same callbacks run. */
  addCombatant(combatant: Combatant): Combatant {
    const userId = writer();
    checkCombatantWrite(userId, "create", combatant);
    combatant.parent = this;
    this.combatants.set(combatant.id, combatant);
    void this._onCreateDescendantDocuments(this, "combatants", [combatant], [{ _id: combatant.id }], {}, userId);
    hooks().callAll("createCombatant", combatant, {}, userId);
    return combatant;
  }

  /** Combat.create: a world Combat of the configured class, in game.combats. */
  static async create(data: Data = {}): Promise<Combat> {
    const g = globalThis as unknown as { game: { combats: Map<string, unknown> } };
    if (!userById(writer()).isGM) throw lacksPermission(writer(), "create", "Combat", String(data._id ?? ""));
    const combat = new this({ id: String(data._id ?? `combat${(combatCount += 1)}`) });
    g.game.combats.set(combat.id, combat);
    return combat;
  }

  async delete(): Promise<this> {
    if (!userById(writer()).isGM) throw lacksPermission(writer(), "delete", "Combat", this.id);
    (globalThis as unknown as { game: { combats: Map<string, unknown> } }).game.combats.delete(this.id);
    return this;
  }

  /**
   * Combat#createEmbeddedDocuments("Combatant", data): documents of the configured Combatant class; an
   * `actorId` names a world actor, whose name the combatant takes unless it has its own.
   */
  async createEmbeddedDocuments(name: string, data: Data[], options: Data = {}): Promise<Combatant[]> {
    if (name !== "Combatant") throw new Error(`No embedded ${name}`);
    const g = globalThis as unknown as {
      CONFIG: { Combatant: { documentClass: typeof Combatant } };
      game: { actors?: { get(id: string): StandInActor | undefined } };
    };
    const Class = g.CONFIG.Combatant.documentClass;
    const userId = writer();
    const made = data.map((d) => {
      const actor = typeof d.actorId === "string" ? (g.game.actors?.get(d.actorId) ?? null) : null;
      return new Class({
        id: String(d._id ?? `cbt${(combatantCount += 1)}`),
        name: actor?.name ?? "",
        actor,
        ...d,
      } as never);
    });
    for (const combatant of made) checkCombatantWrite(userId, "create", combatant);
    const created = made.map((combatant) => {
      combatant.parent = this;
      this.combatants.set(combatant.id, combatant);
      return combatant;
    });
    await this._onCreateDescendantDocuments(this, "combatants", created, data, options, userId);
    for (const c of created) hooks().callAll("createCombatant", c, options, userId);
    return created;
  }

  /** Combat#deleteEmbeddedDocuments("Combatant", ids). */
  async deleteEmbeddedDocuments(name: string, ids: string[], options: Data = {}): Promise<Combatant[]> {
    if (name !== "Combatant") throw new Error(`No embedded ${name}`);
    const userId = writer();
    const found = ids.flatMap((id) => this.combatants.get(id) ?? []);
    for (const c of found) checkCombatantWrite(userId, "delete", c);
    const deleted = found.map((c) => {
      this.combatants.delete(c.id);
      return c;
    });
    await this._onDeleteDescendantDocuments(this, "combatants", deleted, ids, options, userId);
    for (const c of deleted) hooks().callAll("deleteCombatant", c, options, userId);
    return deleted;
  }

  /** Core's reactions to its combatants changing (it sets up its turns again); here they only exist. */
  async _onCreateDescendantDocuments(..._args: unknown[]): Promise<void> {}
  async _onUpdateDescendantDocuments(..._args: unknown[]): Promise<void> {}
  async _onDeleteDescendantDocuments(..._args: unknown[]): Promise<void> {}
  /** Document#_onUpdate: runs on every client after an update, with the diff and the writer's id. */
  _onUpdate(_changed: Data, _options: Data, _userId: string): void {}

  get started(): boolean {
    return this.round > 0;
  }

  _sortCombatants(a: Combatant, b: Combatant): number {
    return (b.initiative ?? -Infinity) - (a.initiative ?? -Infinity);
  }

  /** Combat#setupTurns: the combatants sorted into turn order (Foundry passes the comparator unbound). */
  setupTurns(): Combatant[] {
    return [...this.combatants].sort(this._sortCombatants);
  }

  /** Set up afresh on every read here (Foundry keeps the array setupTurns made until the next change). */
  get turns(): Combatant[] {
    return this.setupTurns();
  }

  get combatant(): Combatant | undefined {
    return this.turns[this.turn ?? 0];
  }

  getFlag(scope: string, key: string): unknown {
    return getFlag(this.flags, scope, key);
  }

  async update(data: Data, options: Data = {}): Promise<this> {
    await this._commit(data, options, writer());
    return this;
  }

  /** Saves a change and runs what every client runs after it: `_onUpdate`, then `updateCombat`. */
  async _commit(data: Data, options: Data, userId: string): Promise<void> {
    checkCombatWrite(userId, this, data);
    combatLog.updates.push({ document: "Combat", id: this.id, data, options });
    const change = diff(this as unknown as Data, expandObject(data));
    if (!Object.keys(change).length) return;
    // Where the combat stood, for v14's turn events (read only when the turn or round moves).
    const moves = "round" in change || "turn" in change;
    const prior = moves ? { round: this.round, turn: this.turn, combatantId: this.combatant?.id ?? null } : null;
    applyUpdate(this as unknown as Data, change);
    const changed = { ...change, _id: this.id };
    this._onUpdate(changed, options, userId);
    // v14: the turn events of the move, and the effects they end (the active GM's client).
    if (prior) await refreshTurnEvents(this, prior, options);
    hooks().callAll("updateCombat", this, changed, options, userId);
  }

  /** One batch: each `_preUpdate` on this client, then one save with one `_onUpdateDescendantDocuments`. */
  async updateEmbeddedDocuments(name: string, updates: Data[], options: Data = {}): Promise<unknown[]> {
    if (name !== "Combatant") throw new Error(`No embedded ${name}`);
    const user = (globalThis as { game?: { user?: unknown } }).game?.user;
    const changes: Array<[Combatant, Data]> = [];
    for (const { _id, ...patch } of updates) {
      const combatant = this.combatants.get(String(_id));
      if (combatant && (await combatant._preUpdate(patch, options, user)) !== false) changes.push([combatant, patch]);
    }
    return commitCombatants(this, changes, options, writer());
  }

  /** Core's combatTrackerConfig setting: skipDefeated is off by default. */
  settings = { skipDefeated: false };

  /** Combat#startCombat: the `combatStart` hook may change the start ({round: 1, turn: 0}) before it is saved. */
  async startCombat(): Promise<this> {
    const updateData = { round: 1, turn: 0 };
    hooks().callAll("combatStart", this, updateData);
    return this.update(updateData);
  }

  /** Combat#nextTurn: the next turn (skipping the defeated when set), or the next round after the last. */
  async nextTurn(): Promise<this> {
    const turn = this.turn ?? -1;
    let next: number | null = turn + 1;
    if (this.settings.skipDefeated) {
      next = this.turns.findIndex((c, i) => i > turn && !c.isDefeated);
      if (next < 0) next = null;
    }
    if (this.round === 0 || next === null || next >= this.turns.length) return this.nextRound();
    const updateData = { round: this.round, turn: next };
    const updateOptions = { direction: 1 };
    hooks().callAll("combatTurn", this, updateData, updateOptions);
    return this.update(updateData, updateOptions);
  }

  /** Combat#previousTurn: the turn before, or the previous round from the first turn. */
  async previousTurn(): Promise<this> {
    if (this.turn === 0 && this.round === 0) return this;
    if ((this.turn ?? 0) <= 0) return this.previousRound();
    return this.update({ round: this.round, turn: (this.turn ?? 0) - 1 }, { direction: -1 });
  }

  /** Combat#nextRound: the first turn of the next round, moving forward (direction 1). */
  async nextRound(): Promise<this> {
    return this.update({ round: this.round + 1, turn: 0 }, { direction: 1 });
  }

  /** Combat#previousRound: the last turn of the round before (none before round 1), moving back (direction -1). */
  async previousRound(): Promise<this> {
    const round = Math.max(0, this.round - 1);
    const turn = round === 0 || this.turn === null ? null : Math.max(this.turns.length - 1, 0);
    return this.update({ round, turn }, { direction: -1 });
  }

  async endCombat(): Promise<this> {
    combatLog.ended.push(this.id);
    return this;
  }

  async _onStartTurn(combatant: Combatant, context: Data): Promise<void> {
    combatLog.startTurns.push({ combatant: combatant.id, context });
  }

  /** Rolls each combatant's initiative; with `updateTurn` (the default) the current combatant keeps the turn. */
  async rollInitiative(
    ids: string | string[],
    options: { formula?: string; updateTurn?: boolean } = {},
  ): Promise<this> {
    const current = this.combatant?.id;
    for (const id of typeof ids === "string" ? [ids] : ids) {
      const combatant = this.combatants.get(id)!;
      const roll = await combatant.getInitiativeRoll(options.formula).evaluate();
      await combatant.update({ initiative: roll.total });
    }
    if (options.updateTurn !== false && current)
      await this.update({ turn: this.turns.findIndex((c) => c.id === current) });
    return this;
  }
}

/** The v13 tracker: parts header, tracker, footer; `viewed` is the combat it shows. */
export class CombatTracker {
  static PARTS = {
    header: { template: "templates/sidebar/tabs/combat/header.hbs" },
    tracker: { template: "templates/sidebar/tabs/combat/tracker.hbs", scrollable: [""] },
    footer: { template: "templates/sidebar/tabs/combat/footer.hbs" },
  };
  viewed: Combat | null = null;
  /** The rendered tracker (a test fills it with rows carrying data-combatant-id). */
  element: { querySelectorAll(selector: string): Iterable<unknown> } = { querySelectorAll: () => [] };
  async _preparePartContext(_partId: string, context: Data): Promise<Data> {
    return context;
  }
  /** The context menu of a combatant row: core's entries (reduced here to none), each {name, icon, condition, callback}. */
  _getEntryContextOptions(): Data[] {
    return [];
  }
  async _onRender(_context: unknown, _options: unknown): Promise<void> {}
  async render(): Promise<this> {
    return this;
  }
}

/** DialogV2.prompt: answers with whatever the test queued (a form's values), or null (closed). */
export const dialogAnswers: Array<Record<string, string | string[]> | null> = [];
export const dialogCalls: Data[] = [];
/** DialogV2.confirm: Yes (true), No (false), or closed (null with rejectClose false), as the test queued. */
export const confirmAnswers: Array<boolean | null> = [];

export const DialogV2 = {
  async prompt(config: Data & { ok: { callback: (event: unknown, button: unknown) => unknown } }): Promise<unknown> {
    dialogCalls.push(config);
    const answer = dialogAnswers.shift();
    if (!answer) return null;
    const form = new FormData();
    for (const [name, value] of Object.entries(answer)) {
      for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
    }
    return form;
  },
  async confirm(config: Data): Promise<boolean | null> {
    dialogCalls.push(config);
    return confirmAnswers.shift() ?? null;
  },
};
