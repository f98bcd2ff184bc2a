import { compactParts } from "../../../sheets/parts";
import { AnthologyActorSheet } from "../../../sheets/actor-sheet";
import type { TabSpec } from "../../../sheets/foundry-bases";
import { itemOf, type ControlledItem } from "../../../sheets/item-controls";
import type { FadingSunsActorDerived, FadingSunsActorSystem } from "../data";
import { rollAttack, rollGoal, type FsActorDoc, type FsItemDoc } from "../chat/flow";
import { isFsActor } from "../chat/target";
import { FS_ACTOR_PARTS } from "./parts";
import { fsActorView, type SheetItem, type TargetView } from "./view";

type ItemDocument = SheetItem & ControlledItem;

interface FsActorDocument {
  readonly system: FadingSunsActorSystem & FadingSunsActorDerived;
  readonly items: { get(id: string): ItemDocument | undefined; contents: ItemDocument[] };
  createEmbeddedDocuments(name: "Item", data: object[]): Promise<Array<{ sheet: ItemDocument["sheet"] }>>;
}

interface TokenLike {
  readonly actor: unknown;
  readonly name?: string;
}

/** The user's first targeted token, when its actor is Fading Suns': its name and Defense. */
export function targetView(): TargetView | null {
  const targets = (game.user as unknown as { targets?: Iterable<TokenLike> } | undefined)?.targets;
  const token = targets ? [...targets][0] : undefined;
  const actor = token?.actor as Parameters<typeof isFsActor>[0];
  if (!isFsActor(actor)) return null;
  return { name: token?.name ?? actor.name, defense: actor.system.derived.defense };
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
      fsAttack: FadingSunsActorSheet.#attack,
      fsUnarmed: FadingSunsActorSheet.#unarmed,
    },
  };

  static override PARTS: Record<string, { template: string; scrollable?: string[] }> = FS_ACTOR_PARTS;

  static override TABS: Record<string, { tabs: TabSpec[]; initial: string }> = {
    primary: {
      tabs: [
        { id: "traits", icon: "fa-solid fa-dice-d20", label: "ANTHOLOGY.FadingSuns.Sheet.Tabs.traits" },
        { id: "combat", icon: "fa-solid fa-swords", label: "ANTHOLOGY.FadingSuns.Sheet.Tabs.combat" },
        { id: "notes", icon: "fa-solid fa-book-open", label: "ANTHOLOGY.Sheet.Tabs.notes" },
      ],
      initial: "traits",
    },
  };

  get fsActor(): FsActorDocument {
    return this.document as unknown as FsActorDocument;
  }

  override async _prepareContext(options: unknown): Promise<Record<string, unknown>> {
    const actor = this.fsActor;
    return {
      ...(await super._prepareContext(options)),
      fs: fsActorView(actor.system, actor.items.contents, targetView()),
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

  static async #attack(this: FadingSunsActorSheet, _event: Event, target: HTMLElement): Promise<void> {
    const item = itemOf(this.fsActor, target);
    if (item) await rollAttack(this.document as unknown as FsActorDoc, item as unknown as FsItemDoc);
  }

  static async #unarmed(this: FadingSunsActorSheet): Promise<void> {
    await rollAttack(this.document as unknown as FsActorDoc, null);
  }
}

/** The Fading Suns NPC sheet: the same data and controls, in one compact page without tabs. */
export class FadingSunsNpcSheet extends FadingSunsActorSheet {
  static override DEFAULT_OPTIONS = {
    ...FadingSunsActorSheet.DEFAULT_OPTIONS,
    classes: ["compact"],
    position: { width: 620, height: 720 },
  };

  static override COMPACT = true;
  static override PARTS = compactParts(FS_ACTOR_PARTS);
}
