/**
 * Stand-ins for Foundry v13's Combat, Combatant and CombatTracker, reduced to the documented behaviour
 * Anthology's combat adapters rely on (shared/foundry/NOTES.md §2): updates merge dotted keys and
 * nested objects; `_preUpdate` returning false cancels an update; `started` is `round > 0`; `turns` is
 * the combatants sorted with `_sortCombatants` (called unbound, as Foundry does); `rollInitiative` rolls
 * each combatant's `_getInitiativeFormula()` and stores the total. Every update is recorded.
 */
import { Roll } from "./dice";

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
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Foundry's update merge: dotted keys set nested values; plain objects merge into existing ones;
 * `"-=key": null` deletes a key and `"==key": value` replaces it whole (NOTES.md 11.6).
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
    if (last.startsWith("-=")) delete node[last.slice(2)];
    else if (last.startsWith("==")) node[last.slice(2)] = structuredClone(value);
    else if (isPlain(value)) {
      if (!isPlain(node[last])) node[last] = {};
      applyUpdate(node[last] as Data, value);
    } else node[last] = value;
  }
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

  /** An unevaluated Roll of the given formula, or of `_getInitiativeFormula()`. */
  getInitiativeRoll(formula?: string): Roll {
    return new Roll(formula || this._getInitiativeFormula());
  }

  async _preUpdate(_changes: Data, _options: Data, _user: unknown): Promise<unknown> {
    return undefined;
  }

  async update(data: Data, options: Data = {}): Promise<this | undefined> {
    const user = (globalThis as { game?: { user?: unknown } }).game?.user;
    if ((await this._preUpdate(data, options, user)) === false) return undefined;
    applyUpdate(this as unknown as Data, data);
    combatLog.updates.push({ document: "Combatant", id: this.id, data, options });
    return this;
  }
}

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

  constructor(data: { id?: string; combatants?: Combatant[] } = {}) {
    this.id = data.id ?? "combat1";
    for (const c of data.combatants ?? []) this.addCombatant(c);
  }

  addCombatant(combatant: Combatant): Combatant {
    combatant.parent = this;
    this.combatants.set(combatant.id, combatant);
    return combatant;
  }

  get started(): boolean {
    return this.round > 0;
  }

  _sortCombatants(a: Combatant, b: Combatant): number {
    return (b.initiative ?? -Infinity) - (a.initiative ?? -Infinity);
  }

  get turns(): Combatant[] {
    // Foundry passes the comparator unbound.
    return [...this.combatants].sort(this._sortCombatants);
  }

  get combatant(): Combatant | undefined {
    return this.turns[this.turn ?? 0];
  }

  getFlag(scope: string, key: string): unknown {
    return getFlag(this.flags, scope, key);
  }

  async update(data: Data, options: Data = {}): Promise<this> {
    applyUpdate(this as unknown as Data, data);
    combatLog.updates.push({ document: "Combat", id: this.id, data, options });
    return this;
  }

  async updateEmbeddedDocuments(name: string, updates: Data[], options: Data = {}): Promise<unknown[]> {
    if (name !== "Combatant") throw new Error(`No embedded ${name}`);
    const done = [];
    for (const { _id, ...patch } of updates) {
      const combatant = this.combatants.get(String(_id));
      if (combatant) done.push(await combatant.update(patch, options));
    }
    return done;
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

  async nextRound(): Promise<this> {
    return this.update({ round: this.round + 1, turn: 0 });
  }

  async previousRound(): Promise<this> {
    return this.update({ round: Math.max(0, this.round - 1), turn: 0 });
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
};
