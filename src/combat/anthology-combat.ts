import { SYSTEM_ID } from "../constants";
import { changedKeys, deleteKey } from "../foundry";
import { RequestRefused } from "../hooks/socket";
import { getRuleSet } from "../rulesets";
import { pluginOf } from "../rulesets/registry";
import { activeRuleSet } from "../settings";
import { checkAhead, checkTarget } from "../time-count/bounds";
import { TimeCountError } from "../time-count/time-count-error";
import { CountMirror, type CombatantFacts, type TimeCountReader } from "./count-mirror";
import { escapeHtml } from "../play/escape";
import { warn } from "../play/notify";
import { CombatBase, type CombatantLike, type DescendantEvent } from "./foundry-bases";
import type { TimeCountActions } from "./time-count-actions";
import { requestNewRound, requestRollInitiative } from "./requests";

/** How many steps of a Time Count combat the GM can undo. */
export const TIME_COUNT_HISTORY = 50;

/** Update option marking Anthology's own Time Count writes (the manual-edit guard lets them through). */
export const TIME_COUNT_WRITE = "anthologyTimeCount";

/**
 * One combatant's place on the count as a GM last set it: the TC of its next action and the rule
 * set's GM-only flags. The combat keeps one per combatant in its flags (`schedule`), which only a GM
 * can write (Foundry refuses a player's write to a Combat's flags), so it is what the count is built
 * from and what a player's write to their own combatant is put back to.
 */
export interface Scheduled {
  readonly initiative: number | null;
  readonly flags: Readonly<Record<string, unknown>>;
}

/** A combatant as one step found it, before changing it. */
export interface CombatantBefore {
  readonly initiative: number | null;
  /** The flags (system scope) the step set, as they were; null for one that was not set. */
  readonly flags?: Readonly<Record<string, unknown>>;
  /** Steps stored before undo kept only what changed list every combatant with this flag: still undone. */
  readonly unsteady?: boolean;
}

/** What one step of the count changed, enough to take it back: only the combatants it moved. */
export interface TimeCountSnapshot {
  readonly tc: number;
  readonly round: number;
  readonly combatants: Readonly<Record<string, CombatantBefore>>;
}

/** A formula with dice in it (a static SF is a plain number and shows no roll). */
const ROLLS_DICE = /\d*d\d/i;

/** While Foundry sorts the turns, the initiative order read once for the whole sort (not per comparison). */
let sortingTimeCount: boolean | null = null;

type TieBreak = (a: unknown, b: unknown) => number;

/** While Foundry sorts the turns, the rule set's tie-break read once for the whole sort. */
let sortingTieBreak: TieBreak | null | undefined;

/** The world's rule set's order for tied initiatives (null: the name order alone). */
const tieBreakOf = (): TieBreak | null => pluginOf(activeRuleSet()).rounds?.tieBreak ?? null;

/** Whether the world's rule set counts time upward instead of rounds. */
export function isTimeCountWorld(): boolean {
  return getRuleSet(activeRuleSet()).initiative.order === "time-count";
}

/** What acting means on the Time Count in this world: the rule set's plug-in says (null: it records none). */
export function timeCountActions(): TimeCountActions | null {
  return pluginOf(activeRuleSet()).timeCount ?? null;
}

/** Whether a combatant's speed factor is rolled (the rule set decides; otherwise the static SF). */
export function rollsSpeedFactor(combatant: CombatantLike): boolean {
  return timeCountActions()?.rollsSpeedFactor(combatant.actor) ?? false;
}

export function flag(doc: { getFlag(scope: string, key: string): unknown }, key: string): unknown {
  return doc.getFlag(SYSTEM_ID, key);
}

/** Whether the world's rule set opens an ambush with a surprise round (The Fade). */
export function hasSurpriseRound(): boolean {
  const initiative = getRuleSet(activeRuleSet()).initiative;
  return initiative.order !== "time-count" && initiative.surpriseRound === true;
}

/** A combatant marked as one of the ambushers: it acts in the surprise round. */
export function isAmbusher(combatant: CombatantLike): boolean {
  return flag(combatant, "ambusher") === true;
}

function refuse(error: unknown, names: (id: string) => string): never {
  if (error instanceof TimeCountError) {
    const data = { ...error.data, ...(error.data.id ? { id: names(error.data.id) } : {}) };
    throw new RequestRefused({ key: error.key, data });
  }
  throw error;
}

/** Whether this client is the one GM every client agrees on (it enforces the count's rules). */
function isActiveGm(): boolean {
  return (game.users as unknown as { activeGM?: { isSelf?: boolean } | null } | undefined)?.activeGM?.isSelf === true;
}

function userOf(userId: string): { readonly isGM: boolean; readonly name?: string } | undefined {
  return (game.users as unknown as { get(id: string): { isGM: boolean; name?: string } | undefined }).get(userId);
}

/** The rule set's combatant flags only the GM writes. */
function gmFlagKeys(): readonly string[] {
  return timeCountActions()?.gmFlags ?? [];
}

const entryOf = (facts: Pick<CombatantFacts, "initiative" | "flags">): Scheduled => ({
  initiative: facts.initiative,
  flags: { ...facts.flags },
});

function systemFlags(change: object): Record<string, unknown> | undefined {
  const flags = (change as { flags?: Record<string, unknown> }).flags;
  const own = flags?.[SYSTEM_ID];
  return own && typeof own === "object" ? (own as Record<string, unknown>) : undefined;
}

