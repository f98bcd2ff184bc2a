import { compactParts } from "../../../sheets/parts";
import { AnthologyActorSheet } from "../../../sheets/actor-sheet";
import type { TabSpec } from "../../../sheets/foundry-bases";
import { itemOf, type ControlledItem } from "../../../sheets/item-controls";
import type { OpenD6ActorDerived, OpenD6ActorSystem } from "../data";
import { declaredDefense } from "../chat/defense";
import { defenseOf, rollAttack, rollCheck, type OpenD6ActorDoc, type OpenD6ItemDoc } from "../chat/flow";
import { healOdds, rollHealing } from "../chat/heal";
import { isOpenD6Actor } from "../chat/target";
import { tablesSetting } from "../settings";
import { OPEND6_ACTOR_PARTS } from "./parts";
import { opend6ActorView, type SheetItem, type TargetView } from "./view";

type ItemDocument = SheetItem & ControlledItem;

interface OpenD6ActorDocument {
  readonly system: OpenD6ActorSystem & OpenD6ActorDerived;
  readonly items: { get(id: string): ItemDocument | undefined; contents: ItemDocument[] };
  createEmbeddedDocuments(name: "Item", data: object[]): Promise<Array<{ sheet: ItemDocument["sheet"] }>>;
}

interface TokenLike {
  readonly actor: unknown;
  readonly name?: string;
}

/** The user's first targeted token, when its actor is OpenD6's: its name and passive defense. */
export function targetView(): TargetView | null {
  const targets = (game.user as unknown as { targets?: Iterable<TokenLike> } | undefined)?.targets;
  const token = targets ? [...targets][0] : undefined;
  const actor = token?.actor as Parameters<typeof isOpenD6Actor>[0];
  if (!isOpenD6Actor(actor)) return null;
  return { name: token?.name ?? actor.name, defense: defenseOf(actor as unknown as OpenD6ActorDoc) };
}

/**
 * The OpenD6 character sheet: the health track, Strength Damage, defense, resistance and points in the
 * header; the attributes with their skills (a roll button on each); weapons with attack buttons and
 * armor; notes.
 */
export class OpenD6ActorSheet extends AnthologyActorSheet {
  static override DEFAULT_OPTIONS = {
    classes: ["opend6"],
    position: { width: 680, height: 760 },
    actions: {
      ...AnthologyActorSheet.ITEM_ACTIONS,
      od6Roll: OpenD6ActorSheet.#roll,
      od6Attack: OpenD6ActorSheet.#attack,
      od6Heal: OpenD6ActorSheet.#heal,
    },
  };

  static override PARTS: Record<string, { template: string; scrollable?: string[] }> = OPEND6_ACTOR_PARTS;

  static override TABS: Record<string, { tabs: TabSpec[]; initial: string }> = {
    primary: {
      tabs: [
        { id: "traits", icon: "fa-solid fa-dice-six", label: "ANTHOLOGY.OpenD6.Sheet.Tabs.traits" },
        { id: "combat", icon: "fa-solid fa-swords", label: "ANTHOLOGY.OpenD6.Sheet.Tabs.combat" },
        { id: "notes", icon: "fa-solid fa-book-open", label: "ANTHOLOGY.Sheet.Tabs.notes" },
      ],
      initial: "traits",
    },
  };

  get opend6Actor(): OpenD6ActorDocument {
    return this.document as unknown as OpenD6ActorDocument;
  }

  override async _prepareContext(options: unknown): Promise<Record<string, unknown>> {
    const actor = this.opend6Actor;
    return {
      ...(await super._prepareContext(options)),
      od6: opend6ActorView(
        actor.system,
        actor.items.contents,
        targetView(),
        declaredDefense(this.document as never),
        tablesSetting(),
      ),
      healOdds: healOdds(actor as unknown as OpenD6ActorDoc),
    };
  }

  /** A check with the button's attribute or skill. */
  static async #roll(this: OpenD6ActorSheet, _event: Event, target: HTMLElement): Promise<void> {
    const kind = target.dataset.kind === "skill" ? "skill" : "attribute";
    await rollCheck(this.document as unknown as OpenD6ActorDoc, { kind, id: target.dataset.id ?? "" });
  }

  /** Healing: medicine on the targeted patients (or itself), or natural healing. */
  static async #heal(this: OpenD6ActorSheet): Promise<void> {
    await rollHealing(this.document as unknown as OpenD6ActorDoc);
  }

  static async #attack(this: OpenD6ActorSheet, _event: Event, target: HTMLElement): Promise<void> {
    const item = itemOf(this.opend6Actor, target);
    if (item) await rollAttack(this.document as unknown as OpenD6ActorDoc, item as unknown as OpenD6ItemDoc);
  }
}

/** The OpenD6 NPC sheet: the same data and controls, in one compact page without tabs. */
export class OpenD6NpcSheet extends OpenD6ActorSheet {
  static override DEFAULT_OPTIONS = {
    ...OpenD6ActorSheet.DEFAULT_OPTIONS,
    classes: ["compact"],
    position: { width: 600, height: 700 },
  };

  static override COMPACT = true;
  static override PARTS = compactParts(OPEND6_ACTOR_PARTS);
}
