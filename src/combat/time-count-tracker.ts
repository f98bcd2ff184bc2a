import { templatePath } from "../sheets/paths";
import { AnthologyCombat, flag, timeCountActions } from "./anthology-combat";
import type { AnthologyCombatant } from "./anthology-combatant";
import type { CombatantLike } from "./foundry-bases";
import { requestAct, requestDelay } from "./requests";
import type { TimeCountActions } from "./time-count-actions";
import { timeCountView, type CombatantRow, type TimeCountView } from "./time-count-view";
import {
  DEFAULT_METRICS,
  leavesDrawn,
  measureTracker,
  windowView,
  type WindowMetrics,
  type WindowRange,
  type WindowedView,
} from "./time-count-window";

type Context = Record<string, unknown>;

interface TrackerLike {
  readonly viewed: unknown;
  readonly element: HTMLElement;
  _preparePartContext(partId: string, context: Context, options: unknown): Promise<Context>;
  _onRender(context: unknown, options: unknown): Promise<void>;
  render(options?: unknown): Promise<unknown>;
}
interface TrackerBaseClass {
  new (...args: never[]): TrackerLike;
  readonly PARTS: Record<string, { template: string; scrollable?: string[] }>;
}

const TrackerBase = foundry.applications.sidebar.tabs.CombatTracker as unknown as TrackerBaseClass;

export const TIME_COUNT_TEMPLATES = {
  tracker: templatePath("combat/time-count-tracker.hbs"),
  footer: templatePath("combat/time-count-footer.hbs"),
  delay: templatePath("combat/delay-dialog.hbs"),
} as const;

interface DialogButton {
  form: HTMLFormElement;
}
interface DialogV2Like {
  prompt(config: object): Promise<unknown>;
}

function combatantOf(
  app: TrackerLike,
  target: HTMLElement,
): { combat: AnthologyCombat; combatant: CombatantLike } | null {
  const combat = app.viewed;
  const id = target.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId;
  const combatant = combat instanceof AnthologyCombat && id ? combat.combatants.get(id) : undefined;
  return combatant ? { combat: combat as AnthologyCombat, combatant } : null;
}

async function prompt(title: string, template: string, data: Record<string, unknown>): Promise<FormData | null> {
  const content = await foundry.applications.handlebars.renderTemplate(template, data);
  const DialogV2 = foundry.applications.api.DialogV2 as unknown as DialogV2Like;
  const result = await DialogV2.prompt({
    window: { title },
    content,
    rejectClose: false,
    ok: {
      label: "ANTHOLOGY.TimeCount.confirm",
      callback: (_event: Event, button: DialogButton) => new FormData(button.form),
    },
  });
  return result instanceof FormData ? result : null;
}

/**
 * The combat tracker of a Time Count world: the current TC in large type, combatants grouped by the TC
 * of their next action (ascending; a group of several acts simultaneously), those not yet due greyed,
 * and the controls to act, delay, advance and undo. The header (encounters) is Foundry's.
 */
export class TimeCountTracker extends TrackerBase {
  static DEFAULT_OPTIONS = {
    classes: ["anthology-time-count"],
    actions: {
      advanceCount: TimeCountTracker.#advance,
      undoCount: TimeCountTracker.#undo,
      startTimeCount: TimeCountTracker.#start,
      endTimeCount: TimeCountTracker.#end,
      actCombatant: TimeCountTracker.#act,
      delayCombatant: TimeCountTracker.#delay,
      toggleSurprised: TimeCountTracker.#surprised,
    },
  };

  static override PARTS = {
    ...TrackerBase.PARTS,
    tracker: { template: TIME_COUNT_TEMPLATES.tracker, scrollable: [""] },
    footer: { template: TIME_COUNT_TEMPLATES.footer },
  };

  /** Where the list was in view at the last render, and the heights it measured. */
  #range: WindowRange | undefined;
  #metrics: WindowMetrics = DEFAULT_METRICS;
  #drawn: WindowedView["drawn"] | null = null;
  /** The whole view of the last render, drawn again (cut to the new window) when only the scroll moved. */
  #whole: { readonly combat: unknown; readonly view: TimeCountView | null } | null = null;
  #scrolled = false;
  #frame = false;
  readonly #listening = new WeakSet<HTMLElement>();

  override async _preparePartContext(partId: string, context: Context, options: unknown): Promise<Context> {
    const prepared = await super._preparePartContext(partId, context, options);
    if (partId === "tracker" || partId === "footer") prepared.timeCount = this.timeCountView();
    return prepared;
  }

  /**
   * Core prepares a context for every combatant here, which a long list cannot afford; the Time Count's
   * part renders its own view instead.
   */
  async _prepareTrackerContext(_context: Context, _options: unknown): Promise<void> {}

  /** The view of the viewed combat, cut to the rows in view when the list is long (null without a combat). */
  timeCountView(): WindowedView | null {
    const kept = this.#scrolled && this.#whole?.combat === this.viewed ? this.#whole : null;
    const whole = kept ? kept.view : this.#wholeView();
    this.#scrolled = false;
    this.#whole = { combat: this.viewed, view: whole };
    if (!whole) return null;
    const view = windowView(whole, this.#range, this.#metrics);
    this.#drawn = view.drawn;
    return view;
  }

  #wholeView(): TimeCountView | null {
    const combat = this.viewed;
    if (!(combat instanceof AnthologyCombat)) return null;
    const isGM = Boolean(game.user?.isGM);
    const status = timeCountActions()?.status;
    return timeCountView({
      rows: [...combat.combatants]
        .filter((c) => c.visible)
        .map((c) => ({
          ...rowStatus(status, c.actor ?? null, isGM || c.isOwner),
          id: c.id,
          name: c.name,
          img: c.img,
          initiative: c.initiative,
          defeated: c.isDefeated,
          hidden: c.hidden,
          owner: c.isOwner,
          surprised: flag(c, "surprised") === true,
          unsteady: flag(c, "unsteady") === true,
        })),
      tc: combat.timeCount,
      started: combat.started,
      isGM,
      canUndo: isGM && combat.timeCountHistory.length > 0,
    });
  }

