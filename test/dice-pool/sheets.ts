import { AnthologyActorSheet } from "../../src/sheets/actor-sheet";
import { AnthologyItemSheet } from "../../src/sheets/item-sheet";
import { CORE_TABS, ITEM_PARTS, RICH_DESCRIPTION, partTemplates } from "../../src/sheets/parts";
import { templatePath } from "../../src/sheets/paths";
import type { PoolActor } from "./chat";
import { rollAttack } from "./chat";
import { attackFormula } from "./rules/pool";

const part = (name: string, scrollable?: string[]) => ({
  template: templatePath(`rulesets/dice-pool/sheets/${name}.hbs`),
  ...(scrollable ? { scrollable } : {}),
});

const ACTOR_PARTS = {
  header: part("header"),
  tabs: { template: CORE_TABS },
  combat: part("combat", [""]),
  notes: { template: templatePath("sheets/actor/notes.hbs"), scrollable: [""] },
};
const WEAPON_PARTS = {
  header: ITEM_PARTS.header,
  tabs: { template: CORE_TABS },
  details: part("weapon-details"),
  description: RICH_DESCRIPTION,
};

export const DICE_POOL_SHEET_TEMPLATES = partTemplates(ACTOR_PARTS, WEAPON_PARTS);

interface Weapon {
  readonly id: string;
  readonly name: string;
  readonly type: string;
  readonly system: { readonly bonus: number; readonly damage: number };
}

/** What the character sheet shows: the three numbers and each weapon with the dice it rolls. */
export function dicePoolView(system: PoolActor["system"], items: readonly Weapon[]) {
  return {
    stats: [
      { name: "system.might", label: "ANTHOLOGY.DicePool.might", value: system.might },
      { name: "system.guard", label: "ANTHOLOGY.DicePool.guard", value: system.guard },
      { name: "system.hp.value", label: "ANTHOLOGY.DicePool.hp", value: system.hp.value },
    ],
    weapons: items
      .filter((i) => i.type === "dice-pool-weapon")
      .map((w) => ({
        id: w.id,
        name: w.name,
        damage: w.system.damage,
        formula: attackFormula(system.might, w.system.bonus),
      })),
  };
}

/** The Dice Pool character sheet: the shared actor sheet with a combat tab. */
export class DicePoolActorSheet extends AnthologyActorSheet {
  static override DEFAULT_OPTIONS = {
    classes: ["dice-pool"],
    actions: { ...AnthologyActorSheet.ITEM_ACTIONS, poolAttack: DicePoolActorSheet.#attack },
  };

  static override PARTS = ACTOR_PARTS;

  static override TABS = {
    primary: {
      tabs: [
        { id: "combat", icon: "fa-solid fa-swords", label: "ANTHOLOGY.DicePool.Tabs.combat" },
        { id: "notes", icon: "fa-solid fa-book-open", label: "ANTHOLOGY.Sheet.Tabs.notes" },
      ],
      initial: "combat",
    },
  };

  override async _prepareContext(options: unknown): Promise<Record<string, unknown>> {
    const actor = this.document as unknown as PoolActor & { items: { contents: Weapon[] } };
    return { ...(await super._prepareContext(options)), pool: dicePoolView(actor.system, actor.items.contents) };
  }

  static async #attack(this: DicePoolActorSheet, _event: Event, target: HTMLElement): Promise<void> {
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    if (id) await rollAttack(this.document as unknown as PoolActor, id);
  }
}

/** The Dice Pool weapon sheet: the shared item sheet with a details tab. */
export class DicePoolWeaponSheet extends AnthologyItemSheet {
  static override PARTS = WEAPON_PARTS;
  static override TABS = {
    primary: {
      tabs: [
        { id: "details", icon: "fa-solid fa-sliders", label: "ANTHOLOGY.DicePool.Tabs.details" },
        { id: "description", icon: "fa-solid fa-scroll", label: "ANTHOLOGY.Sheet.Tabs.description" },
      ],
      initial: "details",
    },
  };

  override async _prepareContext(options: unknown): Promise<Record<string, unknown>> {
    const system = (this.document as unknown as Weapon).system;
    const fields = [
      { name: "system.bonus", label: "ANTHOLOGY.DicePool.bonus", value: system.bonus },
      { name: "system.damage", label: "ANTHOLOGY.DicePool.damage", value: system.damage },
    ];
    return { ...(await super._prepareContext(options)), pool: { fields } };
  }
}
