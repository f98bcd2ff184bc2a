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
import { healFromSheet } from "../chat/heal";
import { AnthologyActorSheet } from "../../../sheets/actor-sheet";
import { compactSheet } from "../../../sheets/compact-sheet";
import { rowItemAction } from "../../../sheets/item-controls";
import type { SheetActor } from "../../../sheets/sheet-actor";
import { NOTES_TAB, detailsTab, primaryTabs } from "../../../sheets/tabs";
import { EFFECTS_TAB } from "../../../sheets/effects-tab";
import { FADE_ACTOR_PARTS } from "./parts";
import { dropTrait, type TraitOwner } from "./replace-trait";
import { fadeActorView } from "./view";

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
      fadeAttack: rowItemAction(rollAttack),
      fadeDamage: rowItemAction((actor: FadeActorDoc, item: FadeItemDoc) => rollDamage(actor, item, weaponOf(item))),
      fadeDodge: FadeActorSheet.#dodge,
      // Healing for the user's targets (or the healer): the GM adds a Holy or Unholy Resistance's bonus.
      fadeHeal: FadeActorSheet.#heal,
      fadeSkill: FadeActorSheet.#skill,
      // A full-round attack with the row's weapon: its Attacks per Round, for the full round.
      fadeFullAttack: rowItemAction((actor: FadeActorDoc, item: FadeItemDoc) =>
        rollAttack(actor, item, { full: true }),
      ),
      fadeMove: FadeActorSheet.#move,
      // Uses the row's gear: a standard action in combat; a consumable takes one off.
      fadeUse: rowItemAction(useItem),
    },
  };

  static override PARTS: Record<string, { template: string; scrollable?: string[] }> = FADE_ACTOR_PARTS;

  static override TABS = primaryTabs(
    { id: "combat", icon: "fa-solid fa-swords", label: "ANTHOLOGY.Fade.Sheet.Tabs.combat" },
    { id: "equipment", icon: "fa-solid fa-shield-halved", label: "ANTHOLOGY.Fade.Sheet.Tabs.equipment" },
    detailsTab("ANTHOLOGY.Fade.Sheet.Tabs.details"),
    EFFECTS_TAB,
    NOTES_TAB,
  );

  override async _prepareContext(options: unknown): Promise<Record<string, unknown>> {
    const actor = this.document as unknown as SheetActor<FadeActorSystem & FadeActorDerived>;
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

  /** A movement: Move, Step, Run, Charge or Withdraw. */
  static async #move(this: FadeActorSheet, _event: Event, target: HTMLElement): Promise<void> {
    await moveActor(this.document as unknown as FadeActorDoc, target.dataset.move as FadeMovement);
  }

  /** A skill check with the button's skill. */
  static async #skill(this: FadeActorSheet, _event: Event, target: HTMLElement): Promise<void> {
    await rollSkill(this.document as unknown as FadeActorDoc, target.dataset.skill ?? "");
  }

  static async #heal(this: FadeActorSheet): Promise<void> {
    await healFromSheet(this.document as unknown as FadeActorDoc);
  }

  static async #dodge(this: FadeActorSheet): Promise<void> {
    await rollCheck(this.document as unknown as FadeActorDoc);
  }
}

/** The Fade NPC sheet: the same data and controls, in one compact page without tabs. */
export class FadeNpcSheet extends compactSheet(FadeActorSheet, { width: 600, height: 680 }) {}
