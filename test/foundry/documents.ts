/**
 * Stand-ins for Foundry v13's Actor, Item, ActiveEffect and ChatMessage documents, reduced to the
 * documented behaviour Anthology's adapters rely on (API v13 ClientDocument, Actor, ChatMessage):
 * `system` is the type's data model built from the source with the document as parent; data
 * preparation runs base data, embedded documents, Active Effects (ADD and OVERRIDE changes) then
 * derived data; `update` merges dotted keys into the source and prepares again; ownership decides
 * `isOwner` and `testUserPermission`; flags live under `flags.<scope>.<key>`; a `uuid` resolves back
 * through `fromUuid`. Every update is recorded.
 */
import { applyUpdate } from "./combat";
import { deprecated as logDeprecation, isOperator, standInGeneration } from "./generation";

type Data = Record<string, unknown>;

interface UserLike {
  readonly id?: string | null;
  readonly isGM?: boolean;
}

export const documentLog: {
  updates: Array<{ uuid: string; data: Data; userId: string | null; options?: Data }>;
  created: Data[];
} = {
  updates: [],
  created: [],
};

const g = () => globalThis as unknown as { CONFIG: Data; game: { user?: UserLike } };

let nextId = 0;
const newId = () => `doc${(nextId += 1).toString().padStart(12, "0")}`;

