import { warn } from "../play/notify";
import { ActorSheetBase } from "./foundry-bases";
import { documentContext } from "./context";
import { DEFAULT_RULE_SET, ruleSetLabelKey, ruleSetOfType } from "../rulesets";
import { createItem, deleteItem, editItem, toggleEquipped, type ItemOwner } from "./item-controls";
import { pluginOf } from "../rulesets/registry";
import {
  EFFECTS_TAB,
  createEffect,
  deleteEffect,
  editEffect,
  effectRows,
  toggleEffect,
  type EffectOwner,
  type SheetEffect,
} from "./effects-tab";
import { ACTOR_PARTS, LIMITED_ACTOR_PARTS } from "./parts";
import { rollDragData } from "../play/macro-call";
import { NOTES_TAB, primaryTabs, withPartTab, type SheetTabs } from "./tabs";

/** The actor's items as a drag reads them. */
interface DraggedOwner {
  readonly items: { get(id: string): { toDragData(): Record<string, unknown> } | undefined };
}

/**
 * The sheet every actor type starts from: portrait, name, rule set, health track and notes.
 * Rule sets extend it with their own PARTS and tabs.
 */
export class AnthologyActorSheet extends ActorSheetBase {
  static DEFAULT_OPTIONS: Record<string, unknown> = {
    classes: ["anthology", "sheet", "actor"],
    position: { width: 560, height: 620 },
    window: { resizable: true },
    form: { submitOnChange: true },
  };

  static PARTS: Record<string, { template: string; scrollable?: string[] }> = ACTOR_PARTS;

  static TABS: SheetTabs = primaryTabs(EFFECTS_TAB, NOTES_TAB);

  /**
   * The item-row controls every rule set's sheet offers (edit, delete, create, worn), for subclasses to
   * spread into their DEFAULT_OPTIONS.actions.
   */
  static ITEM_ACTIONS = {
    itemEdit: AnthologyActorSheet.#itemEdit,
    itemDelete: AnthologyActorSheet.#itemDelete,
    itemCreate: AnthologyActorSheet.#itemCreate,
    toggleWorn: AnthologyActorSheet.#toggleWorn,
    effectCreate: AnthologyActorSheet.#effectCreate,
    effectEdit: AnthologyActorSheet.#effectEdit,
    effectToggle: AnthologyActorSheet.#effectToggle,
    effectDelete: AnthologyActorSheet.#effectDelete,
  };

  get #owner(): ItemOwner {
    return this.document as unknown as ItemOwner;
  }

  /** The rule set of this actor's type. */
  get #ruleSet() {
    return ruleSetOfType("Actor", (this.document as unknown as { type: string }).type);
  }

  override async _prepareContext(options: unknown): Promise<Record<string, unknown>> {
    const plugin = this.#ruleSet ? pluginOf(this.#ruleSet.id) : null;
    const describe = (effect: SheetEffect) => plugin?.effectLasting?.(effect) ?? null;
    const combats = (game as unknown as { combats?: Parameters<typeof effectRows>[1] }).combats ?? [];
    return {
      ...(await super._prepareContext(options)),
      ...(await documentContext(this.document, "Actor", "notes")),
      effects: effectRows(this.document as unknown as EffectOwner, combats, describe),
    };
  }

  /** A Limited viewer gets the portrait, the name and the notes' public part, never the numbers. */
  override _configureRenderParts(options: unknown): Record<string, { template: string; scrollable?: string[] }> {
    const limited = (this.document as unknown as { limited?: boolean }).limited === true;
    return limited ? { ...LIMITED_ACTOR_PARTS } : super._configureRenderParts(options);
  }

  /**
   * A compact sheet (an NPC's) shows every part on one page: each part is its own always-active "tab".
   * Its PARTS leave out the tab navigation (`compactParts`).
   */
  static COMPACT = false;

  override async _preparePartContext(
    partId: string,
    context: Record<string, unknown>,
    options: unknown,
  ): Promise<Record<string, unknown>> {
    const prepared = await super._preparePartContext(partId, context, options);
    if ((this.constructor as typeof AnthologyActorSheet).COMPACT) {
      return { ...prepared, tab: { id: partId, group: "primary", cssClass: "active" } };
    }
    return withPartTab(partId, prepared);
  }

  /** An actor of a rule set takes only that rule set's items; anything else is refused with a message. */
  override async _onDropItem(event: DragEvent, item: unknown): Promise<unknown> {
    const own = this.#ruleSet;
    const type = (item as { type?: string } | null)?.type ?? "";
    if (own && ruleSetOfType("Item", type)?.id !== own.id) {
      const ruleSet = game.i18n!.localize(ruleSetLabelKey(own));
      warn("ANTHOLOGY.Sheet.foreignItem", { ruleSet });
      return null;
    }
    return super._onDropItem(event, item);
  }

  /**
   * A row that rolls (`data-roll-kind`: a weapon, a skill, a check, a special action) drags its roll,
   * for the hotbar to make a macro of (src/play/hotbar.ts); an item row still drags as its Item.
   */
  override _onDragStart(event: DragEvent): unknown {
    const row = event.currentTarget as HTMLElement | null;
    const link = (event.target as HTMLElement | null)?.dataset?.link !== undefined;
    const itemId = row?.dataset.itemId;
    const item = itemId ? (this.document as unknown as DraggedOwner).items.get(itemId) : undefined;
    if (!row || link || !event.dataTransfer || (itemId && !item)) return super._onDragStart(event);
    const data = rollDragData(row.dataset, this.document.uuid, item?.toDragData() ?? null);
    if (!data) return super._onDragStart(event);
    event.dataTransfer.setData("text/plain", JSON.stringify(data));
    return undefined;
  }

  static async #itemEdit(this: AnthologyActorSheet, _event: Event, target: HTMLElement): Promise<void> {
    await editItem(this.#owner, target);
  }

  static async #itemDelete(this: AnthologyActorSheet, _event: Event, target: HTMLElement): Promise<void> {
    await deleteItem(this.#owner, target);
  }

  /** A new item of the control's type (gear of the actor's rule set by default), its sheet opened. */
  static async #itemCreate(this: AnthologyActorSheet, _event: Event, target: HTMLElement): Promise<void> {
    await createItem(this.#owner, target, `${this.#ruleSet?.id ?? DEFAULT_RULE_SET}-gear`, "ANTHOLOGY.Sheet.newItem");
  }

  static async #toggleWorn(this: AnthologyActorSheet, _event: Event, target: HTMLElement): Promise<void> {
    await toggleEquipped(this.#owner, target);
  }

  get #effectOwner(): EffectOwner {
    return this.document as unknown as EffectOwner;
  }

  static async #effectCreate(this: AnthologyActorSheet): Promise<void> {
    await createEffect(this.#effectOwner);
  }

  static async #effectEdit(this: AnthologyActorSheet, _event: Event, target: HTMLElement): Promise<void> {
    await editEffect(this.#effectOwner, target);
  }

  static async #effectToggle(this: AnthologyActorSheet, _event: Event, target: HTMLElement): Promise<void> {
    await toggleEffect(this.#effectOwner, target);
  }

  static async #effectDelete(this: AnthologyActorSheet, _event: Event, target: HTMLElement): Promise<void> {
    await deleteEffect(this.#effectOwner, target);
  }
}