/** The count, round and history as a GM last wrote them: what a player's write to them is put back to. */
interface Confirmed {
  readonly tc: number;
  readonly round: number;
  readonly history: readonly TimeCountSnapshot[];
}

/**
 * Anthology's Combat. Rule sets that play in rounds keep Foundry's behaviour. In a world whose rule set
 * counts time (initiative order "time-count") each combatant's initiative is the TC of its next action,
 * the current TC is kept in the combat's flags, Foundry's round counts the steps of the count, and every
 * change goes through the Foundry-free scheduler (src/time-count), kept alive between steps and in step
 * with the combatants' documents. What an act is (its dialog, its speed factor, its label) comes from
 * the rule set's plug-in (`RuleSetPlugin.timeCount`): nothing here names a rule set.
 */
export class AnthologyCombat extends CombatBase {
  /** Time Count changes run one after another on the GM: each reads the documents its predecessor wrote. */
  #chain: Promise<unknown> = Promise.resolve();
  /** The live count (built on first use; again when it cannot be trusted). */
  #mirror: CountMirror | null = null;
  #confirmed: Confirmed | null = null;
  /** On the active GM: places a GM set by hand (an edit, a roll), to be written into `schedule`. */
  readonly #adopting = new Map<string, Scheduled>();
  /** On the active GM: combatants deleted, whose `schedule` entries go with the next write. */
  readonly #dropping = new Set<string>();
  #flushQueued = false;