/** Foundry's Collection: keyed by id; iteration yields the values; `contents` is the array of them. */
export class Collection<T extends { id: string }> {
  readonly #map = new Map<string, T>();
  constructor(values: Iterable<T> = []) {
    for (const v of values) this.#map.set(v.id, v);
  }
  get size(): number {
    return this.#map.size;
  }
  get contents(): T[] {
    return [...this.#map.values()];
  }
  get(id: string): T | undefined {
    return this.#map.get(id);
  }
  has(id: string): boolean {
    return this.#map.has(id);
  }
  set(id: string, value: T): this {
    this.#map.set(id, value);
    return this;
  }
  delete(id: string): boolean {
    return this.#map.delete(id);
  }
  [Symbol.iterator](): Iterator<T> {
    return this.#map.values();
  }
  readonly #invalid = new Map<string, T>();
  /** DocumentCollection#invalidDocumentIds: documents whose stored data failed validation, kept apart. */
  get invalidDocumentIds(): Set<string> {
    return new Set(this.#invalid.keys());
  }
  /** DocumentCollection#getInvalid: such a document, built anyway; `strict` throws for an id not among them. */
  getInvalid(id: string, { strict = true }: { strict?: boolean } = {}): T | undefined {
    const document = this.#invalid.get(id);
    if (!document && strict) throw new Error(`${id} is not in the set of invalid ids for this collection`);
    return document;
  }
  /** Stand-in only: how a test puts a document whose source fails validation into the collection. */
  setInvalid(id: string, value: T): this {
    this.#invalid.set(id, value);
    return this;
  }
  values(): Iterator<T> {
    return this.#map.values();
  }
  find(fn: (value: T) => boolean): T | undefined {
    return this.contents.find(fn);
  }
  filter(fn: (value: T) => boolean): T[] {
    return this.contents.filter(fn);
  }
  first(): T | undefined {
    return this.contents[0];
  }
}

const OWNER = 3;

/**
 * The server's permission check on a write (Document#canUserModify): a GM writes anything; a player
 * writes only documents they own (an embedded document through its root). Foundry refuses the rest
 * and the promise rejects; so does the stand-in, so a test cannot pass on a write the server refuses.
 */
export function assertMayWrite(
  document: { rootDocument: { testUserPermission(u: UserLike, l: string): boolean }; documentName: string; id: string },
  action: string,
): void {
  const user = g().game.user;
  if (!user || user.isGM) return;
  if (!document.rootDocument.testUserPermission(user, "OWNER")) {
    throw new Error(`User ${user.id} lacks permission to ${action} ${document.documentName} [${document.id}]`);
  }
}

/** foundry.utils.expandObject: `{ "system.hp.value": 3 }` becomes `{ system: { hp: { value: 3 } } }`. */
function expandObject(data: Data): Data {
  const out: Data = {};
  for (const [key, value] of Object.entries(data)) {
    const path = key.split(".");
    let node = out;
    for (const part of path.slice(0, -1)) node = (node[part] ??= {}) as Data;
    const last = path.at(-1)!;
    const plain = value !== null && typeof value === "object" && !Array.isArray(value) && !isOperator(value);
    node[last] = plain ? { ...((node[last] as Data | undefined) ?? {}), ...expandObject(value as Data) } : value;
  }
  return out;
}

export abstract class StandInDocument {
  id: string;
  name: string;
  type: string;
  img: string;
  flags: Data;
  ownership: Record<string, number>;
  parent: StandInDocument | null;
  _source: Data;
  system: Data & { prepareBaseData?(): void; prepareDerivedData?(): void };
  abstract readonly documentName: string;

  constructor(data: Data, options: { parent?: StandInDocument | null } = {}) {
    this.parent = options.parent ?? null;
    this._source = structuredClone({ flags: {}, ownership: {}, img: "icons/svg/item-bag.svg", ...data });
    this.id = String(data._id ?? newId());
    this.name = String(data.name ?? "");
    this.type = String(data.type ?? "base");
    this.img = String(this._source.img);
    this.flags = {};
    this.ownership = {};
    this.system = {};
    this._initialize();
  }

  /** The config of this document class: CONFIG.Actor or CONFIG.Item. */
  protected get config(): { dataModels?: Record<string, new (d: Data, o: object) => Data> } {
    return (g().CONFIG[this.documentName] ?? {}) as never;
  }

  _initialize(): void {
    this.name = String(this._source.name ?? this.name);
    this.img = String(this._source.img);
    this.flags = structuredClone(this._source.flags as Data);
    this.ownership = structuredClone(this._source.ownership as Record<string, number>);
    const Model = this.config.dataModels?.[this.type];
    const source = (this._source.system ?? {}) as Data;
    this.system = Model ? (new Model(source, { parent: this }) as never) : structuredClone(source);
    // As in Foundry, the stored source holds the type's data as its model cleaned it (defaults filled in).
    const cleaned = (this.system as { _source?: Data })._source;
    if (cleaned && this._source.system !== undefined) this._source.system = cleaned;
  }

  get uuid(): string {
    return this.parent ? `${this.parent.uuid}.${this.documentName}.${this.id}` : `${this.documentName}.${this.id}`;
  }

  /** The document's owner, or the owner of the document it is embedded in. */
  testUserPermission(user: UserLike, level: string | number): boolean {
    if (user.isGM) return true;
    const wanted = typeof level === "number" ? level : level === "OWNER" ? OWNER : level === "OBSERVER" ? 2 : 1;
    if (this.parent) return this.parent.testUserPermission(user, wanted);
    const own = this.ownership[String(user.id)] ?? this.ownership.default ?? 0;
    return own >= wanted;
  }

  /** Exactly Limited permission for the current user (Foundry's Document#limited). */
  get limited(): boolean {
    const user = g().game.user ?? {};
    return this.testUserPermission(user, "LIMITED") && !this.testUserPermission(user, "OBSERVER");
  }

  get isOwner(): boolean {
    return this.testUserPermission(g().game.user ?? {}, "OWNER");
  }

  getFlag(scope: string, key: string): unknown {
    return (this.flags[scope] as Data | undefined)?.[key];
  }

  async setFlag(scope: string, key: string, value: unknown): Promise<this> {
    return this.update({ [`flags.${scope}.${key}`]: value });
  }

  prepareData(): void {
    this.system.prepareBaseData?.();
    this.prepareEmbeddedDocuments();
    this.system.prepareDerivedData?.();
  }

  prepareEmbeddedDocuments(): void {}

  /** Document#toObject: the stored source with its id; `system` as the type's data model holds it. */
  toObject(): Data {
    const system = (this.system as { _source?: Data })._source ?? this._source.system;
    return structuredClone({ ...this._source, _id: this.id, ...(system === undefined ? {} : { system }) });
  }

  async update(data: Data, options: Data = {}): Promise<this> {
    const user = g().game.user;
    assertMayWrite(this, "update");
    documentLog.updates.push({ uuid: this.uuid, data, userId: user?.id ?? null, options });
    // Foundry expands dotted keys, then lets the type's data model see (and change or refuse) the changes.
    const changes = expandObject(data);
    const model = this.system as { _preUpdate?(c: Data, o: Data, u: unknown): Promise<unknown> };
    if ((await model._preUpdate?.(changes, options, user)) === false) return this;
    this.applyChanges(changes);
    this._initialize();
    // Foundry resets the parent when an embedded document changes: its data is built again, then prepared.
    if (this.rootDocument !== this) this.rootDocument._initialize();
    this.rootDocument.prepareData();
    return this;
  }

  /** DataModel#updateSource: the change merged into the source, without saving (as in `_preCreate` or a preCreate hook). */
  updateSource(changes: Data): Data {
    applyUpdate(this._source, expandObject(changes));
    this._initialize();
    return changes;
  }

  /** Writes an update's changes into the source. */
  protected applyChanges(changes: Data): void {
    applyUpdate(this._source, changes);
  }

  get rootDocument(): StandInDocument {
    return this.parent?.rootDocument ?? this;
  }

  /** ClientDocumentMixin#toDragData: a document with an id drags as its type and uuid. */
  toDragData(): { type: string; uuid: string } {
    return { type: this.documentName, uuid: this.uuid };
  }

  /** Deletes the document: from its parent when embedded, else from the world collection. */
  async delete(): Promise<this> {
    assertMayWrite(this, "delete");
    if (this.parent) this.parent.removeEmbedded(this);
    else {
      const game = (globalThis as unknown as { game: Record<string, { delete(id: string): boolean } | undefined> })
        .game;
      game[this.documentName === "Actor" ? "actors" : "items"]?.delete(this.id);
    }
    return this;
  }

  removeEmbedded(_document: StandInDocument): void {}
}

export class StandInItem extends StandInDocument {
  /** The item's own effects; those marked `transfer` apply to the actor that has it (Actor#allApplicableEffects). */
  effects = new Collection<StandInEffect>();

  constructor(data: Data, options: { parent?: StandInDocument | null } = {}) {
    super(data, options);
    for (const effect of (data.effects as Data[] | undefined) ?? []) {
      const made = new (effectClass())(effect, { parent: this });
      this.effects.set(made.id, made);
    }
  }

  get documentName(): string {
    return "Item";
  }

  override removeEmbedded(document: StandInDocument): void {
    this.effects.delete(document.id);
    this.rootDocument._initialize();
    this.rootDocument.prepareData();
  }
  get actor(): StandInActor | null {
    return this.parent instanceof StandInActor ? this.parent : null;
  }
  /** The sheet the user would open: here a recorder of render calls. */
  readonly sheet = { rendered: 0, render: async () => ((this.sheet.rendered += 1), this.sheet) };
  async deleteDialog(): Promise<this> {
    return this.delete();
  }
}

/** A v13 change's numeric mode as v14's type (core's migration: unknown modes become "custom.<n>"). */
const MODE_TYPES: Readonly<Record<number, string>> = {
  0: "custom",
  1: "multiply",
  2: "add",
  3: "downgrade",
  4: "upgrade",
  5: "override",
};

const LEGACY_DURATION = ["rounds", "turns", "seconds", "startRound", "startTurn", "startTime", "combat"] as const;

/**
 * Foundry v14's migration of an effect's stored data (NOTES-v14.md §1-2): top-level `changes` move to
 * `system.changes`, a numeric `mode` becomes a `type`, and the legacy duration becomes `{value, units,
 * expiry}` with its start in `start`; the combatant it started on is not known, so it stays null.
 * Stored data (a world that ran on v13) migrates quietly; new data in the old shape (`warn`) is a
 * mistake on v14 and is logged as a deprecation.
 */
function migrateEffectV14(source: Data, warn: boolean): void {
  const deprecated = (message: string) => warn && logDeprecation(message);
  const system = ((source.system as Data | undefined) ??= {});
  if (Array.isArray(source.changes)) {
    if (source.changes.length) deprecated("ActiveEffect#changes is deprecated in favor of ActiveEffect#system#changes");
    system.changes = [...((system.changes as Data[] | undefined) ?? []), ...source.changes];
  }
  delete source.changes;
  system.changes = ((system.changes as Data[] | undefined) ?? []).map((change) => {
    if (typeof change.mode !== "number") return { phase: "initial", ...change };
    deprecated("An ActiveEffect change uses a numeric #mode; changes now have string types");
    const { mode, ...rest } = change;
    return { phase: "initial", ...rest, type: MODE_TYPES[mode as number] ?? `custom.${String(mode)}` };
  });
  const duration = (source.duration as Data | undefined) ?? {};
  const legacy = LEGACY_DURATION.filter((k) => duration[k] !== undefined && duration[k] !== null);
  const start = {
    combat: null,
    combatant: null,
    initiative: null,
    round: null,
    turn: null,
    time: 0,
    ...(source.start as Data),
  };
  if (legacy.length) {
    deprecated(`ActiveEffect duration uses the legacy keys ${legacy.join(", ")}; see EffectDurationData`);
    const rounds = typeof duration.rounds === "number" ? duration.rounds : null;
    Object.assign(start, {
      combat: duration.combat ?? start.combat,
      round: duration.startRound ?? start.round,
      turn: duration.startTurn ?? start.turn,
    });
    source.duration = rounds === null ? {} : { value: rounds, units: "rounds" };
  }
  const value = (source.duration as Data | undefined)?.value;
  source.duration = {
    value: typeof value === "number" ? value : null,
    units: "seconds",
    expiry: typeof value === "number" ? "turnStart" : null,
    expired: false,
    ...(source.duration as Data),
  };
  source.start = start;
}

/** ActiveEffect: statuses, changes applied during preparation, a duration (v13 or v14 shape). */
export class StandInEffect extends StandInDocument {
  /** `created`: new data from a create call (old shapes warn on v14), not stored data being loaded. */
  constructor(data: Data, options: { parent?: StandInDocument | null; created?: boolean } = {}) {
    super(data, options);
    if (standInGeneration() === 14) {
      migrateEffectV14(this._source, options.created === true);
      this._initialize();
    }
  }
  get documentName(): string {
    return "ActiveEffect";
  }
  get statuses(): Set<string> {
    return new Set((this._source.statuses as string[] | undefined) ?? []);
  }
  /** ActiveEffect#changes: v13's list; on v14 a deprecated alias of `system.changes`. */
  get changes(): Data[] {
    if (standInGeneration() === 14)
      logDeprecation("ActiveEffect#changes is deprecated in favor of ActiveEffect#system#changes");
    return this.changeList;
  }
  /** Stand-in only: the changes wherever this generation keeps them, read without a warning. */
  get changeList(): Data[] {
    const list = standInGeneration() === 14 ? (this._source.system as Data | undefined)?.changes : this._source.changes;
    return (list as Data[] | undefined) ?? [];
  }
  get disabled(): boolean {
    return this._source.disabled === true;
  }
  /** ActiveEffect#duration; on v14 with `remaining` (rounds left by the active combat's round). */
  get duration(): Data {
    const duration = { ...((this._source.duration as Data | undefined) ?? {}) };
    if (standInGeneration() !== 14 || duration.units !== "rounds" || typeof duration.value !== "number")
      return duration;
    const start = this.start;
    const combat = (globalThis as { game?: { combat?: { id: string; round: number } | null } }).game?.combat;
    const elapsed =
      combat && start.combat === combat.id && typeof start.round === "number" ? combat.round - start.round : 0;
    return { ...duration, remaining: duration.value - elapsed };
  }
  /** ActiveEffect#start (v14). */
  get start(): Data {
    return (this._source.start as Data | undefined) ?? {};
  }
  /** The sheet the user would open: here a recorder of render calls. */
  readonly sheet = { rendered: 0, render: async () => ((this.sheet.rendered += 1), this.sheet) };
  /** Document#deleteDialog, the user saying yes. */
  async deleteDialog(): Promise<this> {
    return this.delete();
  }
  get transfer(): boolean {
    return this._source.transfer === true;
  }
  /** ActiveEffect#isSuppressed: false in core; a system's subclass may say otherwise. */
  get isSuppressed(): boolean {
    return false;
  }
  /** ActiveEffect#active: not disabled, not suppressed (and, in the stand-in, not expired). */
  get active(): boolean {
    return !this.disabled && !this.isSuppressed && (this._source.duration as Data | undefined)?.expired !== true;
  }
}

/** The class Foundry makes effects with: CONFIG.ActiveEffect.documentClass when it is one of ours. */
function effectClass(): typeof StandInEffect {
  const configured = (globalThis as { CONFIG?: { ActiveEffect?: { documentClass?: unknown } } }).CONFIG?.ActiveEffect
    ?.documentClass;
  return typeof configured === "function" && configured.prototype instanceof StandInEffect
    ? (configured as typeof StandInEffect)
    : StandInEffect;
}

/** CONST.ACTIVE_EFFECT_MODES: ADD 2, OVERRIDE 5 (the two the stand-in applies). */
export const EFFECT_MODES = { CUSTOM: 0, MULTIPLY: 1, ADD: 2, DOWNGRADE: 3, UPGRADE: 4, OVERRIDE: 5 } as const;

/** CONST.ACTIVE_EFFECT_CHANGE_TYPES (v14): the numbers are default priorities. */
export const EFFECT_CHANGE_TYPES = {
  custom: 0,
  multiply: 10,
  add: 20,
  subtract: 20,
  downgrade: 30,
  upgrade: 40,
  override: 50,
} as const;

interface StandInHooks {
  call(hook: string, ...args: unknown[]): boolean;
  callAll(hook: string, ...args: unknown[]): unknown;
}

/**
 * v14's ActiveEffect#_preCreate, as the stand-in models it at its strictest: `start` is stamped from
 * the active combat (its round and turn, and the combatant whose turn it is), over whatever the
 * creation data said (NOTES-v14.md §2: core fills `start` on creation).
 */
function stampStart(effect: StandInEffect): void {
  const combat = (globalThis as { game?: { combat?: StandInCombatLike | null } }).game?.combat;
  if (!combat || !(combat.round > 0)) return;
  effect.updateSource({
    start: {
      combat: combat.id,
      combatant: combat.combatant?.id ?? null,
      initiative: combat.combatant?.initiative ?? null,
      round: combat.round,
      turn: combat.turn,
      time: 0,
    },
  });
}

interface StandInCombatLike {
  readonly id: string;
  readonly round: number;
  readonly turn: number | null;
  readonly combatant?: { readonly id: string; readonly initiative?: number | null } | null;
}

export class StandInActor extends StandInDocument {
  get documentName(): string {
    return "Actor";
  }
  items = new Collection<StandInItem>();
  effects = new Collection<StandInEffect>();

  constructor(data: Data, options: { parent?: StandInDocument | null } = {}) {
    super(data, options);
    for (const item of (data.items as Data[] | undefined) ?? []) this.#addItem(item);
    for (const effect of (data.effects as Data[] | undefined) ?? []) this.#addEffect(effect);
    this.prepareData();
  }

  #addItem(data: Data): StandInItem {
    const item = new StandInItem(data, { parent: this });
    this.items.set(item.id, item);
    return item;
  }

  #addEffect(data: Data): StandInEffect {
    const effect = new (effectClass())(data, { parent: this });
    this.effects.set(effect.id, effect);
    return effect;
  }

