import { SYSTEM_ID } from "../constants";
import { getRuleSet } from "../rulesets";
import { activeRuleSet, npcSpeedSetting } from "../settings";
import { actChoicePlan, type ActChoice } from "../rulesets/hod/rules/act-choice";
import { settleActionSpeed } from "../rulesets/hod/rules/action-speed";
import { actionLabel } from "../rulesets/hod/rules/labels";
import { RequestRefused } from "../hooks/socket";
import { CombatBase, type CombatantLike } from "./foundry-bases";
import { TimeCount } from "../time-count/time-count";
import { TimeCountError } from "../time-count/time-count-error";

/** How many steps of a Time Count combat the GM can undo. */
export const TIME_COUNT_HISTORY = 50;

/** Update option marking Anthology's own Time Count writes (the manual-edit guard lets them through). */
export const TIME_COUNT_WRITE = "anthologyTimeCount";

/** The state before one step, enough to put the combat back exactly. */
export interface TimeCountSnapshot {
  readonly tc: number;
  readonly round: number;
  readonly combatants: Readonly<Record<string, { readonly initiative: number | null; readonly unsteady: boolean }>>;
}

/** A formula with dice in it (a static SF is a plain number and shows no roll). */
const ROLLS_DICE = /\d*d\d/i;

/** Whether the world's rule set counts time upward instead of rounds. */
export function isTimeCountWorld(): boolean {
  return getRuleSet(activeRuleSet()).initiative.order === "time-count";
}

