import type { HodActorDerived, HodActorSystem } from "../data";
import {
  rollHodAttack,
  rollHodCheck,
  rollHodDamage,
  restHod,
  rollHodSpecial,
  shiftHodStance,
  abandonHodSpell,
  chargeHodSpell,
  prepareHodSpell,
  spellState,
  type HodActorDoc,
  type HodItemDoc,
} from "../chat/flow";
import { AnthologyActorSheet } from "../../../sheets/actor-sheet";
import { compactSheet } from "../../../sheets/compact-sheet";
import { rowItemAction } from "../../../sheets/item-controls";
import type { SheetActor } from "../../../sheets/sheet-actor";
import { NOTES_TAB, detailsTab, primaryTabs } from "../../../sheets/tabs";
import { EFFECTS_TAB } from "../../../sheets/effects-tab";
import { HOD_ACTOR_PARTS } from "./parts";
import { showsMoreThanMax } from "../../../sheets/track-inputs";
import { hodActorView } from "./view";
import { preparationDone } from "../rules/spells";
import { rollHodHealing } from "../chat/heal";
import { rollHodPoison } from "../chat/poison";
import { restHodRun, rollHodRun, stopHodRun } from "../chat/run";
import { scheduleInfo, timeCountPlace } from "../chat/schedule";

interface HodActorDocument extends SheetActor<HodActorSystem & HodActorDerived> {
  readonly isOwner: boolean;
  /** The ids of the status effects on it. */
  readonly statuses?: Set<string>;
}

/**
 * The Heroes of Destiny character sheet: attributes, traits, the five defenses, the Threshold of Pain
 * and fatigue against HP in the header; tabs for combat (weapons with Attack and Damage, special
 * actions, stances, checks), equipment (armor and gear), the numbers behind them, and notes.
 */
export class HodActorSheet extends AnthologyActorSheet {
  // Foundry merges DEFAULT_OPTIONS down the class chain (classes concatenate), so only the changes go here.
  static override DEFAULT_OPTIONS = {
    classes: ["hod"],
    position: { width: 700, height: 760 },
    actions: {
      ...AnthologyActorSheet.ITEM_ACTIONS,
      hodAttack: rowItemAction(rollHodAttack),
      hodDamage: rowItemAction(rollHodDamage),
      hodSpecial: HodActorSheet.#special,
      hodStance: HodActorSheet.#stance,
      hodCheck: HodActorSheet.#check,
      hodRest: HodActorSheet.#rest,
      hodPrepare: rowItemAction(prepareHodSpell),
      hodCharge: HodActorSheet.#charge,
      hodRelease: HodActorSheet.#release,
      hodAbandon: HodActorSheet.#abandon,
      hodHeal: HodActorSheet.#heal,
      hodPoison: HodActorSheet.#poison,
      hodRun: HodActorSheet.#run,
      hodRunStop: HodActorSheet.#runStop,
      hodRunRest: HodActorSheet.#runRest,
    },
  };

  static override PARTS: Record<string, { template: string; scrollable?: string[] }> = HOD_ACTOR_PARTS;

  static override TABS = primaryTabs(
    { id: "combat", icon: "fa-solid fa-swords", label: "ANTHOLOGY.HoD.Sheet.Tabs.combat" },
    { id: "equipment", icon: "fa-solid fa-shield-halved", label: "ANTHOLOGY.HoD.Sheet.Tabs.equipment" },
    detailsTab("ANTHOLOGY.HoD.Sheet.Tabs.details"),
    EFFECTS_TAB,
    NOTES_TAB,
  );

  /** The actor, typed by what the Heroes of Destiny sheet reads. */
  get hodActor(): HodActorDocument {
    return this.document as unknown as HodActorDocument;
  }

