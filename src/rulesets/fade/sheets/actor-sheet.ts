import { compactParts } from "../../../sheets/parts";
import type { FadeActorDerived, FadeActorSystem } from "../data";
import { targetView } from "../chat/target";
import {
  rollAttack,
  rollCheck,
  rollSkill,
  rollDamage,
  weaponOf,
  type FadeActorDoc,
  type FadeItemDoc,
} from "../chat/flow";
import { moveActor, turnContext, type FadeMovement } from "../chat/movement";
import { useItem } from "../chat/use";
import { AnthologyActorSheet } from "../../../sheets/actor-sheet";
import type { TabSpec } from "../../../sheets/foundry-bases";
import { itemOf, type ControlledItem } from "../../../sheets/item-controls";
import { FADE_ACTOR_PARTS } from "./parts";
import { dropTrait, type TraitOwner } from "./replace-trait";
import { fadeActorView, type SheetItem } from "./view";

type ItemDocument = SheetItem & ControlledItem;

interface FadeActorDocument {
  readonly system: FadeActorSystem & FadeActorDerived;
  readonly items: { get(id: string): ItemDocument | undefined; contents: ItemDocument[] };
  createEmbeddedDocuments(name: "Item", data: object[]): Promise<Array<{ sheet: ItemDocument["sheet"] }>>;
}

/**
 * The Fade character sheet: attributes, HP with its states, Soak, the four defenses (and against
 * spells), speed, load and luck rerolls in the header; tabs for combat (weapons with Attack and Damage,
 * dodge), equipment (armor by body part, gear by weight), the numbers behind them, and notes.
 */
export class FadeActorSheet extends AnthologyActorSheet {
  // Foundry merges DEFAULT_OPTIONS down the class chain (classes concatenate), so only the changes go here.
  static override DEFAULT_OPTIONS = {
    classes: ["fade"],
    position: { width: 680, height: 720 },
    actions: {
      ...AnthologyActorSheet.ITEM_ACTIONS,
      fadeAttack: FadeActorSheet.#attack,
      fadeDamage: FadeActorSheet.#damage,
      fadeDodge: FadeActorSheet.#dodge,
      fadeSkill: FadeActorSheet.#skill,
      fadeFullAttack: FadeActorSheet.#fullAttack,
      fadeMove: FadeActorSheet.#move,
      fadeUse: FadeActorSheet.#use,
    },
  };

  static override PARTS: Record<string, { template: string; scrollable?: string[] }> = FADE_ACTOR_PARTS;

  static override TABS: Record<string, { tabs: TabSpec[]; initial: string }> = {
    primary: {
      tabs: [
        { id: "combat", icon: "fa-solid fa-swords", label: "ANTHOLOGY.Fade.Sheet.Tabs.combat" },
        { id: "equipment", icon: "fa-solid fa-shield-halved", label: "ANTHOLOGY.Fade.Sheet.Tabs.equipment" },
        { id: "details", icon: "fa-solid fa-sliders", label: "ANTHOLOGY.Fade.Sheet.Tabs.details" },
        { id: "notes", icon: "fa-solid fa-book-open", label: "ANTHOLOGY.Sheet.Tabs.notes" },
      ],
      initial: "combat",
    },
  };

  /** The actor, typed by what the Fade sheet reads. */
  get fadeActor(): FadeActorDocument {
    return this.document as unknown as FadeActorDocument;
  }

  override async _prepareContext(options: unknown): Promise<Record<string, unknown>> {
    const actor = this.fadeActor;
    return {
      ...(await super._prepareContext(options)),
      fade: {
        ...fadeActorView(actor.system, actor.items.contents, targetView()),
        turn: turnContext(this.document as unknown as FadeActorDoc),
      },
    };
  }

  /** One species and one class at a time: dropping another replaces the one there, once the user agrees. */
  override async _onDropItem(event: DragEvent, item: unknown): Promise<unknown> {
    return dropTrait(this.document as unknown as TraitOwner, item as Parameters<typeof dropTrait>[1], () =>
      super._onDropItem(event, item),
    );
  }

  static async #attack(this: FadeActorSheet, _event: Event, target: HTMLElement): Promise<void> {
    const item = itemOf(this.fadeActor, target);
    if (item) await rollAttack(this.document as unknown as FadeActorDoc, item as unknown as FadeItemDoc);
  }

  /** A full-round attack with the row's weapon: its Attacks per Round, for the full round. */
  static async #fullAttack(this: FadeActorSheet, _event: Event, target: HTMLElement): Promise<void> {
    const item = itemOf(this.fadeActor, target);
    if (item)
      await rollAttack(this.document as unknown as FadeActorDoc, item as unknown as FadeItemDoc, { full: true });
  }

  /** A movement: Move, Step, Run, Charge or Withdraw. */
  static async #move(this: FadeActorSheet, _event: Event, target: HTMLElement): Promise<void> {
    await moveActor(this.document as unknown as FadeActorDoc, target.dataset.move as FadeMovement);
  }

  /** Uses the row's gear: a standard action in combat; a consumable takes one off. */
  static async #use(this: FadeActorSheet, _event: Event, target: HTMLElement): Promise<void> {
    const item = itemOf(this.fadeActor, target);
    if (item) await useItem(this.document as unknown as FadeActorDoc, item as never);
  }

  static async #damage(this: FadeActorSheet, _event: Event, target: HTMLElement): Promise<void> {
    const item = itemOf(this.fadeActor, target);
    if (item)
      await rollDamage(this.document as unknown as FadeActorDoc, item as unknown as FadeItemDoc, weaponOf(item));
  }

  /** A skill check with the button's skill. */
  static async #skill(this: FadeActorSheet, _event: Event, target: HTMLElement): Promise<void> {
    await rollSkill(this.document as unknown as FadeActorDoc, target.dataset.skill ?? "");
  }

  static async #dodge(this: FadeActorSheet): Promise<void> {
    await rollCheck(this.document as unknown as FadeActorDoc);
  }
}

/** The Fade NPC sheet: the same data and controls, in one compact page without tabs. */
export class FadeNpcSheet extends FadeActorSheet {
  // Foundry merges DEFAULT_OPTIONS down the class chain (classes concatenate), so only the changes go here.
  static override DEFAULT_OPTIONS = {
    ...FadeActorSheet.DEFAULT_OPTIONS,
    classes: ["compact"],
    position: { width: 600, height: 680 },
  };

  static override COMPACT = true;
  static override PARTS = compactParts(FADE_ACTOR_PARTS);
}
