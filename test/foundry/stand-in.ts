/**
 * A small stand-in for the Foundry globals Anthology's adapters touch, written from the public API
 * documentation (shared/foundry/NOTES.md for v13, NOTES-v14.md for what v14 changed). It fakes Foundry
 * only: every behaviour here is Foundry's documented one, reduced to what the tests observe, and it
 * records calls so tests can assert on them. It plays v13 or v14 (`generation.ts`): under v14 it has
 * v14's shapes (message modes, operators, effect durations and expiry, status effects keyed by id,
 * rich chat input, scene levels) and logs a deprecation wherever Foundry v14 would.
 */
import { fileURLToPath } from "node:url";
import { mergedLang } from "../../scripts/lib/sources.mjs";
import { DiceTerm, Die, OperatorTerm, Roll, diceConfig } from "./dice";
import { Combat, CombatTracker, Combatant, DialogV2, applyUpdate } from "./combat";
import {
  Collection,
  EFFECT_MODES,
  StandInActor,
  StandInEffect,
  StandInItem,
  StandInMessage,
  serverTimestamp,
  type StandInDocument,
} from "./documents";
import type { StandInPack, StandInScene } from "./world";
import { EFFECT_CHANGE_TYPES } from "./documents";
import { installMacros } from "./macros";
import {
  ForcedDeletion,
  ForcedReplacement,
  RELEASE,
  deprecated,
  setStandInGeneration,
  standInGeneration,
  type StandInGeneration,
} from "./generation";

type Fn = (...args: unknown[]) => unknown;

function flatten(obj: Record<string, unknown>, prefix = "", out: Record<string, string> = {}): Record<string, string> {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === "object") flatten(v as Record<string, unknown>, key, out);
    else out[key] = String(v);
  }
  return out;
}

// The strings as the build ships them: the shared file and every rule set's, merged.
export const EN: Record<string, string> = flatten(mergedLang(fileURLToPath(new URL("../..", import.meta.url))));

/** Foundry's Localization: unknown keys come back unchanged; format fills {name} placeholders. */
export function localize(key: string): string {
  return EN[key] ?? key;
}
export function format(key: string, data: Record<string, string> = {}): string {
  return localize(key).replace(/{([^}]+)}/g, (m, name: string) => data[name] ?? m);
}

export interface StandInRecord {
  hooks: Map<string, Fn[]>;
  settings: Map<string, { config: Record<string, unknown>; value?: unknown }>;
  sheets: Array<{ documentClass: unknown; scope: string; sheet: unknown; options: Record<string, unknown> }>;
  unregistered: Array<{ documentClass: unknown; scope: string; sheet: unknown }>;
  templates: string[];
  /** Notifications shown; a progress notification (`{progress: true}`) also records its updates. */
  notifications: Array<{ level: string; message: string; options?: unknown; updates?: Array<Record<string, unknown>> }>;
  createDialogCalls: Array<{ documentName: string; args: unknown[] }>;
  rendered: Array<{ path: string; data: object }>;
  messages: object[];
  listeners: Array<{ type: string; fn: Fn; capture: boolean }>;
  /** Messages this client sent on the socket, and the socket listeners registered. */
  emitted: Array<{ channel: string; message: unknown; from?: string | null }>;
  socketListeners: Map<string, Fn[]>;
  /** The options each ChatMessage.create was given (`messageMode` on v14, `rollMode` on v13). */
  createOptions: object[];
}

class DataField {
  constructor(public options: Record<string, unknown> = {}) {}
  /** DataField#label: the field's label option (an i18n key), or "". */
  get label(): string {
    return String(this.options.label ?? "");
  }
  /** DataField#getInitialValue: the `initial` option (called when it is a function). */
  getInitialValue(data: unknown): unknown {
    const initial = this.options.initial;
    return typeof initial === "function" ? (initial as (d: unknown) => unknown)(data) : initial;
  }
  /** DataField#clean, reduced: a missing value takes the initial one. */
  clean(value: unknown): unknown {
    return value === undefined ? this.getInitialValue(value) : value;
  }
}
class SchemaField extends DataField {
  constructor(
    public fields: Record<string, DataField>,
    options: Record<string, unknown> = {},
  ) {
    super(options);
  }
  /** A SchemaField's initial value is the object of its fields' initial values. */
  override getInitialValue(): unknown {
    return this.clean(undefined);
  }
  override clean(value: unknown): Record<string, unknown> {
    const source = value && typeof value === "object" ? (value as Record<string, unknown>) : {};
    const out: Record<string, unknown> = { ...source };
    for (const [name, field] of Object.entries(this.fields)) out[name] = field.clean(source[name]);
    return out;
  }
}
class NumberField extends DataField {
  override clean(value: unknown): unknown {
    if (value === undefined) return this.getInitialValue(value);
    if (value === null || value === "") return this.options.nullable ? null : this.getInitialValue(value);
    return Number(value);
  }
}
class StringField extends DataField {}
class BooleanField extends DataField {
  override getInitialValue(data: unknown): unknown {
    return super.getInitialValue(data) ?? false;
  }
}
class HTMLField extends StringField {}