  override prepareEmbeddedDocuments(): void {
    for (const item of this.items) item.prepareData();
    this.applyActiveEffects();
  }

  /** The actor's source with its items and effects as they are now. */
  override toObject(): Data {
    return {
      ...super.toObject(),
      items: this.items.contents.map((i) => i.toObject()),
      effects: this.effects.contents.map((e) => e.toObject()),
    };
  }

  /**
   * An update through the parent may carry embedded changes (`items: [{_id, ...}]`): each goes to the
   * embedded document with that id, merged like its own update (API v13 Document#update).
   */
  protected override applyChanges(changes: Data): void {
    const { items, effects, ...own } = changes;
    super.applyChanges(own);
    for (const [list, collection] of [
      [items, this.items],
      [effects, this.effects],
    ] as const) {
      for (const change of Array.isArray(list) ? (list as Data[]) : []) {
        const embedded = collection.get(String(change._id));
        if (!embedded) continue;
        const rest = { ...change };
        delete rest._id;
        applyUpdate(embedded._source, rest);
        embedded._initialize();
      }
    }
  }

  /** Actor#allApplicableEffects: its own effects, then those its items pass on (`transfer`). */
  *allApplicableEffects(): Generator<StandInEffect> {
    yield* this.effects;
    for (const item of this.items)
      for (const effect of item.effects) if (effect._source.transfer === true) yield effect;
  }

