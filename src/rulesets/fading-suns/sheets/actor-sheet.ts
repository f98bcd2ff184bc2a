import { AnthologyActorSheet } from "../../../sheets/actor-sheet";
import { compactSheet } from "../../../sheets/compact-sheet";
import { firstTarget, type DefenseTarget } from "../../../sheets/first-target";
import { rowItemAction } from "../../../sheets/item-controls";
import type { SheetActor } from "../../../sheets/sheet-actor";
import { NOTES_TAB, primaryTabs } from "../../../sheets/tabs";
import { EFFECTS_TAB } from "../../../sheets/effects-tab";
import type { FadingSunsActorDerived, FadingSunsActorSystem } from "../data";
import { rollAttack, rollGoal, type FsActorDoc } from "../chat/flow";
import { isFsActor } from "../chat/target";
import { FS_ACTOR_PARTS } from "./parts";
import { fsActorView } from "./view";

/** The user's first targeted token, when its actor is Fading Suns': its name and Defense. */
export function targetView(): DefenseTarget | null {
  const target = firstTarget(isFsActor);
  return target && { name: target.name, defense: target.actor.system.derived.defense };
}

/**
 * The Fading Suns character sheet: Vitality, Wyrd, Defense and stance in the header; characteristics
 * with the natural and learned skills (a goal-roll button on each, with its odds); weapons with attack
 * buttons, armor and gear; notes.
 */
export class FadingSunsActorSheet extends AnthologyActorSheet {
  static override DEFAULT_OPTIONS = {
    classes: ["fading-suns"],
    position: { width: 700, height: 780 },
    actions: {
      ...AnthologyActorSheet.ITEM_ACTIONS,
      fsGoal: FadingSunsActorSheet.#goal,
      fsAttack: rowItemAction(rollAttack),
      fsUnarmed: FadingSunsActorSheet.#unarmed,
    },
  };

  static override PARTS: Record<string, { template: string; scrollable?: string[] }> = FS_ACTOR_PARTS;

  static override TABS = primaryTabs(
    { id: "traits", icon: "fa-solid fa-dice-d20", label: "ANTHOLOGY.FadingSuns.Sheet.Tabs.traits" },
    { id: "combat", icon: "fa-solid fa-swords", label: "ANTHOLOGY.FadingSuns.Sheet.Tabs.combat" },
    EFFECTS_TAB,
    NOTES_TAB,
  );

  override async _prepareContext(options: unknown): Promise<Record<string, unknown>> {
    const actor = this.document as unknown as SheetActor<FadingSunsActorSystem & FadingSunsActorDerived>;
    const context = await super._prepareContext(options);
    return {
      ...context,
      // Only the GM marks surprise (it keeps a fighter out of the first turn's initiative), on a sheet it may edit.
      fs: {
        ...fsActorView(actor.system, actor.items.contents, targetView()),
        gm: game.user?.isGM === true && context.editable !== false,
      },
    };
  }

  /** A goal roll with the button's natural skill (data-skill) or its row's learned skill. */
  static async #goal(this: FadingSunsActorSheet, _event: Event, target: HTMLElement): Promise<void> {
    const actor = this.document as unknown as FsActorDoc;
    const natural = target.dataset.skill;
    if (natural) return void (await rollGoal(actor, { kind: "natural", id: natural }));
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    if (id) await rollGoal(actor, { kind: "learned", id });
  }

  static async #unarmed(this: FadingSunsActorSheet): Promise<void> {
    await rollAttack(this.document as unknown as FsActorDoc, null);
  }
}

/** The Fading Suns NPC sheet: the same data and controls, in one compact page without tabs. */
export class FadingSunsNpcSheet extends compactSheet(FadingSunsActorSheet, { width: 620, height: 720 }) {}