/**
 * Foundry's DataModel reduced to what the adapters use: the source is cleaned by the schema (missing
 * values take their fields' initial ones) and copied onto the instance, `parent` is the owning
 * document, `updateSource` merges a change into the source and initialises again.
 */
class TypeDataModel {
  declare _source: Record<string, unknown>;
  declare parent: unknown;
  constructor(data: Record<string, unknown> = {}, options: { parent?: unknown } = {}) {
    Object.defineProperty(this, "parent", { value: options.parent ?? null, writable: true, enumerable: false });
    Object.defineProperty(this, "_source", {
      // Foundry migrates a source before cleaning it (DataModel#_initializeSource → migrateDataSafe).
      value: (this.constructor as typeof TypeDataModel).schema.clean(
        (this.constructor as typeof TypeDataModel).migrateData(structuredClone(data)),
      ),
      writable: true,
      enumerable: false,
    });
    this._initialize();
  }
  static defineSchema(): Record<string, DataField> {
    return {};
  }
  /** DataModel.migrateData: a chance to move old source data to its new place; the base changes nothing. */
  static migrateData(source: Record<string, unknown>): Record<string, unknown> {
    return source;
  }
  static get schema(): SchemaField {
    return new SchemaField(this.defineSchema());
  }
  get schema(): SchemaField {
    return (this.constructor as typeof TypeDataModel).schema;
  }
  _initialize(): void {
    for (const key of Object.keys(this)) delete (this as Record<string, unknown>)[key];
    Object.assign(this, structuredClone(this._source));
  }
  updateSource(changes: Record<string, unknown>): Record<string, unknown> {
    applyUpdate(this._source, changes);
    this._source = (this.constructor as typeof TypeDataModel).schema.clean(this._source);
    this._initialize();
    return changes;
  }
  prepareBaseData(): void {}
  prepareDerivedData(): void {}
  /** TypeDataModel#_preUpdate: called with a document's pending changes before they are stored; false cancels. */
  async _preUpdate(_changes: unknown, _options: unknown, _user: unknown): Promise<boolean | void> {}
}

/** The Actor and Item classes: the document stand-ins, with the statics Foundry documents have. */
function documentClasses(record: StandInRecord) {
  const config = (name: string) =>
    (globalThis as unknown as { CONFIG: Record<string, { documentClass: unknown }> }).CONFIG[name]!;
  const statics = <T extends typeof StandInActor | typeof StandInItem>(Base: T, documentName: "Actor" | "Item") =>
    Object.assign(
      Object.defineProperty(Base, "implementation", {
        /** The configured class (CONFIG.<Document>.documentClass). */
        get: () => config(documentName).documentClass,
      }),
      {
        documentName,
        async createDialog(...args: unknown[]): Promise<null> {
          record.createDialogCalls.push({ documentName, args });
          return null;
        },
        /** Document.create: embedded in `parent` when given, else a world document in game.actors / game.items. */
        async create(data: Record<string, unknown>, options: { parent?: StandInActor } = {}): Promise<unknown> {
          if (options.parent) return (await options.parent.createEmbeddedDocuments(documentName, [data]))[0];
          const made = new (config(documentName).documentClass as new (d: object) => StandInDocument)(data);
          const game = (globalThis as unknown as { game: Record<string, Collection<StandInDocument>> }).game;
          game[documentName === "Actor" ? "actors" : "items"]!.set(made.id, made);
          return made;
        },
      },
    );
  // Fresh subclasses per install, so statics set by one test file never leak into another.
  return {
    Actor: statics(class extends StandInActor {}, "Actor"),
    Item: statics(class extends StandInItem {}, "Item"),
  };
}