  /** Actor#applyActiveEffects, reduced to add and override changes on `system.*` keys (v13 modes, v14 types). */
  applyActiveEffects(): void {
    for (const effect of this.allApplicableEffects()) {
      if (!effect.active) continue;
      for (const change of effect.changeList) {
        const key = String(change.key);
        if (!key.startsWith("system.")) continue;
        const path = key.slice("system.".length).split(".");
        let node = this.system as Data;
        for (const part of path.slice(0, -1)) node = (node[part] ??= {}) as Data;
        const last = path.at(-1)!;
        const type = typeof change.mode === "number" ? MODE_TYPES[change.mode] : change.type;
        if (type === "add") node[last] = Number(node[last] ?? 0) + Number(change.value);
        else if (type === "override") node[last] = Number(change.value);
      }
    }
  }

  /** The status ids of every active effect (on v14 an expired one is inactive). */
  get statuses(): Set<string> {
    const out = new Set<string>();
    for (const effect of this.allApplicableEffects()) if (effect.active) for (const s of effect.statuses) out.add(s);
    return out;
  }

  /**
   * Actor#prototypeToken: the token data its new tokens start from (`actorLink`: whether they share
   * this actor). The stand-in's targeted tokens carry the world actor itself, as linked tokens do in
   * Foundry, so its actors are linked unless their data says otherwise.
   */
  get prototypeToken(): { actorLink: boolean } {
    const data = (this._source.prototypeToken ?? {}) as { actorLink?: boolean };
    return { actorLink: data.actorLink ?? true };
  }