  /** A long list follows the scroll: leaving the drawn stretch draws the tracker part again, around the view. */
  override async _onRender(context: unknown, options: unknown): Promise<void> {
    await super._onRender(context, options);
    const scroller =
      this.element?.querySelector?.<HTMLElement>('[data-application-part="tracker"]') ??
      this.element?.querySelector?.<HTMLElement>(".anthology-tc");
    if (!scroller) return;
    const { range, metrics } = measureTracker(scroller);
    this.#range = range;
    const moved =
      metrics !== null &&
      (Math.abs(metrics.rowHeight - this.#metrics.rowHeight) > 0.5 ||
        Math.abs(metrics.headHeight - this.#metrics.headHeight) > 0.5 ||
        Math.abs(metrics.gap - this.#metrics.gap) > 0.5);
    if (metrics) this.#metrics = metrics;
    if (!scroller.querySelector(".anthology-tc-groups.windowed")) return;
    if (!this.#listening.has(scroller)) {
      this.#listening.add(scroller);
      scroller.addEventListener("scroll", () => this.#onScroll(scroller), { passive: true });
    }
    // The stylesheet's heights differ from those assumed (another font size): draw again with them.
    if (moved || (this.#drawn && leavesDrawn(this.#drawn, range))) this.#redraw();
  }

  #onScroll(scroller: HTMLElement): void {
    if (this.#frame) return;
    this.#frame = true;
    requestAnimationFrame(() => {
      this.#frame = false;
      const { range } = measureTracker(scroller);
      this.#range = range;
      if (this.#drawn && leavesDrawn(this.#drawn, range)) this.#redraw();
    });
  }

  #redraw(): void {
    this.#scrolled = true;
    void this.render({ parts: ["tracker"] });
  }

  static async #advance(this: TimeCountTracker): Promise<void> {
    const combat = this.viewed;
    if (combat instanceof AnthologyCombat) await combat.advanceCount();
  }

  static async #undo(this: TimeCountTracker): Promise<void> {
    const combat = this.viewed;
    if (combat instanceof AnthologyCombat) await combat.undoCount();
  }

  static async #start(this: TimeCountTracker): Promise<void> {
    const combat = this.viewed;
    if (combat instanceof AnthologyCombat) await combat.startCombat();
  }

  static async #end(this: TimeCountTracker): Promise<void> {
    const combat = this.viewed as { endCombat?: () => Promise<unknown> } | null;
    await combat?.endCombat?.();
  }

  static async #act(this: TimeCountTracker, _event: Event, target: HTMLElement): Promise<void> {
    const found = combatantOf(this, target);
    if (!found) return;
    const { combat, combatant } = found;
    // The rule set's plug-in says what an act is: its dialog, and how the dialog's form reads.
    const actions = timeCountActions();
    if (!actions) {
      ui.notifications?.warn(game.i18n!.localize("ANTHOLOGY.TimeCount.noActions"));
      return;
    }
    const rolled = actions.rollsSpeedFactor(combatant.actor);
    const title = game.i18n!.format("ANTHOLOGY.TimeCount.Act.title", { name: combatant.name });
    const form = await prompt(title, actions.dialog.template, {
      ...actions.dialog.context({ name: combatant.name, rolled, actor: combatant.actor ?? null }),
    });
    const choice = form ? actions.fromForm(form.entries()) : null;
    if (choice && actions.allows?.(choice, combatant.actor ?? null) !== false) {
      if (await requestAct(combat, combatant.id, choice)) await actions.afterAct?.(choice, combatant.actor ?? null);
    }
  }

  static async #delay(this: TimeCountTracker, _event: Event, target: HTMLElement): Promise<void> {
    const found = combatantOf(this, target);
    if (!found) return;
    const { combat, combatant } = found;
    const own = combatant.initiative ?? combat.timeCount;
    const title = game.i18n!.format("ANTHOLOGY.TimeCount.Delay.title", { name: combatant.name });
    const form = await prompt(title, TIME_COUNT_TEMPLATES.delay, { name: combatant.name, own, suggested: own + 1 });
    const raw = form?.get("toTc");
    if (typeof raw === "string") await requestDelay(combat, combatant.id, raw.trim() === "" ? Number.NaN : Number(raw));
  }

  static async #surprised(this: TimeCountTracker, _event: Event, target: HTMLElement): Promise<void> {
    const found = combatantOf(this, target);
    if (!found || !game.user?.isGM) return;
    const combatant = found.combatant as unknown as AnthologyCombatant;
    await combatant.setSurprised(flag(combatant, "surprised") !== true);
  }
}

/** A combatant's tracks (to its owners and the GM only) and condition markers, from the rule set. */
export function rowStatus(
  status: TimeCountActions["status"],
  actor: object | null,
  mayKnow: boolean,
): Pick<CombatantRow, "tracks" | "markers"> {
  if (!status) return {};
  const { tracks, markers } = status(actor);
  return { tracks: mayKnow ? tracks : [], markers };
}