/** Foundry's fromUuid, for world actors, their items and effects, and chat messages. */
function fromUuidSync(uuid: string): unknown {
  const game = (globalThis as unknown as { game: Record<string, Collection<StandInDocument>> }).game;
  const parts = uuid.split(".");
  const roots: Record<string, Collection<{ id: string }> | undefined> = {
    Actor: game.actors,
    Item: game.items,
    ChatMessage: game.messages as never,
  };
  let doc: unknown = roots[parts[0]!]?.get(parts[1]!);
  for (let i = 2; doc && i < parts.length; i += 2) {
    const embedded = parts[i] === "Item" ? "items" : parts[i] === "ActiveEffect" ? "effects" : null;
    doc = embedded ? (doc as Record<string, Collection<{ id: string }>>)[embedded]!.get(parts[i + 1]!) : undefined;
  }
  return doc ?? null;
}

/** Rendered applications by id, as foundry.applications.instances holds them. */
const instances = new Map<string, ApplicationV2>();
let appCount = 0;

/** ApplicationV2, reduced: options are kept, `render` records itself as rendered and counts renders. */
class ApplicationV2 {
  readonly id: string;
  rendered = false;
  renders = 0;
  constructor(public options: Record<string, unknown> = {}) {
    this.id = `app-${(appCount += 1)}`;
  }
  async _prepareContext(_options: unknown): Promise<Record<string, unknown>> {
    return {};
  }
  async _preparePartContext(_partId: string, context: Record<string, unknown>, _options: unknown) {
    return context;
  }
  async render(): Promise<this> {
    this.rendered = true;
    this.renders += 1;
    instances.set(this.id, this);
    return this;
  }
}

/** DocumentSheetV2: the document comes in the options; editable for its owners; base context as documented. */
class DocumentSheetV2 extends ApplicationV2 {
  get document(): StandInDocument {
    return this.options.document as StandInDocument;
  }
  get isEditable(): boolean {
    return this.document.isOwner;
  }
  /** Saves submitted form data to the document, as the default form handler does. */
  async _processSubmitData(_event: unknown, _form: unknown, submitData: Record<string, unknown>): Promise<void> {
    await this.document.update(submitData);
  }
  override async _prepareContext(_options: unknown): Promise<Record<string, unknown>> {
    const user = (globalThis as { game?: { user?: unknown } }).game?.user;
    return { document: this.document, source: this.document._source, editable: this.isEditable, user };
  }
}

/** ActorSheetV2#_onDropItem (v13): refuse without ownership, sort within the actor, else create a copy. */
class ActorSheetV2 extends DocumentSheetV2 {
  get actor(): StandInActor {
    return this.document as StandInActor;
  }
  async _onDropItem(_event: unknown, item: StandInItem): Promise<unknown> {
    if (!this.actor.isOwner) return null;
    if (this.actor.uuid === item.parent?.uuid) return this._onSortItem(_event, item);
    const [created] = await this.actor.createEmbeddedDocuments("Item", [item.toObject()]);
    return created ?? null;
  }
  async _onSortItem(_event: unknown, _item: StandInItem): Promise<unknown> {
    return [];
  }
  /** ActorSheetV2#_onDragStart (v13): an item's row (`data-item-id`) or an effect's row drags that document. */
  _onDragStart(event: DragEvent): void {
    const row = event.currentTarget as { dataset: Record<string, string | undefined> } | null;
    const id = row?.dataset.itemId ?? row?.dataset.effectId;
    const document = id ? (this.actor.items.get(id) ?? this.actor.effects.get(id)) : undefined;
    if (document) event.dataTransfer?.setData("text/plain", JSON.stringify(document.toDragData()));
  }
}
class ItemSheetV2 extends DocumentSheetV2 {
  get item(): StandInItem {
    return this.document as StandInItem;
  }
}
class AppV1ActorSheet {}
class AppV1ItemSheet {}

const CORE_STATUSES = [
  { id: "dead", name: "EFFECT.StatusDead", img: "icons/svg/skull.svg" },
  { id: "unconscious", name: "EFFECT.StatusUnconscious", img: "icons/svg/unconscious.svg" },
  { id: "bleeding", name: "EFFECT.StatusBleeding", img: "icons/svg/blood.svg" },
  { id: "stun", name: "EFFECT.StatusStunned", img: "icons/svg/daze.svg" },
  { id: "prone", name: "EFFECT.StatusProne", img: "icons/svg/falling.svg" },
  { id: "restrain", name: "EFFECT.StatusRestrained", img: "icons/svg/net.svg" },
];

