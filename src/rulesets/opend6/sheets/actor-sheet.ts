import { AnthologyActorSheet } from "../../../sheets/actor-sheet";
import { compactSheet } from "../../../sheets/compact-sheet";
import { firstTarget, type DefenseTarget } from "../../../sheets/first-target";
import { rowItemAction } from "../../../sheets/item-controls";
import type { SheetActor } from "../../../sheets/sheet-actor";
import { NOTES_TAB, primaryTabs } from "../../../sheets/tabs";
import { EFFECTS_TAB } from "../../../sheets/effects-tab";
import type { OpenD6ActorDerived, OpenD6ActorSystem } from "../data";
import { declaredDefense } from "../chat/defense";
import { acrobaticsOf, defenseOf, rollAttack, rollCheck, type OpenD6ActorDoc } from "../chat/flow";
import { healOdds, rollHealing } from "../chat/heal";
import { chooseInitiative } from "../chat/initiative-extras";
import { isOpenD6Actor } from "../chat/target";
import { tablesSetting } from "../settings";
import { OPEND6_ACTOR_PARTS } from "./parts";
import { opend6ActorView } from "./view";

/** The user's first targeted token, when its actor is OpenD6's: its name, defense and scale. */
export function targetView(): (DefenseTarget & { scale: number; acrobatics: number }) | null {
  const target = firstTarget(isOpenD6Actor);
  const actor = target?.actor as unknown as OpenD6ActorDoc | undefined;
  return target && actor
    ? { name: target.name, defense: defenseOf(actor), scale: actor.system.scale ?? 0, acrobatics: acrobaticsOf(actor) }
    : null;
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
      od6Attack: rowItemAction(rollAttack),
      od6Unarmed: OpenD6ActorSheet.#unarmed,
      od6Heal: OpenD6ActorSheet.#heal,
      od6Initiative: OpenD6ActorSheet.#initiative,
    },
  };

  static override PARTS: Record<string, { template: string; scrollable?: string[] }> = OPEND6_ACTOR_PARTS;

  static override TABS = primaryTabs(
    { id: "traits", icon: "fa-solid fa-dice-six", label: "ANTHOLOGY.OpenD6.Sheet.Tabs.traits" },
    { id: "combat", icon: "fa-solid fa-swords", label: "ANTHOLOGY.OpenD6.Sheet.Tabs.combat" },
    EFFECTS_TAB,
    NOTES_TAB,
  );

  override async _prepareContext(options: unknown): Promise<Record<string, unknown>> {
    const actor = this.document as unknown as SheetActor<OpenD6ActorSystem & OpenD6ActorDerived>;
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

  /** Initiative: Character Points and quick-drawn dice for the combatant's next roll (rolled now if none yet). */
  static async #initiative(this: OpenD6ActorSheet): Promise<void> {
    await chooseInitiative(this.document as unknown as OpenD6ActorDoc);
  }

  /** An unarmed blow (brawling, Strength Damage): no weapon needed. */
  static async #unarmed(this: OpenD6ActorSheet): Promise<void> {
    await rollAttack(this.document as unknown as OpenD6ActorDoc, null);
  }

  /** Healing: medicine on the targeted patients (or itself), or natural healing. */
  static async #heal(this: OpenD6ActorSheet): Promise<void> {
    await rollHealing(this.document as unknown as OpenD6ActorDoc);
  }
}

/** The OpenD6 NPC sheet: the same data and controls, in one compact page without tabs. */
export class OpenD6NpcSheet extends compactSheet(OpenD6ActorSheet, { width: 600, height: 700 }) {}
