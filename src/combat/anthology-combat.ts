import { SYSTEM_ID } from "../constants";
import { RequestRefused } from "../hooks/socket";
import { getRuleSet } from "../rulesets";
import { pluginOf } from "../rulesets/plugins";
import { activeRuleSet } from "../settings";
import { checkAhead, checkTarget } from "../time-count/bounds";
import { TimeCountError } from "../time-count/time-count-error";
import { CountMirror, type CombatantFacts, type TimeCountReader } from "./count-mirror";
import { escapeHtml } from "../play/escape";
import { CombatBase, type CombatantLike, type DescendantEvent } from "./foundry-bases";
import type { TimeCountActions } from "./time-count-actions";
import { requestNewRound } from "./requests";

/** How many steps of a Time Count combat the GM can undo. */
export const TIME_COUNT_HISTORY = 50;

/** Update option marking Anthology's own Time Count writes (the manual-edit guard lets them through). */
export const TIME_COUNT_WRITE = "anthologyTimeCount";

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
      // Highest first, no initiative last (as Foundry does); ties by name, then id.
      const ia = a.initiative ?? -Infinity;
      const ib = b.initiative ?? -Infinity;
      return ib - ia || a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
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
    try {
      return super.setupTurns();
    } finally {
      sortingTimeCount = null;
    }
  }

  /** The count as the documents stand (read-only): the defeated and the unrolled are not in it. */
  scheduler(): TimeCountReader {
    return this.#live().count;
  }

  #facts(c: CombatantLike): CombatantFacts {
    const flags: Record<string, unknown> = {};
    for (const key of timeCountActions()?.gmFlags ?? []) flags[key] = flag(c, key) ?? null;
    return { id: c.id, name: c.name, initiative: c.initiative, defeated: c.isDefeated, flags };
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

  /** Builds the live count now (the active GM does at ready), so a player's first write can be put back. */
  primeTimeCount(): void {
    if (this.isTimeCount) this.#live();
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

  /** In a Time Count combat the turn is always the first one due: rolling never moves it. */
  override async rollInitiative(ids: string | string[], options: Record<string, unknown> = {}): Promise<unknown> {
    return super.rollInitiative(ids, this.isTimeCount ? { ...options, updateTurn: false } : options);
  }

  /** Round 1 of an ambush in a rule set that has surprise rounds: only ambushers act. */
  get isSurpriseRound(): boolean {
    return this.round === 1 && this.#surprise();
  }

  #surprise(): boolean {
    return hasSurpriseRound() && [...this.combatants].some(isAmbusher);
  }

  /** Whether a combatant acts in the current round: everyone, but only the ambushers in a surprise round. */
  actsThisRound(combatant: CombatantLike): boolean {
    return !this.isSurpriseRound || isAmbusher(combatant);
  }

  /**
   * The turn a starting combat begins on: the first ambusher in a surprise round (called from the
   * `combatStart` hook, which lets the initiating client change the start before it is saved).
   */
  firstTurnOnStart(): number | null {
    if (this.isTimeCount || !this.#surprise()) return null;
    const index = this.turns.findIndex((c) => isAmbusher(c) && !(this.#skipDefeated() && c.isDefeated));
    return index >= 0 ? index : null;
  }

  #skipDefeated(): boolean {
    return this.settings?.skipDefeated === true;
  }

  /** In a surprise round, the next (or previous) turn skips everyone who is not an ambusher. */
  async #surpriseTurn(direction: 1 | -1): Promise<unknown> {
    const turns = this.turns;
    let index = (this.turn ?? -1) + direction;
    while (
      index >= 0 &&
      index < turns.length &&
      (!isAmbusher(turns[index]!) || (this.#skipDefeated() && turns[index]!.isDefeated))
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

  override async nextTurn(): Promise<unknown> {
    if (this.isTimeCount) return this.advanceCount();
    return this.isSurpriseRound ? this.#surpriseTurn(1) : super.nextTurn();
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
    return this.isSurpriseRound ? this.#surpriseTurn(-1) : super.previousTurn();
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
      await this.update(
        { round: last.round, turn: 0, [`flags.${SYSTEM_ID}.tc`]: last.tc, [`flags.${SYSTEM_ID}.history`]: history },
        { [TIME_COUNT_WRITE]: true, direction: -1 },
      );
      const updates = Object.entries(last.combatants ?? {})
        .filter(([id, was]) => this.combatants.get(id) && was && typeof was === "object")
        .map(([id, was]) => {
          const patch: Record<string, unknown> = { _id: id };
          if (was.initiative === null || Number.isFinite(was.initiative)) patch.initiative = was.initiative;
          const flags = was.flags ?? (typeof was.unsteady === "boolean" ? { unsteady: was.unsteady } : {});
          for (const [key, value] of Object.entries(flags)) patch[`flags.${SYSTEM_ID}.${key}`] = value;
          return patch;
        });
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
  actCombatant(id: string, choice: unknown): Promise<number> {
    return this.#serial(() => this.#act(id, choice));
  }

  async #act(id: string, raw: unknown): Promise<number> {
    const actions = timeCountActions();
    if (!this.isTimeCount || !actions) throw new RequestRefused({ key: "ANTHOLOGY.TimeCount.noActions" });
    const combatant = this.#combatant(id);
    if (this.round < 1) throw new RequestRefused({ key: "ANTHOLOGY.TimeCount.notStartedError" });
    const rolled = actions.rollsSpeedFactor(combatant.actor);
    const count = this.#checked(id).count;
    let choice: unknown;
    let plan;
    try {
      choice = actions.parse(raw);
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
    for (const [key, value] of Object.entries(after)) {
      if (value !== (flag(combatant, key) ?? null)) patch[`flags.${SYSTEM_ID}.${key}`] = value;
    }
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
   * within MAX_AHEAD of the count (it may come from a player's client). Run as the GM.
   */
  delayCombatant(id: string, toTc: unknown): Promise<number> {
    return this.#serial(() => this.#reschedule(id, toTc, "delay"));
  }

  /**
   * A combatant cuts its action short (abandons it before it is done): its next action comes at the
   * earlier TC `toTc`, after the count now (it may come from a player's client). Run as the GM.
   */
  cutShortCombatant(id: string, toTc: unknown): Promise<number> {
    return this.#serial(() => this.#reschedule(id, toTc, "cutShort"));
  }

  /** Moves a combatant's next action to `toTc`, later (a delay) or earlier (cut short), as one undoable step. */
  async #reschedule(id: string, toTc: unknown, how: "delay" | "cutShort"): Promise<number> {
    if (!this.isTimeCount) throw new RequestRefused({ key: "ANTHOLOGY.TimeCount.noActions" });
    this.#combatant(id);
    const count = this.#checked(id).count;
    const was = this.#before(id, []);
    let next: number;
    try {
      next = count[how](id, checkTarget(toTc, count.current));
    } catch (error) {
      refuse(error, (i) => this.#names([i]));
    }
    await this.#commit(
      { tc: count.current, round: this.round, combatants: { [id]: was } },
      [{ _id: id, initiative: next }],
      { tc: count.current },
    );
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

  /** A combatant as it is before a step changes its initiative and `flags`. */
  #before(id: string, flags: readonly string[]): CombatantBefore {
    const c = this.combatants.get(id)!;
    return {
      initiative: c.initiative,
      ...(flags.length ? { flags: Object.fromEntries(flags.map((key) => [key, flag(c, key) ?? null])) } : {}),
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
    try {
      if (patches.length) await this.updateEmbeddedDocuments("Combatant", [...patches], { [TIME_COUNT_WRITE]: true });
      const history = [...this.timeCountHistory, step].slice(-TIME_COUNT_HISTORY);
      await this.update(
        {
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
    for (const c of documents) {
      // A player's combatant enters with an initiative the count can take, or none.
      const reason = this.#enforces(userId) ? this.#refusedInitiative(c) : null;
      if (reason) this.#putBack(c, { initiative: null }, userId, reason);
      this.#mirror?.upsert(reason ? { ...this.#facts(c), initiative: null } : this.#facts(c));
    }
  }

  override _onUpdateDescendantDocuments(...args: DescendantEvent<object[]>): void {
    super._onUpdateDescendantDocuments(...args);
    const [parent, collection, documents, changes, , userId] = args;
    if (parent !== this || collection !== "combatants" || !this.isTimeCount) return;
    const gmFlags = timeCountActions()?.gmFlags ?? [];
    documents.forEach((c, i) => {
      const change = (changes[i] ?? {}) as Record<string, unknown>;
      const own = systemFlags(change) ?? {};
      const touchedFlags = gmFlags.filter((key) => key in own);
      if (!("initiative" in change) && !("defeated" in change) && !touchedFlags.length) return;
      const known = this.#mirror?.known(c.id);
      if (this.#enforces(userId)) {
        const back: Record<string, unknown> = {};
        const reason = "initiative" in change ? this.#refusedInitiative(c) : null;
        if (reason) back.initiative = known ? known.initiative : null;
        for (const key of touchedFlags) back[`flags.${SYSTEM_ID}.${key}`] = known?.flags[key] ?? null;
        if (Object.keys(back).length) {
          this.#putBack(c, back, userId, reason ?? game.i18n!.localize("ANTHOLOGY.TimeCount.gmOnly"));
          // The count keeps the initiative it had until the GM's write puts the document back.
          if (reason) return;
        }
      }
      this.#mirror?.upsert(this.#facts(c));
    });
  }

  override _onDeleteDescendantDocuments(...args: DescendantEvent<string[]>): void {
    super._onDeleteDescendantDocuments(...args);
    const [parent, collection, documents] = args;
    if (parent !== this || collection !== "combatants" || !this.isTimeCount) return;
    for (const c of documents) this.#mirror?.remove(c.id);
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
        this.#putBack(
          this,
          {
            round: confirmed.round,
            turn: 0,
            [`flags.${SYSTEM_ID}.tc`]: confirmed.tc,
            [`flags.${SYSTEM_ID}.history`]: confirmed.history,
          },
          userId,
          game.i18n!.localize("ANTHOLOGY.TimeCount.gmOnly"),
        );
      } else this.#mirror?.distrust();
      return;
    }
    if (own && "tc" in own) this.#mirror?.moveTo(this.timeCount);
    if (userOf(userId)?.isGM) this.#confirm();
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