interface StandInElement {
  tagName: string;
  className: string;
  title: string;
  textContent: string;
  innerHTML: string;
  children: StandInElement[];
  parent: StandInElement | null;
  append(...nodes: StandInElement[]): void;
  replaceChildren(...nodes: StandInElement[]): void;
  remove(): void;
  querySelectorAll(selector: string): StandInElement[];
  querySelector(selector: string): StandInElement | null;
}

/** A DOM element, reduced: children, class lookups (`.name` only), and `innerHTML` kept as text. */
function standInElement(tagName: string): StandInElement {
  const el: StandInElement = {
    tagName: tagName.toUpperCase(),
    className: "",
    title: "",
    textContent: "",
    innerHTML: "",
    children: [],
    parent: null,
    append(...nodes) {
      for (const node of nodes) {
        node.parent = el;
        el.children.push(node);
      }
    },
    replaceChildren(...nodes) {
      el.children.length = 0;
      el.innerHTML = "";
      el.append(...nodes);
    },
    remove() {
      const siblings = el.parent?.children;
      if (siblings) siblings.splice(siblings.indexOf(el), 1);
      el.parent = null;
    },
    querySelectorAll(selector) {
      const name = selector.startsWith(".") ? selector.slice(1) : null;
      const found: StandInElement[] = [];
      const walk = (node: StandInElement) => {
        for (const child of node.children) {
          if (name && child.className.split(/\s+/).includes(name)) found.push(child);
          walk(child);
        }
      };
      walk(el);
      return found;
    },
    querySelector: (selector) => el.querySelectorAll(selector)[0] ?? null,
  };
  return el;
}