  #serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#chain.then(work, work);
    this.#chain = run.catch(() => undefined);
    return run;
  }

  /** This combat counts time (the world's rule set does). */
  get isTimeCount(): boolean {
    return isTimeCountWorld();
  }

  /** The current TC (0 before the first Advance). */
  get timeCount(): number {
    const tc = flag(this, "tc");
    return typeof tc === "number" && Number.isFinite(tc) ? tc : 0;
  }

  get timeCountHistory(): readonly TimeCountSnapshot[] {
    const history = flag(this, "history");
    return Array.isArray(history) ? (history as TimeCountSnapshot[]) : [];
  }

  /** Foundry's turn order: ascending TC in a Time Count combat, without initiative and defeated last. */
  _sortCombatants(a: CombatantLike, b: CombatantLike): number {
    return AnthologyCombat._sortCombatants(a, b);
  }

  static _sortCombatants(a: CombatantLike, b: CombatantLike): number {
    if (!(sortingTimeCount ?? isTimeCountWorld())) {
      // Highest first, no initiative last (as Foundry does); ties by the rule set's order, then name and id.
      const ia = a.initiative ?? -Infinity;
      const ib = b.initiative ?? -Infinity;
      if (ia !== ib) return ib - ia;
      const tie = (sortingTieBreak === undefined ? tieBreakOf() : sortingTieBreak)?.(a, b) ?? 0;
      return (Number.isFinite(tie) ? Math.sign(tie) : 0) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
    }
    const rank = (c: CombatantLike) => (c.isDefeated ? 2 : c.initiative === null ? 1 : 0);
    return (
      rank(a) - rank(b) ||
      (a.initiative ?? 0) - (b.initiative ?? 0) ||
      a.name.localeCompare(b.name) ||
      a.id.localeCompare(b.id)
    );
  }

  /**
   * Foundry sorts every combatant with `_sortCombatants` after each change to one of them: the rule
   * set's order is read once per sort instead of once per comparison (a settings read each).
   */
  override setupTurns(): CombatantLike[] {
    sortingTimeCount = isTimeCountWorld();
    sortingTieBreak = tieBreakOf();
    try {
      return super.setupTurns();
    } finally {
      sortingTimeCount = null;
      sortingTieBreak = undefined;
    }
  }

  /**
   * A combatant's place as the GM keeps it (its next TC and the rule set's GM-only flags): what the
   * rules should read, since the combatant's own document is its owner's to write. Undefined when the
   * combatant is not in this combat.
   */
  placeOf(id: string): Scheduled | undefined {
    const c = this.combatants.get(id);
    if (!c) return undefined;
    const facts = this.#facts(c);
    return { initiative: facts.initiative, flags: facts.flags };
  }

  /** The count as the documents stand (read-only): the defeated and the unrolled are not in it. */
  scheduler(): TimeCountReader {
    return this.#live().count;
  }

  /** A combatant's place as the GM keeps it in the combat's flags (undefined: none kept yet). */
  #recorded(id: string): Scheduled | undefined {
    const all = flag(this, "schedule");
    if (!all || typeof all !== "object" || !Object.hasOwn(all, id)) return undefined;
    const entry = (all as Record<string, unknown>)[id] as { initiative?: unknown; flags?: unknown } | null;
    if (!entry || typeof entry !== "object") return undefined;
    const initiative =
      typeof entry.initiative === "number" && Number.isFinite(entry.initiative) ? entry.initiative : null;
    const flags = entry.flags && typeof entry.flags === "object" ? (entry.flags as Record<string, unknown>) : {};
    return { initiative, flags };
  }

  /** A combatant's facts as its document says (its initiative and flags as whoever wrote them last). */
  #docFacts(c: CombatantLike): CombatantFacts {
    const flags: Record<string, unknown> = {};
    for (const key of gmFlagKeys()) flags[key] = flag(c, key) ?? null;
    return { id: c.id, name: c.name, initiative: c.initiative, defeated: c.isDefeated, flags };
  }

  /**
   * A combatant's place as a GM set it: a hand edit waiting to be kept, the combat's `schedule`, or
   * (for a combatant kept nowhere yet: a combat from before `schedule`) what the count last accepted,
   * else the document itself, unless a player just wrote it (`trustDocument` false: no place).
   */
  #kept(c: CombatantLike, trustDocument: boolean): Scheduled {
    const kept = this.#adopting.get(c.id) ?? this.#recorded(c.id);
    if (kept) return kept;
    const known = this.#mirror?.known(c.id);
    if (known) return entryOf(known);
    return trustDocument ? entryOf(this.#docFacts(c)) : { initiative: null, flags: {} };
  }

  /** What the count needs of a combatant: its name and defeat from the document, its place as a GM set it. */
  #facts(c: CombatantLike, trustDocument = true): CombatantFacts {
    const kept = this.#kept(c, trustDocument);
    const flags: Record<string, unknown> = {};
    for (const key of gmFlagKeys()) flags[key] = kept.flags[key] ?? null;
    return { id: c.id, name: c.name, initiative: kept.initiative, defeated: c.isDefeated, flags };
  }

  /** The live count, built again when it is missing, distrusted, or plainly out of step with the documents. */
  #live(): CountMirror {
    const current = this.timeCount;
    const mirror = this.#mirror;
    if (mirror?.trusted && mirror.count.current === current && mirror.size === this.combatants.size) return mirror;
    return this.#rebuild();
  }

  #rebuild(): CountMirror {
    const mirror = new CountMirror(
      this.timeCount,
      [...this.combatants].map((c) => this.#facts(c)),
    );
    this.#mirror = mirror;
    this.#confirm();
    return mirror;
  }

  /**
   * The live count, checked where the next step reads it: `focus` (the combatant about to act or
   * delay), or else everyone an Advance will find due, must stand where their documents say; a mismatch
   * (a change the count missed) builds it again. The check costs the size of that group, never more.
   */
  #checked(focus?: string): CountMirror {
    const mirror = this.#live();
    const count = mirror.count;
    const ids = focus ? [focus] : count.at(count.lowest ?? count.current);
    for (const id of ids) {
      const c = this.combatants.get(id);
      if (!c || !mirror.agrees(this.#facts(c))) return this.#rebuild();
    }
    return mirror;
  }

  #confirm(): void {
    this.#confirmed = { tc: this.timeCount, round: this.round, history: this.timeCountHistory };
  }

  /**
   * Builds the live count now (the active GM does at ready), so a player's first write can be put back;
   * combatants whose documents differ from the places a GM set (written while no GM was connected) are
   * put back, and those kept nowhere yet (a combat from before `schedule`) are kept as they stand.
   */
  primeTimeCount(): void {
    if (!this.isTimeCount) return;
    this.#live();
    if (!isActiveGm()) return;
    const back: Array<Record<string, unknown>> = [];
    for (const c of this.combatants) {
      const kept = this.#recorded(c.id);
      if (!kept) {
        this.#adopt(c.id, entryOf(this.#docFacts(c)));
        continue;
      }
      const patch = this.#differences(c, kept);
      if (patch) back.push({ _id: c.id, ...patch });
    }
    if (!back.length) return;
    console.warn(`${SYSTEM_ID} | ${back.length} combatant(s) put back where the GM last set them on the Time Count`);
    this.updateEmbeddedDocuments("Combatant", back, { [TIME_COUNT_WRITE]: true }).catch((error: unknown) => {
      console.error(`${SYSTEM_ID} | could not put back the Time Count's combatants`, error);
    });
  }

  /** The update that puts a combatant's document back to the place a GM set, or null when it stands there. */
  #differences(c: CombatantLike, kept: Scheduled): Record<string, unknown> | null {
    const patch: Record<string, unknown> = {};
    if (!Object.is(c.initiative, kept.initiative)) patch.initiative = kept.initiative;
    for (const key of gmFlagKeys()) {
      const value = kept.flags[key] ?? null;
      if ((flag(c, key) ?? null) !== value) patch[`flags.${SYSTEM_ID}.${key}`] = value;
    }
    return Object.keys(patch).length ? patch : null;
  }

  /** On the active GM: keeps a place a GM set by hand in `schedule`, with the next write (one per moment). */
  #adopt(id: string, entry: Scheduled): void {
    this.#adopting.set(id, entry);
    this.#queueFlush();
  }

  #queueFlush(): void {
    if (this.#flushQueued) return;
    this.#flushQueued = true;
    this.#serial(async () => {
      this.#flushQueued = false;
      const written = new Map(this.#adopting);
      const dropped = [...this.#dropping];
      this.#dropping.clear();
      const data: Record<string, unknown> = {};
      for (const [id, entry] of written) data[`flags.${SYSTEM_ID}.schedule.${id}`] = entry;
      for (const id of dropped)
        if (this.#recorded(id)) Object.assign(data, deleteKey(`flags.${SYSTEM_ID}.schedule.${id}`));
      try {
        if (Object.keys(data).length) await this.update(data, { [TIME_COUNT_WRITE]: true });
      } finally {
        for (const [id, entry] of written) if (this.#adopting.get(id) === entry) this.#adopting.delete(id);
      }
    }).catch((error: unknown) => {
      this.#mirror?.distrust();
      console.error(`${SYSTEM_ID} | could not keep the Time Count's places`, error);
    });
  }

  /**
   * An actor's statuses changed (a defeated status set on its token alone changes no combatant): its
   * combatants take their place in the live count again.
   */
  noticeActor(actor: unknown): void {
    const mirror = this.#mirror;
    if (!mirror || !this.isTimeCount) return;
    for (const c of this.combatants) if (c.actor === actor) mirror.upsert(this.#facts(c));
  }

  override async startCombat(): Promise<unknown> {
    if (this.isTimeCount)
      await this.update({ [`flags.${SYSTEM_ID}`]: { tc: 0, history: [] } }, { [TIME_COUNT_WRITE]: true });
    return super.startCombat();
  }

  /**
   * In a Time Count combat the turn is always the first one due: rolling never moves it. The initiative
   * is the TC of the first action, which only a GM writes: a player's client asks the GM to roll.
   */
  override async rollInitiative(ids: string | string[], options: Record<string, unknown> = {}): Promise<unknown> {
    if (!this.isTimeCount) {
      // A combatant the rule set keeps out of this round rolls no initiative for it (the reason is shown).
      const rolling = (typeof ids === "string" ? [ids] : [...ids]).filter((id) => {
        const combatant = [...this.combatants].find((c) => c.id === id);
        const why = combatant ? this.keptOut(combatant) : null;
        if (why) warn(why, { name: combatant!.name });
        return !why;
      });
      return rolling.length ? super.rollInitiative(rolling, options) : this;
    }
    if (!game.user?.isGM) return requestRollInitiative(this, typeof ids === "string" ? [ids] : [...ids]);
    return super.rollInitiative(ids, { ...options, updateTurn: false });
  }

  /** Round 1 of an ambush in a rule set that has surprise rounds: only ambushers act. */
  get isSurpriseRound(): boolean {
    return this.round === 1 && this.#surprise();
  }

  #surprise(): boolean {
    return hasSurpriseRound() && [...this.combatants].some(isAmbusher);
  }

  /**
   * Why the rule set keeps a combatant out of the round under way (an i18n key), or null: it rolls no
   * initiative and takes no turn in it (Fading Suns: a surprised fighter in the first round).
   */
  keptOut(combatant: CombatantLike): string | null {
    if (this.isTimeCount) return null;
    return pluginOf(activeRuleSet()).rounds?.keptOut?.(combatant, this) ?? null;
  }

  #anyKeptOut(): boolean {
    return [...this.combatants].some((c) => this.keptOut(c) !== null);
  }

  /**
   * Whether a combatant acts in the current round: everyone, but only the ambushers in a surprise round,
   * and no one the rule set keeps out of it.
   */
  actsThisRound(combatant: CombatantLike): boolean {
    return (!this.isSurpriseRound || isAmbusher(combatant)) && this.keptOut(combatant) === null;
  }

  /**
   * The turn a starting combat begins on: the first ambusher in a surprise round (called from the
   * `combatStart` hook, which lets the initiating client change the start before it is saved).
   */
  firstTurnOnStart(): number | null {
    const surprise = this.#surprise();
    if (this.isTimeCount || (!surprise && !this.#anyKeptOut())) return null;
    const index = this.turns.findIndex(
      (c) => (!surprise || isAmbusher(c)) && this.keptOut(c) === null && !(this.#skipDefeated() && c.isDefeated),
    );
    return index >= 0 ? index : null;
  }

  #skipDefeated(): boolean {
    return this.settings?.skipDefeated === true;
  }

  /**
   * In a surprise round, or a round the rule set keeps someone out of, the next (or previous) turn skips
   * everyone who does not act in it.
   */
  async #surpriseTurn(direction: 1 | -1): Promise<unknown> {
    const turns = this.turns;
    let index = (this.turn ?? -1) + direction;
    while (
      index >= 0 &&
      index < turns.length &&
      (!this.actsThisRound(turns[index]!) || (this.#skipDefeated() && turns[index]!.isDefeated))
    ) {
      index += direction;
    }
    if (index >= turns.length) return this.nextRound();
    if (index < 0) return this.previousRound();
    const updateData = { round: this.round, turn: index };
    const updateOptions = { direction };
    (Hooks.callAll as (hook: string, ...args: unknown[]) => boolean)("combatTurn", this, updateData, updateOptions);
    return this.update(updateData, updateOptions);
  }

  /** Whether some turns of the round under way are skipped: a surprise round, or someone kept out. */
  #skipsSome(): boolean {
    return this.round > 0 && (this.isSurpriseRound || this.#anyKeptOut());
  }

  override async nextTurn(): Promise<unknown> {
    if (this.isTimeCount) return this.advanceCount();
    return this.#skipsSome() ? this.#surpriseTurn(1) : super.nextTurn();
  }

  /**
   * A new round: the rule set first prepares it (OpenD6 rolls initiative again), so it starts in its
   * own order. Only a GM can prepare it for everyone: a player's client (ending the last turn) asks the
   * connected GM to start the round.
   */
  override async nextRound(): Promise<unknown> {
    if (this.isTimeCount) return this.advanceCount();
    const prepare = pluginOf(activeRuleSet()).rounds?.beforeRound;
    if (prepare && !game.user?.isGM && game.users?.activeGM) return requestNewRound(this);
    if (prepare) await prepare(this);
    return super.nextRound();
  }

  override async previousTurn(): Promise<unknown> {
    if (this.isTimeCount) return this.undoCount();
    return this.#skipsSome() ? this.#surpriseTurn(-1) : super.previousTurn();
  }

  override async previousRound(): Promise<unknown> {
    return this.isTimeCount ? this.undoCount() : super.previousRound();
  }

  /**
   * The GM's Advance: the count moves to the next TC at which anyone acts. Anyone due who has not acted
   * holds and acts with that group. The start-of-turn handlers run for each combatant now due, once,
   * on this GM's client.
   */
  async advanceCount(): Promise<this> {
    if (!game.user?.isGM) {
      ui.notifications?.warn(game.i18n!.localize("ANTHOLOGY.TimeCount.gmOnly"));
      return this;
    }
    return this.#serial(() => this.#advance());
  }

  async #advance(): Promise<this> {
    if (this.round < 1) await this.startCombat();
    const mirror = this.#checked();
    const count = mirror.count;
    const before = { tc: count.current, round: this.round };
    const held = count.due();
    const was = Object.fromEntries(held.map((id) => [id, this.#before(id, [])]));
    let step;
    try {
      step = count.advanceHolding();
    } catch (error) {
      mirror.distrust();
      throw error;
    }
    await this.#commit(
      { ...before, combatants: was },
      step.held.map((id) => ({ _id: id, initiative: count.tcOf(id) })),
      { tc: step.tc, advanced: step.tc !== before.tc || step.held.length > 0 },
    );
    if (step.held.length) {
      ui.notifications?.info(
        game.i18n!.format("ANTHOLOGY.TimeCount.held", { names: this.#names(step.held, true), tc: String(step.tc) }),
      );
    }
    for (const id of step.acting) {
      const combatant = this.combatants.get(id);
      if (combatant)
        await this._onStartTurn(combatant, { round: this.round, turn: 0, skipped: false, anthology: true });
    }
    // A hook for modules: `anthology.timeCountAdvance` (combat, { tc, acting, held }), on this GM's client.
    (Hooks.callAll as (hook: string, ...args: unknown[]) => boolean)(`${SYSTEM_ID}.timeCountAdvance`, this, {
      tc: step.tc,
      acting: step.acting,
      held: step.held,
    });
    return this;
  }

  /** Foundry calls this for the first combatant only; the Time Count calls it for everyone due. */
  override async _onStartTurn(combatant: CombatantLike, context: object): Promise<void> {
    if (this.isTimeCount && !(context as { anthology?: boolean } | undefined)?.anthology) return;
    return super._onStartTurn(combatant, context);
  }

  /** The GM takes back the last step of the count: TC, round and what the step changed of its combatants. */
  async undoCount(): Promise<this> {
    if (!game.user?.isGM) {
      ui.notifications?.warn(game.i18n!.localize("ANTHOLOGY.TimeCount.gmOnly"));
      return this;
    }
    return this.#serial(() => this.#undo());
  }

  async #undo(): Promise<this> {
    const history = [...this.timeCountHistory];
    const last = history.pop();
    if (!last) {
      ui.notifications?.info(game.i18n!.localize("ANTHOLOGY.TimeCount.nothingToUndo"));
      return this;
    }
    try {
      const gmKeys = new Set(gmFlagKeys());
      const places: Record<string, Scheduled> = {};
      const updates = Object.entries(last.combatants ?? {})
        .filter(([id, was]) => this.combatants.get(id) && was && typeof was === "object")
        .map(([id, was]) => {
          const kept = this.#facts(this.combatants.get(id)!);
          const patch: Record<string, unknown> = { _id: id };
          let initiative = kept.initiative;
          if (was.initiative === null || Number.isFinite(was.initiative))
            initiative = patch.initiative = was.initiative;
          const flags = was.flags ?? (typeof was.unsteady === "boolean" ? { unsteady: was.unsteady } : {});
          const gm = { ...kept.flags };
          for (const [key, value] of Object.entries(flags)) {
            patch[`flags.${SYSTEM_ID}.${key}`] = value;
            if (gmKeys.has(key)) gm[key] = value;
          }
          places[`flags.${SYSTEM_ID}.schedule.${id}`] = { initiative, flags: gm };
          return patch;
        });
      await this.update(
        {
          round: last.round,
          turn: 0,
          [`flags.${SYSTEM_ID}.tc`]: last.tc,
          [`flags.${SYSTEM_ID}.history`]: history,
          ...places,
        },
        { [TIME_COUNT_WRITE]: true, direction: -1 },
      );
      if (updates.length) await this.updateEmbeddedDocuments("Combatant", updates, { [TIME_COUNT_WRITE]: true });
    } finally {
      // The count went back: built again from the documents when next read.
      this.#mirror?.distrust();
    }
    return this;
  }

  /**
   * A combatant due now acts: what it did (`choice`, checked by the rule set's plug-in however it
   * arrived) gives its speed factor, rolled or static as the rule set says, shown in chat and added to
   * the current TC. Run as the GM (see requestAct).
   */
  actCombatant(id: string, choice: unknown, by: string = game.user?.id ?? ""): Promise<number> {
    return this.#serial(() => this.#act(id, choice, userOf(by)?.isGM === true));
  }

  async #act(id: string, raw: unknown, byGm: boolean): Promise<number> {
    const actions = timeCountActions();
    if (!this.isTimeCount || !actions) throw new RequestRefused({ key: "ANTHOLOGY.TimeCount.noActions" });
    const combatant = this.#combatant(id);
    if (this.round < 1) throw new RequestRefused({ key: "ANTHOLOGY.TimeCount.notStartedError" });
    const rolled = actions.rollsSpeedFactor(combatant.actor);
    const count = this.#checked(id).count;
    let choice: unknown;
    let plan;
    try {
      const parsed = actions.parse(raw);
      // The rule set checks the choice against the actor (a player's speed is the rules', never theirs) and slows it.
      choice = actions.resolve ? actions.resolve(parsed, combatant.actor ?? null, byGm) : parsed;
      plan = actions.plan(choice, rolled);
      // Refuse before rolling anything when the combatant is not due (acting with SF 0 only checks then).
      if (count.tcOf(id) !== count.current) count.acted(id, 0);
    } catch (error) {
      refuse(error, (i) => this.#names([i]));
    }
    // Dice are rolled visibly; a static SF is plain arithmetic and shows no roll.
    const rolls: unknown[] = [];
    const totals: number[] = [];
    for (const formula of plan.formulas) {
      if (!formula) {
        totals.push(0);
        continue;
      }
      const roll = await new Roll(formula).evaluate();
      if (ROLLS_DICE.test(formula)) rolls.push(roll);
      totals.push(roll.total ?? 0);
    }
    const sf = actions.settle(plan, totals);
    let next: number;
    try {
      checkAhead(sf);
      next = count.acted(id, sf);
    } catch (error) {
      refuse(error, (i) => this.#names([i]));
    }
    const after = actions.flagsAfter(choice);
    const patch: Record<string, unknown> = { _id: id, initiative: next };
    for (const [key, value] of Object.entries(after)) patch[`flags.${SYSTEM_ID}.${key}`] = value;
    await this.#commit(
      { tc: count.current, round: this.round, combatants: { [id]: this.#before(id, Object.keys(after)) } },
      [patch],
      { tc: count.current },
    );
    // A hook for rule sets and modules: `anthology.timeCountAct` (combat, { id, tc, next }), on this GM's client.
    (Hooks.callAll as (hook: string, ...args: unknown[]) => boolean)(`${SYSTEM_ID}.timeCountAct`, this, {
      id,
      tc: count.current,
      next,
    });
    const label = actions.label(choice);
    const action = label.nameKey
      ? game.i18n!.format(label.key, { name: game.i18n!.localize(label.nameKey) })
      : game.i18n!.localize(label.key);
    const messages = ChatMessage.implementation as unknown as {
      create(data: object): Promise<unknown>;
      getSpeaker(data: object): object;
      getWhisperRecipients(name: string): Array<{ id: string }>;
    };
    await messages.create({
      speaker: messages.getSpeaker({ actor: combatant.actor, token: combatant.token }),
      // The flavor is HTML: the combatant's name is whatever a user typed.
      flavor: game.i18n!.format("ANTHOLOGY.TimeCount.acted", {
        name: escapeHtml(combatant.name),
        action,
        sf: String(sf),
        tc: String(next),
      }),
      content: String(sf),
      rolls,
      // A hidden combatant's speed stays between the GMs.
      ...(combatant.hidden ? { whisper: messages.getWhisperRecipients("GM").map((u) => u.id) } : {}),
      ...(rolls.length ? { sound: (CONFIG as unknown as { sounds?: { dice?: string } }).sounds?.dice } : {}),
    });
    return next;
  }

  /**
   * A combatant waits: its next action moves to the later TC `toTc`, which must be a finite number
   * within MAX_AHEAD of the count (it may come from a player's client), later than the TC the GM keeps
   * for it. Run as the GM.
   */
  delayCombatant(id: string, toTc: unknown): Promise<number> {
    return this.#serial(() => this.#reschedule(id, toTc, "delay", true));
  }

  /**
   * A combatant cuts its action short (abandons it before it is done): its next action comes earlier,
   * after the count now. A GM gives the TC (`toTc`); for anyone else (`by`, the user who asked) the rule
   * set says whether what the combatant last did can be cut short and where its next action then comes,
   * and `toTc` is not used. Run as the GM.
   */
  cutShortCombatant(id: string, toTc: unknown, by: string = game.user?.id ?? ""): Promise<number> {
    return this.#serial(() => this.#reschedule(id, toTc, "cutShort", userOf(by)?.isGM === true));
  }

  /** Moves a combatant's next action to `toTc`, later (a delay) or earlier (cut short), as one undoable step. */
  async #reschedule(id: string, toTc: unknown, how: "delay" | "cutShort", byGm: boolean): Promise<number> {
    if (!this.isTimeCount) throw new RequestRefused({ key: "ANTHOLOGY.TimeCount.noActions" });
    const combatant = this.#combatant(id);
    const count = this.#checked(id).count;
    const rule =
      how === "cutShort" ? (timeCountActions()?.cutShort?.(this.#facts(combatant).flags, count.current) ?? null) : null;
    if (how === "cutShort" && !byGm && !rule) {
      throw new RequestRefused({ key: "ANTHOLOGY.TimeCount.cannotCutShort", data: { name: combatant.name } });
    }
    const flags = rule?.flags ?? {};
    const was = this.#before(id, Object.keys(flags));
    let next: number;
    try {
      next = count[how](id, checkTarget(byGm || !rule ? toTc : rule.tc, count.current));
    } catch (error) {
      refuse(error, (i) => this.#names([i]));
    }
    const patch: Record<string, unknown> = { _id: id, initiative: next };
    for (const [key, value] of Object.entries(flags)) patch[`flags.${SYSTEM_ID}.${key}`] = value;
    await this.#commit({ tc: count.current, round: this.round, combatants: { [id]: was } }, [patch], {
      tc: count.current,
    });
    return next;
  }

  #combatant(id: string): CombatantLike {
    const combatant = this.combatants.get(id);
    if (!combatant) throw new RequestRefused({ key: "ANTHOLOGY.TimeCount.Errors.unknown", data: { id } });
    return combatant;
  }

  /** The names of `ids`, for a message; escaped when they go into HTML. */
  #names(ids: readonly string[], html = false): string {
    return ids
      .map((id) => this.combatants.get(id)?.name ?? id)
      .map((n) => (html ? escapeHtml(n) : n))
      .join(", ");
  }

  /** A combatant as it is (as the GM set it) before a step changes its initiative and `flags`. */
  #before(id: string, flags: readonly string[]): CombatantBefore {
    const c = this.combatants.get(id)!;
    const kept = this.#facts(c);
    const value = (key: string) => (key in kept.flags ? kept.flags[key] : (flag(c, key) ?? null));
    return {
      initiative: kept.initiative,
      ...(flags.length ? { flags: Object.fromEntries(flags.map((key) => [key, value(key)])) } : {}),
    };
  }

  /**
   * Writes one step: only the combatants it changed, then the count (now at `to.tc`), the round and the
   * step's undo record (what it changed, as it was). The live count already stands where the step put
   * it; if a write fails, it is built again from the documents.
   */
  async #commit(
    step: TimeCountSnapshot,
    patches: ReadonlyArray<Record<string, unknown>>,
    to: { readonly tc: number; readonly advanced?: boolean },
  ): Promise<void> {
    // Where the step puts each combatant it moved, kept in the combat's flags with the count.
    const places: Record<string, Scheduled> = {};
    for (const patch of patches) {
      const id = String(patch._id);
      const c = this.combatants.get(id);
      if (!c) continue;
      const kept = this.#facts(c);
      const flags = { ...kept.flags };
      for (const key of Object.keys(flags)) {
        const path = `flags.${SYSTEM_ID}.${key}`;
        if (path in patch) flags[key] = patch[path];
      }
      const initiative = "initiative" in patch ? (patch.initiative as number | null) : kept.initiative;
      places[`flags.${SYSTEM_ID}.schedule.${id}`] = { initiative, flags };
      this.#adopting.delete(id);
    }
    try {
      if (patches.length) await this.updateEmbeddedDocuments("Combatant", [...patches], { [TIME_COUNT_WRITE]: true });
      const history = [...this.timeCountHistory, step].slice(-TIME_COUNT_HISTORY);
      await this.update(
        {
          ...places,
          [`flags.${SYSTEM_ID}.tc`]: to.tc,
          [`flags.${SYSTEM_ID}.history`]: history,
          // Ascending order puts the first one due at index 0, whoever acted since.
          turn: 0,
          ...(to.advanced ? { round: this.round + 1 } : {}),
        },
        { [TIME_COUNT_WRITE]: true, direction: 1 },
      );
    } catch (error) {
      this.#mirror?.distrust();
      throw error;
    }
  }

  // Keeping the live count in step, on every client, from what the server reports changed.

  override _onCreateDescendantDocuments(...args: DescendantEvent<object[]>): void {
    super._onCreateDescendantDocuments(...args);
    const [parent, collection, documents, , , userId] = args;
    if (parent !== this || collection !== "combatants" || !this.isTimeCount) return;
    const byGm = userOf(userId)?.isGM === true;
    for (const c of documents) {
      // A player's combatant enters with no place on the count: the GM rolls its initiative.
      if (!byGm) {
        if (this.#enforces(userId)) {
          const none: Scheduled = { initiative: null, flags: {} };
          const back = this.#differences(c, none);
          if (back) this.#putBack(c, back, userId, this.#refusedInitiative(c) ?? this.#gmOnly());
          this.#adopt(c.id, none);
        }
        this.#mirror?.upsert(this.#facts(c, false));
        continue;
      }
      if (isActiveGm()) this.#adopt(c.id, entryOf(this.#docFacts(c)));
      this.#mirror?.upsert(this.#docFacts(c));
    }
  }

  override _onUpdateDescendantDocuments(...args: DescendantEvent<object[]>): void {
    super._onUpdateDescendantDocuments(...args);
    const [parent, collection, documents, changes, options, userId] = args;
    if (parent !== this || collection !== "combatants" || !this.isTimeCount) return;
    const gmFlags = gmFlagKeys();
    const byGm = userOf(userId)?.isGM === true;
    const ours = (options as Record<string, unknown>)[TIME_COUNT_WRITE] === true;
    documents.forEach((c, i) => {
      const change = (changes[i] ?? {}) as Record<string, unknown>;
      const own = systemFlags(change) ?? {};
      const written = new Set(changedKeys(own));
      const touchedFlags = gmFlags.filter((key) => written.has(key));
      const placed = "initiative" in change || touchedFlags.length > 0;
      if (!placed && !("defeated" in change)) return;
      if (byGm) {
        // A GM's hand (an edit, a roll) sets what it changed of the place: the active GM keeps it in `schedule`.
        const facts = ours ? this.#docFacts(c) : this.#gmWrote(c, "initiative" in change, touchedFlags);
        if (placed && !ours && isActiveGm()) this.#adopt(c.id, entryOf(facts));
        this.#mirror?.upsert(facts);
        return;
      }
      // A player may write their own combatant (Foundry lets an owner): its place stays where the GM set it.
      if (placed && this.#enforces(userId)) {
        const kept = this.#kept(c, false);
        const back = this.#differences(c, kept);
        if (back) {
          const reason = "initiative" in change ? this.#refusedInitiative(c) : null;
          this.#putBack(c, back, userId, reason ?? this.#gmOnly());
        }
        if (!this.#recorded(c.id)) this.#adopt(c.id, kept);
      }
      this.#mirror?.upsert(this.#facts(c, false));
    });
  }

  override _onDeleteDescendantDocuments(...args: DescendantEvent<string[]>): void {
    super._onDeleteDescendantDocuments(...args);
    const [parent, collection, documents] = args;
    if (parent !== this || collection !== "combatants" || !this.isTimeCount) return;
    for (const c of documents) {
      this.#mirror?.remove(c.id);
      this.#adopting.delete(c.id);
      if (isActiveGm() && this.#recorded(c.id)) {
        this.#dropping.add(c.id);
        this.#queueFlush();
      }
    }
  }

  override _onUpdate(changed: object, options: object, userId: string): void {
    super._onUpdate(changed, options, userId);
    if (!this.isTimeCount) return;
    const own = systemFlags(changed);
    const touched = "round" in changed || "turn" in changed || own !== undefined;
    if (!touched) return;
    if (this.#enforces(userId)) {
      const confirmed = this.#confirmed;
      if (confirmed) {
        // Places a player wrote into `schedule` (Foundry refuses it; this holds should that change).
        const places: Record<string, unknown> = {};
        for (const id of changedKeys(own?.schedule)) {
          const known = this.#mirror?.known(id);
          Object.assign(
            places,
            known
              ? { [`flags.${SYSTEM_ID}.schedule.${id}`]: entryOf(known) }
              : deleteKey(`flags.${SYSTEM_ID}.schedule.${id}`),
          );
        }
        this.#putBack(
          this,
          {
            round: confirmed.round,
            turn: 0,
            [`flags.${SYSTEM_ID}.tc`]: confirmed.tc,
            [`flags.${SYSTEM_ID}.history`]: confirmed.history,
            ...places,
          },
          userId,
          this.#gmOnly(),
        );
      } else this.#mirror?.distrust();
      return;
    }
    // A GM moved places in `schedule` (with a step, an undo, or keeping a hand edit): the count follows.
    for (const id of changedKeys(own?.schedule)) {
      const c = this.combatants.get(id);
      if (c) this.#mirror?.upsert(this.#facts(c));
    }
    if (own && "tc" in own) this.#mirror?.moveTo(this.timeCount);
    if (userOf(userId)?.isGM) this.#confirm();
  }

  /** A combatant's place once a GM wrote its initiative (`initiative`) or these flags: the rest as kept. */
  #gmWrote(c: CombatantLike, initiative: boolean, flags: readonly string[]): CombatantFacts {
    const kept = this.#facts(c);
    const doc = this.#docFacts(c);
    const written = { ...kept.flags };
    for (const key of flags) written[key] = doc.flags[key] ?? null;
    return { ...kept, initiative: initiative ? doc.initiative : kept.initiative, flags: written };
  }

  #gmOnly(): string {
    return game.i18n!.localize("ANTHOLOGY.TimeCount.gmOnly");
  }

  /** On the active GM, a change written by a user who is not a GM is checked against the count's rules. */
  #enforces(userId: string): boolean {
    return isActiveGm() && userOf(userId)?.isGM !== true;
  }

  /** Why a combatant's initiative cannot stand on the count (not a number, in the past, too far ahead), or null. */
  #refusedInitiative(c: CombatantLike): string | null {
    if (c.initiative === null) return null;
    try {
      checkTarget(c.initiative, this.timeCount);
      return null;
    } catch (error) {
      if (!(error instanceof TimeCountError)) throw error;
      return game.i18n!.format(error.key, { ...error.data });
    }
  }

  /** The active GM writes back what a player changed against the count's rules, and says so. */
  #putBack(
    document: { name?: string; update(data: object, options?: object): Promise<unknown> },
    data: Record<string, unknown>,
    userId: string,
    reason: string,
  ): void {
    ui.notifications?.warn(
      game.i18n!.format("ANTHOLOGY.TimeCount.reverted", {
        user: escapeHtml(userOf(userId)?.name ?? userId),
        name: escapeHtml(document === this ? game.i18n!.localize("ANTHOLOGY.TimeCount.label") : document.name),
        reason,
      }),
    );
    document.update(data, { [TIME_COUNT_WRITE]: true }).catch((error: unknown) => {
      this.#mirror?.distrust();
      console.error(`${SYSTEM_ID} | could not put back a change to the Time Count`, error);
    });
  }
}