/** Player characters roll their speed factor; NPCs use the static one unless the world says to roll. */
export function rollsSpeedFactor(combatant: CombatantLike): boolean {
  return Boolean(combatant.actor?.hasPlayerOwner) || npcSpeedSetting() === "roll";
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

/**
 * Anthology's Combat. Rule sets that play in rounds keep Foundry's behaviour. In a Heroes of Destiny
 * world the combat counts time: each combatant's initiative is the TC of its next action, the current
 * TC is kept in the combat's flags, Foundry's round counts the steps of the count, and every change
 * goes through the Foundry-free scheduler (src/combat/time-count.ts), so no rule lives here.
 */
export class AnthologyCombat extends CombatBase {
  /** Time Count changes run one after another on the GM: each reads the documents its predecessor wrote. */
  #chain: Promise<unknown> = Promise.resolve();

  #serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#chain.then(work, work);
    this.#chain = run.catch(() => undefined);
    return run;
  }

  /** This combat counts time (the world's rule set is Heroes of Destiny). */
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
    if (!isTimeCountWorld()) {
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

  /** The scheduler as the documents stand: the defeated and the unrolled are not in the count. */
  scheduler(): TimeCount {
    const current = this.timeCount;
    const entries = [...this.combatants]
      .filter((c) => !c.isDefeated && typeof c.initiative === "number" && Number.isFinite(c.initiative))
      // Someone revived after their TC passed is due now.
      .map((c) => ({ id: c.id, tc: Math.max(c.initiative!, current), name: c.name }))
      .sort((a, b) => a.tc - b.tc || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
    return new TimeCount({ current, entries });
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

  override async nextRound(): Promise<unknown> {
    return this.isTimeCount ? this.advanceCount() : super.nextRound();
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
    const scheduler = this.scheduler();
    const before = this.#snapshot();
    const step = scheduler.advanceHolding();
    await this.#commit(scheduler, before, { advanced: step.tc !== before.tc || step.held.length > 0 });
    if (step.held.length) {
      ui.notifications?.info(
        game.i18n!.format("ANTHOLOGY.TimeCount.held", { names: this.#names(step.held), tc: String(step.tc) }),
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

  /** The GM takes back the last step of the count: TC, round and every combatant's next TC. */
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
    await this.update(
      { round: last.round, turn: 0, [`flags.${SYSTEM_ID}.tc`]: last.tc, [`flags.${SYSTEM_ID}.history`]: history },
      { [TIME_COUNT_WRITE]: true, direction: -1 },
    );
    const updates = Object.entries(last.combatants)
      .filter(([id]) => this.combatants.get(id))
      .map(([id, was]) => ({ _id: id, initiative: was.initiative, [`flags.${SYSTEM_ID}.unsteady`]: was.unsteady }));
    if (updates.length) await this.updateEmbeddedDocuments("Combatant", updates, { [TIME_COUNT_WRITE]: true });
    return this;
  }

  /**
   * A combatant due now acts: its speed factor is rolled (player characters, or NPCs when the world
   * says so) or static, shown in chat, and added to the current TC. Run as the GM (see requestAct).
   */
  actCombatant(id: string, choice: ActChoice): Promise<number> {
    return this.#serial(() => this.#act(id, choice));
  }

  async #act(id: string, choice: ActChoice): Promise<number> {
    const combatant = this.#combatant(id);
    if (this.round < 1) throw new RequestRefused({ key: "ANTHOLOGY.TimeCount.notStartedError" });
    const rolled = rollsSpeedFactor(combatant);
    const scheduler = this.scheduler();
    const before = this.#snapshot();
    let plan;
    try {
      plan = actChoicePlan(choice, rolled);
      // Refuse before rolling anything when the combatant is not due.
      if (scheduler.tcOf(id) !== scheduler.current) scheduler.acted(id, 0);
    } catch (error) {
      refuse(error, (i) => this.#names([i]));
    }
    // Dice are rolled visibly; a static SF is plain arithmetic and shows no roll.
    const rolls: unknown[] = [];
    const total = async (formula: string): Promise<number> => {
      if (!formula) return 0;
      const roll = await new Roll(formula).evaluate();
      if (ROLLS_DICE.test(formula)) rolls.push(roll);
      return roll.total ?? 0;
    };
    const base = await total(plan.base);
    const extra = await total(plan.extra);
    const sf = settleActionSpeed(plan, base, extra);
    const next = scheduler.acted(id, sf);
    await this.#commit(scheduler, before, { unsteady: { [id]: choice.fumble === true } });
    const label = actionLabel(choice);
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
      flavor: game.i18n!.format("ANTHOLOGY.TimeCount.acted", {
        name: combatant.name,
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

  /** A combatant waits: its next action moves to the later TC `toTc`. Run as the GM. */
  delayCombatant(id: string, toTc: number): Promise<number> {
    return this.#serial(() => this.#delay(id, toTc));
  }

  async #delay(id: string, toTc: number): Promise<number> {
    this.#combatant(id);
    const scheduler = this.scheduler();
    const before = this.#snapshot();
    let next: number;
    try {
      next = scheduler.delay(id, toTc);
    } catch (error) {
      refuse(error, (i) => this.#names([i]));
    }
    await this.#commit(scheduler, before, {});
    return next;
  }

  #combatant(id: string): CombatantLike {
    const combatant = this.combatants.get(id);
    if (!combatant) throw new RequestRefused({ key: "ANTHOLOGY.TimeCount.Errors.unknown", data: { id } });
    return combatant;
  }

  #names(ids: readonly string[]): string {
    return ids.map((id) => this.combatants.get(id)?.name ?? id).join(", ");
  }

  #snapshot(): TimeCountSnapshot {
    const combatants: Record<string, { initiative: number | null; unsteady: boolean }> = {};
    for (const c of this.combatants)
      combatants[c.id] = { initiative: c.initiative, unsteady: flag(c, "unsteady") === true };
    return { tc: this.timeCount, round: this.round, combatants };
  }

  /** Writes what the scheduler decided: combatants' next TCs first, then the count and its history. */
  async #commit(
    scheduler: TimeCount,
    before: TimeCountSnapshot,
    change: { advanced?: boolean; unsteady?: Record<string, boolean> },
  ): Promise<void> {
    const updates: Array<Record<string, unknown>> = [];
    for (const c of this.combatants) {
      const patch: Record<string, unknown> = {};
      const tc = scheduler.tcOf(c.id);
      if (tc !== undefined && tc !== c.initiative) patch.initiative = tc;
      const unsteady = change.unsteady?.[c.id];
      if (unsteady !== undefined && unsteady !== (flag(c, "unsteady") === true)) {
        patch[`flags.${SYSTEM_ID}.unsteady`] = unsteady;
      }
      if (Object.keys(patch).length) updates.push({ _id: c.id, ...patch });
    }
    if (updates.length) await this.updateEmbeddedDocuments("Combatant", updates, { [TIME_COUNT_WRITE]: true });
    const history = [...this.timeCountHistory, before].slice(-TIME_COUNT_HISTORY);
    await this.update(
      {
        [`flags.${SYSTEM_ID}.tc`]: scheduler.current,
        [`flags.${SYSTEM_ID}.history`]: history,
        // Ascending order puts the first one due at index 0, whoever acted since.
        turn: 0,
        ...(change.advanced ? { round: this.round + 1 } : {}),
      },
      { [TIME_COUNT_WRITE]: true, direction: 1 },
    );
  }
}