/** Installs the stand-in on globalThis and returns what it records. Call before importing adapters. */
export function installFoundry(
  options: {
    /** The Foundry generation to play; by default the test project's (ANTHOLOGY_FOUNDRY). */
    generation?: StandInGeneration;
    isGM?: boolean;
    /** For a player (isGM false): whether a GM is connected too. Default true. */
    gmConnected?: boolean;
    /** For a GM: another GM is connected too and is the active GM (`Users#activeGM`). */
    otherActiveGM?: boolean;
    ruleSet?: unknown;
    /** World settings stored before the world loads, by key in the system's namespace. */
    settings?: Record<string, unknown>;
    actors?: Array<{ type: string }>;
    items?: Array<{ type: string }>;
  } = {},
): StandInRecord {
  const record: StandInRecord = {
    hooks: new Map(),
    settings: new Map(),
    sheets: [],
    unregistered: [],
    templates: [],
    notifications: [],
    createDialogCalls: [],
    rendered: [],
    messages: [],
    listeners: [],
    emitted: [],
    socketListeners: new Map(),
    createOptions: [],
  };
  if (options.generation) setStandInGeneration(options.generation);
  const v14 = standInGeneration() === 14;
  const on = (name: string, fn: Fn) => {
    record.hooks.set(name, [...(record.hooks.get(name) ?? []), fn]);
    return record.hooks.get(name)!.length;
  };
  const { Actor, Item } = documentClasses(record);
  const g = globalThis as Record<string, unknown>;
  g.Hooks = {
    on,
    once: on,
    callAll: (name: string, ...args: unknown[]) => {
      for (const fn of record.hooks.get(name) ?? []) fn(...args);
      return true;
    },
    /** Hooks.call: stops at (and returns false for) the first handler that returns false. */
    call: (name: string, ...args: unknown[]) => {
      for (const fn of record.hooks.get(name) ?? []) if (fn(...args) === false) return false;
      return true;
    },
  };
  g.Actor = Actor;
  g.Item = Item;
  // A fresh subclass per install, as for Actor and Item.
  const ActiveEffect = class extends StandInEffect {};
  g.ActiveEffect = ActiveEffect;
  g.Roll = Roll;
  // The browser's document, reduced to listener registration (Node has none). In a real browser
  // (the load bench, scripts/bench-load.mjs) the page's own document stays: a window's is read-only.
  if (typeof window === "undefined")
    g.document = {
      addEventListener: (type: string, fn: Fn, capture: boolean) => record.listeners.push({ type, fn, capture }),
      // An element with the properties adapters set on the elements they create, its children, and
      // lookups by class (`.name`); its `innerHTML` is kept as text, not parsed.
      createElement: (tagName: string) => standInElement(tagName),
    };
  /** v14's message modes (and v13's roll modes, by their v13 names): who the message is whispered to, and blind. */
  const applyModeTo = (data: Record<string, unknown>, mode: string) => {
    const gms = [...users.values()].filter((u) => u.isGM).map((u) => u.id);
    if (mode === "public" || mode === "ic") Object.assign(data, { whisper: [], blind: false });
    else if (mode === "self") Object.assign(data, { whisper: [game.user!.id], blind: false });
    else if (mode === "gm") Object.assign(data, { whisper: gms, blind: false });
    else if (mode === "blind") Object.assign(data, { whisper: gms, blind: true });
    return data;
  };
  const V13_MODES: Record<string, string> = {
    publicroll: "public",
    gmroll: "gm",
    blindroll: "blind",
    selfroll: "self",
  };
  const chatMessage = {
    /** ChatMessage.create: the message is stored in game.messages and `createChatMessage` fires. */
    create: async (data: Record<string, unknown>, createOptions: Record<string, unknown> = {}) => {
      record.createOptions.push(createOptions);
      if (v14 && "rollMode" in createOptions)
        deprecated("The rollMode option of ChatMessage creation is deprecated in favor of messageMode");
      // The server names the author (a player may only write as themselves).
      const user = game.user;
      if (user && !user.isGM && data.author !== undefined && data.author !== user.id) {
        throw new Error(`User ${user.id} may not create a ChatMessage as another user`);
      }
      const author = user?.isGM ? (data.author ?? user.id) : (user?.id ?? data.author);
      // The client's own clock gives `timestamp` (its author may change it later); the server stamps
      // `_stats.createdTime` itself, whatever the data says.
      const now = serverTimestamp();
      const message = new StandInMessage({
        timestamp: Date.now(),
        ...data,
        author,
        _stats: { createdTime: now, modifiedTime: now, lastModifiedBy: user?.id ?? null },
      });
      record.messages.push(message);
      (g.game as { messages: Collection<StandInMessage> }).messages.set(message.id, message);
      (g.Hooks as { callAll(name: string, ...args: unknown[]): boolean }).callAll("createChatMessage", message);
      return message;
    },
    getSpeaker: ({ actor }: { actor?: { name: string; id: string } } = {}) =>
      actor ? { actor: actor.id, alias: actor.name } : { alias: "Gamemaster" },
    getWhisperRecipients: (name: string) =>
      name === "GM" ? [...users.values()].filter((u) => u.isGM) : [...users.values()].filter((u) => u.id === name),
    /** ChatMessage.applyRollMode (v13; deprecated on v14): public to all; private and blind to the GMs (blind hides it from the roller); self to the roller. */
    applyRollMode: (data: Record<string, unknown>, mode: string) => {
      if (v14) deprecated("ChatMessage.applyRollMode is deprecated in favor of ChatMessage.applyMode");
      return applyModeTo(data, V13_MODES[mode] ?? mode);
    },
    /** ChatMessage.applyMode (v14): the same with v14's mode names. */
    ...(v14 ? { applyMode: applyModeTo } : {}),
  };
  g.ChatMessage = { implementation: chatMessage };
  g.CONFIG = {
    Dice: diceConfig(),
    Actor: { documentClass: Actor, dataModels: {}, typeLabels: {}, trackableAttributes: {} },
    Item: { documentClass: Item, dataModels: {}, typeLabels: {} },
    Combat: { documentClass: Combat },
    Combatant: { documentClass: Combatant },
    ui: { combat: CombatTracker },
    // Core's status effects (a few of them): what Token HUDs offer and toggleStatusEffect reads; an
    // array on v13, an object keyed by id on v14.
    statusEffects: v14
      ? Object.fromEntries(CORE_STATUSES.map((s) => [s.id, { ...s }]))
      : CORE_STATUSES.map((s) => ({ ...s })),
    // v14: what the ActiveEffectRegistry does with an expired effect (core's default marks it).
    ActiveEffect: {
      documentClass: ActiveEffect,
      ...(v14 ? { expiryAction: "update", expiryEvents: {} } : {}),
    },
  };
  g.foundry = {
    abstract: { TypeDataModel },
    dice: { terms: { DiceTerm, Die, OperatorTerm } },
    data: {
      fields: { DataField, SchemaField, NumberField, StringField, BooleanField, HTMLField },
      ...(v14 ? { operators: { ForcedDeletion, ForcedReplacement } } : {}),
    },
    documents: { Actor, Item, ActiveEffect, Combat, Combatant },
    utils: { fromUuid: async (uuid: string) => fromUuidSync(uuid), fromUuidSync },
    appv1: { sheets: { ActorSheet: AppV1ActorSheet, ItemSheet: AppV1ItemSheet } },
    applications: {
      sidebar: { tabs: { CombatTracker } },
      api: {
        DialogV2,
        ApplicationV2,
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- TypeScript's mixin rule requires any[]
        HandlebarsApplicationMixin: <T extends new (...a: any[]) => object>(Base: T) =>
          class extends Base {
            /** The parts to draw: a copy of the class's PARTS. */
            _configureRenderParts(_options: unknown): Record<string, unknown> {
              return { ...(this.constructor as unknown as { PARTS?: Record<string, unknown> }).PARTS };
            }
          },
      },
      sheets: { ActorSheetV2, ItemSheetV2 },
      instances,
      apps: {
        DocumentSheetConfig: {
          registerSheet: (documentClass: unknown, scope: string, sheet: unknown, opts: Record<string, unknown>) =>
            record.sheets.push({ documentClass, scope, sheet, options: opts }),
          unregisterSheet: (documentClass: unknown, scope: string, sheet: unknown) =>
            record.unregistered.push({ documentClass, scope, sheet }),
        },
      },
      handlebars: {
        loadTemplates: async (paths: string[]) => {
          record.templates.push(...paths);
          return [];
        },
        renderTemplate: async (path: string, data: object) => {
          record.rendered.push({ path, data });
          return `<rendered ${path}>`;
        },
      },
      ux: { TextEditor: { implementation: { enrichHTML: async (html: string) => html } } },
    },
  };
  // Each User's `targets` is the set of Tokens it targets (a Token's `actor` is its Actor).
  const users = new Map<string, { id: string; isGM: boolean; isSelf: boolean; targets: Set<unknown> }>([
    ...(options.otherActiveGM ? [["gm0", { id: "gm0", isGM: true, isSelf: false, targets: new Set() }] as const] : []),
    ["user1", { id: "user1", isGM: options.isGM ?? true, isSelf: true, targets: new Set() }],
    ...(options.gmConnected === false || (options.isGM ?? true)
      ? []
      : [["gm1", { id: "gm1", isGM: true, isSelf: false, targets: new Set() }] as const]),
  ]);
  g.game = {
    release: { ...RELEASE[standInGeneration()] },
    user: users.get("user1"),
    // Foundry's Users collection: `activeGM` is the connected GM, if any.
    users: Object.defineProperty(users, "activeGM", { get: () => [...users.values()].find((u) => u.isGM) ?? null }),
    // Foundry's Combats collection: a Map keyed by id whose own iteration gives the combats (Collection).
    combats: new (class extends Map<string, unknown> {
      override [Symbol.iterator](): MapIterator<[string, unknown]> {
        return this.values() as never;
      }
    })(),
    socket: {
      // The server relays a packet to every other client, naming its sender: who emitted it.
      emit: (channel: string, message: unknown) =>
        record.emitted.push({ channel, message: structuredClone(message), from: game.user?.id ?? null }),
      on: (channel: string, fn: Fn) =>
        record.socketListeners.set(channel, [...(record.socketListeners.get(channel) ?? []), fn]),
    },
    actors: new Collection((options.actors ?? []).map((a, i) => ({ id: `actor${i}`, ...a }))),
    items: new Collection((options.items ?? []).map((a, i) => ({ id: `item${i}`, ...a }))),
    messages: new Collection<StandInMessage>(),
    scenes: new Collection<StandInScene>(),
    // CompendiumPacks: every pack of the world, its system and modules, keyed by collection id.
    packs: new Collection<StandInPack>(),
    i18n: { lang: "en", localize, format, has: (key: string) => key in EN },
    settings: {
      register: (namespace: string, key: string, config: Record<string, unknown>) =>
        record.settings.set(`${namespace}.${key}`, { config }),
      get: (namespace: string, key: string) => {
        if (v14 && namespace === "core" && key === "rollMode") {
          // v14: the old setting is gone; reading it warns and gives nothing (NOTES-v14.md §3).
          deprecated("The core.rollMode client setting is deprecated in favor of core.messageMode");
          return null;
        }
        const entry = record.settings.get(`${namespace}.${key}`);
        if (!entry) throw new Error(`"${namespace}.${key}" is not a registered game setting`);
        return "value" in entry ? entry.value : entry.config.default;
      },
      set: async (namespace: string, key: string, value: unknown) => {
        const entry = record.settings.get(`${namespace}.${key}`);
        if (!entry) throw new Error(`"${namespace}.${key}" is not a registered game setting`);
        entry.value = value;
        return value;
      },
    },
  };
  installMacros(g, users as never);
  // Core's chat mode setting: the user's roll mode (v13) or message mode (v14), public by default.
  record.settings.set(v14 ? "core.messageMode" : "core.rollMode", {
    config: { scope: "client", default: v14 ? "public" : "publicroll" },
  });
  g.fromUuidSync = fromUuidSync;
  g.CONST = { DOCUMENT_OWNERSHIP_LEVELS: { NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 } };
  if (v14) {
    Object.assign(g.CONST as object, {
      ACTIVE_EFFECT_CHANGE_TYPES: EFFECT_CHANGE_TYPES,
      ACTIVE_EFFECT_EXPIRY_EVENTS: ["combatStart", "roundStart", "turnStart", "combatEnd", "roundEnd", "turnEnd"],
    });
    Object.defineProperty(g.CONST, "ACTIVE_EFFECT_MODES", {
      get: () => {
        deprecated("You are accessing CONST.ACTIVE_EFFECT_MODES. Changes now have string types");
        return EFFECT_MODES;
      },
    });
    // v14's global operators (NOTES-v14.md §4).
    g._del = new ForcedDeletion();
    g._replace = (value: unknown) => ForcedReplacement.create(value);
  } else {
    (g.CONST as Record<string, unknown>).ACTIVE_EFFECT_MODES = EFFECT_MODES;
    delete g._del;
    delete g._replace;
  }
  // Notifications (v13): each call returns the Notification; with `{progress: true}` its `update({pct,
  // message})` moves the bar. With `localize`, the key is localized (formatted with `format`, whose
  // values are HTML-escaped unless `escape: false`); the text shown is what is recorded.
  const escapeHtml = (v: string) =>
    v.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
  type NotifyOptions = { progress?: boolean; localize?: boolean; format?: Record<string, string>; escape?: boolean };
  const shown = (message: string, opts?: NotifyOptions) => {
    if (!opts?.format) return opts?.localize ? localize(message) : message;
    const data =
      opts.escape === false
        ? opts.format
        : Object.fromEntries(Object.entries(opts.format).map(([k, v]) => [k, escapeHtml(String(v))]));
    return format(message, data);
  };
  g.ui = {
    notifications: Object.fromEntries(
      ["info", "warn", "error", "success"].map((level) => [
        level,
        (message: string, opts?: NotifyOptions) => {
          const entry: StandInRecord["notifications"][number] = { level, message: shown(message, opts), options: opts };
          record.notifications.push(entry);
          if (!opts?.progress) return entry;
          entry.updates = [];
          return { update: (changes: Record<string, unknown>) => entry.updates!.push(changes) };
        },
      ]),
    ),
  };
  const stored: Record<string, unknown> = {
    ...options.settings,
    ...(options.ruleSet !== undefined ? { ruleSet: options.ruleSet } : {}),
  };
  if (Object.keys(stored).length) {
    const original = (g.game as { settings: { register: Fn } }).settings.register;
    (g.game as { settings: { register: Fn } }).settings.register = (ns: unknown, key: unknown, config: unknown) => {
      original(ns, key, config);
      if (String(key) in stored) record.settings.get(`${String(ns)}.${String(key)}`)!.value = stored[String(key)];
    };
  }
  return record;
}

/** Runs the hooks Foundry would fire while a world loads, in Foundry's order. */
export function loadWorld(record: StandInRecord): void {
  for (const name of ["init", "i18nInit", "setup", "ready"]) {
    for (const fn of record.hooks.get(name) ?? []) fn();
  }
}