  override async _prepareContext(options: unknown): Promise<Record<string, unknown>> {
    const actor = this.hodActor;
    return {
      ...(await super._prepareContext(options)),
      // Buttons that roll or change the actor are for its owners; others see the numbers only.
      owner: actor.isOwner,
      hod: hodActorView(actor.system, actor.items.contents, actor.statuses ?? [], this.#spellDone()),
    };
  }

  /** Whether the held spell's casting time is over, as the Time Count stands. */
  #spellDone(): boolean {
    const state = spellState(this.#doc as never);
    return state ? preparationDone(state, scheduleInfo(timeCountPlace(this.#doc as never))) : true;
  }

  static async #charge(this: HodActorSheet): Promise<void> {
    await chargeHodSpell(this.#doc as never);
  }

  static async #release(this: HodActorSheet): Promise<void> {
    await chargeHodSpell(this.#doc as never, true);
  }

  /** Magical healing (a spell's or a potion's) on the targeted patients, or on the actor itself. */
  static async #heal(this: HodActorSheet): Promise<void> {
    await rollHodHealing(this.#doc);
  }

  /** A dose of poison (and its schedule) on the targeted victims, or on the actor itself. */
  static async #poison(this: HodActorSheet): Promise<void> {
    await rollHodPoison(this.#doc);
  }

  /** Run or sprint (`data-pace`): the checks due, on a card for the GM; the count's Move when due on the Time Count. */
  static async #run(this: HodActorSheet, _event: Event, target: HTMLElement): Promise<void> {
    await rollHodRun(this.#doc, target.dataset.pace === "sprint" ? "sprint" : "run");
  }

  static async #runStop(this: HodActorSheet): Promise<void> {
    await stopHodRun(this.#doc);
  }

  static async #runRest(this: HodActorSheet): Promise<void> {
    await restHodRun(this.#doc);
  }

  static async #abandon(this: HodActorSheet): Promise<void> {
    await abandonHodSpell(this.#doc as never);
  }

  get #doc(): HodActorDoc {
    return this.document as unknown as HodActorDoc;
  }

  /** Redraws when the form showed more HP than the maximum allows: the stored value was held to it. */
  override async _processSubmitData(
    event: Event,
    form: HTMLFormElement,
    submitData: object,
    options?: object,
  ): Promise<void> {
    await super._processSubmitData(event, form, submitData, options);
    if (showsMoreThanMax(form)) await this.render();
  }

  /** A special action, with the weapon chosen above the list when the action uses one. */
  static async #special(this: HodActorSheet, _event: Event, target: HTMLElement): Promise<void> {
    const id = target.dataset.specialId;
    if (!id) return;
    const weaponId = target.dataset.usesWeapon
      ? target.closest<HTMLElement>("[data-hod-specials]")?.querySelector<HTMLSelectElement>("select")?.value
      : undefined;
    const weapon = weaponId ? this.hodActor.items.get(weaponId) : undefined;
    await rollHodSpecial(this.#doc, id, weapon as unknown as HodItemDoc | undefined);
  }

  /** Shift into the button's stance; "" reverts to a basic stance. */
  static async #stance(this: HodActorSheet, _event: Event, target: HTMLElement): Promise<void> {
    await shiftHodStance(this.#doc, target.dataset.stanceId ?? "");
  }

  /** A night's sleep, or a day of bed rest (`data-bed-rest`). */
  static async #rest(this: HodActorSheet, _event: Event, target: HTMLElement): Promise<void> {
    await restHod(this.#doc, target.dataset.bedRest !== undefined);
  }

  /** A 3d6 check with an attribute, against the button's DC when it names one. */
  static async #check(this: HodActorSheet, _event: Event, target: HTMLElement): Promise<void> {
    const attribute = target.dataset.attribute;
    if (!attribute) return;
    const dc = target.dataset.dc === undefined || target.dataset.dc === "" ? undefined : Number(target.dataset.dc);
    // The check to stay conscious knocks the actor out when it fails; any other check only reports.
    if (target.dataset.waking !== undefined) {
      await rollHodCheck(this.#doc, attribute, Number.isFinite(dc) ? dc : undefined, { waking: true });
    } else if (target.dataset.consciousness !== undefined) {
      await rollHodCheck(this.#doc, attribute, Number.isFinite(dc) ? dc : undefined, { consciousness: true });
    } else {
      await rollHodCheck(this.#doc, attribute, Number.isFinite(dc) ? dc : undefined);
    }
  }
}

/** The Heroes of Destiny NPC sheet: the same data and controls, in one compact page without tabs. */
export class HodNpcSheet extends compactSheet(HodActorSheet, { width: 620, height: 720 }) {}