  /** Actor#isToken: a token's own actor (the stand-in's actors are all world actors). */
  get isToken(): boolean {
    return false;
  }

  get hasPlayerOwner(): boolean {
    return Object.entries(this.ownership).some(([id, level]) => id !== "default" && level >= OWNER);
  }

  /** Actor#createEmbeddedDocuments: new ids unless `keepId` (a copied source's `_id` is dropped). */
  async createEmbeddedDocuments(name: string, data: Data[], { keepId = false } = {}): Promise<StandInDocument[]> {
    assertMayWrite(this, `create ${name} in`);
    documentLog.created.push(...data.map((d) => ({ embeddedIn: this.uuid, documentName: name, ...d })));
    const fresh = data.map(({ _id, ...d }) => (keepId && _id !== undefined ? { _id, ...d } : d));
    const hooks = (globalThis as { Hooks?: StandInHooks }).Hooks;
    const made: StandInDocument[] = [];
    for (const d of fresh) {
      if (name === "Item") {
        made.push(this.#addItem(d));
        continue;
      }
      // ActiveEffect#_preCreate, then the `preCreateActiveEffect` hook, which may change the source or refuse.
      const effect = new (effectClass())(d, { parent: this, created: true });
      if (standInGeneration() === 14) stampStart(effect);
      if (hooks?.call("preCreateActiveEffect", effect, d, {}, g().game.user?.id ?? null) === false) continue;
      this.effects.set(effect.id, effect);
      made.push(effect);
    }
    // Foundry resets the parent when a descendant is created: built again from the source, then prepared
    // (so an effect's changes are applied once, not on top of the last preparation's).
    this._initialize();
    this.prepareData();
    // Foundry then calls `createItem` / `createActiveEffect` for each new embedded document.
    for (const document of made)
      hooks?.callAll(name === "Item" ? "createItem" : "createActiveEffect", document, {}, "");
    return made;
  }

  /** Actor#updateEmbeddedDocuments: each `{_id, ...changes}` merged into that document, then one preparation. */
  async updateEmbeddedDocuments(name: string, updates: Data[]): Promise<StandInDocument[]> {
    assertMayWrite(this, `update ${name} in`);
    const collection = name === "Item" ? this.items : this.effects;
    const changed: StandInDocument[] = [];
    for (const { _id, ...changes } of updates) {
      const document = collection.get(String(_id));
      if (!document) continue;
      documentLog.updates.push({ uuid: document.uuid, data: changes, userId: g().game.user?.id ?? null });
      applyUpdate(document._source, expandObject(changes));
      document._initialize();
      changed.push(document);
    }
    this._initialize();
    this.prepareData();
    return changed;
  }

  // Foundry resets a parent when its embedded documents change (`_onDeleteDescendantDocuments`):
  // its data is built again from the source, then prepared.
  async deleteEmbeddedDocuments(name: string, ids: string[]): Promise<void> {
    assertMayWrite(this, `delete ${name} in`);
    for (const id of ids) (name === "Item" ? this.items : this.effects).delete(id);
    this._initialize();
    this.prepareData();
  }

  override removeEmbedded(document: StandInDocument): void {
    this.items.delete(document.id);
    this.effects.delete(document.id);
    this._initialize();
    this.prepareData();
  }

  /** Actor#toggleStatusEffect: adds (or removes) an effect made from the CONFIG.statusEffects entry. */
  async toggleStatusEffect(statusId: string, { active }: { active?: boolean } = {}): Promise<unknown> {
    const existing = this.effects.filter((e) => e.statuses.has(statusId));
    const wanted = active ?? existing.length === 0;
    if (!wanted) {
      await this.deleteEmbeddedDocuments(
        "ActiveEffect",
        existing.map((e) => e.id),
      );
      return false;
    }
    if (existing.length) return true;
    // CONFIG.statusEffects: an array on v13, an object keyed by id on v14.
    const registry = (g().CONFIG.statusEffects ?? []) as
      Array<{ id: string; name: string; img: string }> | Record<string, { id: string; name: string; img: string }>;
    const status = Array.isArray(registry) ? registry.find((s) => s.id === statusId) : registry[statusId];
    if (!status) throw new Error(`Invalid status ID "${statusId}" provided to Actor#toggleStatusEffect`);
    const [effect] = await this.createEmbeddedDocuments("ActiveEffect", [
      { name: status.name, img: status.img, statuses: [statusId] },
    ]);
    return effect;
  }
}

let serverClock = 0;

/** The server's clock for a new message: its time now, strictly later than the last message's. */
export function serverTimestamp(): number {
  serverClock = Math.max(Date.now(), serverClock + 1);
  return serverClock;
}

/** ChatMessage: its data, flags, the author (`author` is a User id in v13 data, the User when read). */
export class StandInMessage {
  id: string;
  content: string;
  flavor: string;
  speaker: Data;
  flags: Data;
  rolls: unknown[];
  whisper: string[];
  authorId: string | null;
  constructor(data: Data) {
    this.id = String(data._id ?? newId());
    this.content = String(data.content ?? "");
    this.flavor = String(data.flavor ?? "");
    this.speaker = (data.speaker as Data) ?? {};
    this.flags = structuredClone((data.flags as Data) ?? {});
    this.rolls = (data.rolls as unknown[]) ?? [];
    this.whisper = (data.whisper as string[]) ?? [];
    this.authorId = (data.author as string | undefined) ?? g().game.user?.id ?? null;
    Object.assign(this, Object.fromEntries(Object.entries(data).filter(([k]) => !(k in this))));
  }
  get uuid(): string {
    return `ChatMessage.${this.id}`;
  }
  /** ChatMessage#toObject: its stored data (`author` is the User id). */
  toObject(): Data {
    const { id, authorId, ...rest } = this as unknown as Data;
    return structuredClone({ _id: id, author: authorId, ...rest });
  }
  /** ChatMessage#author: the User who wrote it. */
  get author(): UserLike | null {
    const users = (globalThis as unknown as { game: { users?: Map<string, UserLike> } }).game.users;
    return (this.authorId && users?.get(this.authorId)) || null;
  }
  get isAuthor(): boolean {
    return g().game.user?.id === this.authorId;
  }
  get isOwner(): boolean {
    return Boolean(g().game.user?.isGM) || this.isAuthor;
  }
  getFlag(scope: string, key: string): unknown {
    return (this.flags[scope] as Data | undefined)?.[key];
  }
  async setFlag(scope: string, key: string, value: unknown): Promise<this> {
    return this.update({ [`flags.${scope}.${key}`]: value });
  }
  /**
   * ChatMessage#update as the server takes it: only its author or a GM may change it, and only a GM
   * who wrote it (a player's write of `author` is refused). `_stats` is the server's: a write to it is
   * dropped, and the server stamps the change. The author may change `timestamp`, as in Foundry.
   */
  async update(data: Data, options: Data = {}): Promise<this> {
    const user = g().game.user;
    if (user && !user.isGM) {
      if (!this.isAuthor) throw new Error(`User ${user.id} lacks permission to update ChatMessage [${this.id}]`);
      const fixed = Object.keys(data).filter((k) => /^(author|_id)$/.test(k.split(".")[0]!));
      if (fixed.length)
        throw new Error(`User ${user.id} may not change ${fixed.join(", ")} of ChatMessage [${this.id}]`);
    }
    data = Object.fromEntries(Object.entries(data).filter(([k]) => k.split(".")[0] !== "_stats"));
    const stats = (this as unknown as { _stats?: Data })._stats;
    if (stats) Object.assign(stats, { modifiedTime: serverTimestamp(), lastModifiedBy: user?.id ?? null });
    documentLog.updates.push({ uuid: this.uuid, data, userId: user?.id ?? null, options });
    applyUpdate(this as unknown as Data, data);
    return this;
  }
  async delete(): Promise<this> {
    const user = g().game.user;
    if (user && !user.isGM && !this.isAuthor) {
      throw new Error(`User ${user.id} lacks permission to delete ChatMessage [${this.id}]`);
    }
    (g().game as unknown as { messages?: { delete(id: string): boolean } }).messages?.delete(this.id);
    return this;
  }
}
