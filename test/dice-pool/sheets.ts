import { AnthologyActorSheet } from "../../src/sheets/actor-sheet";
import { rowItemAction } from "../../src/sheets/item-controls";
import { partTemplates, ruleSetParts } from "../../src/sheets/parts";
import { ruleSetItemSheet } from "../../src/sheets/rule-set-item-sheet";
import { NOTES_TAB, primaryTabs } from "../../src/sheets/tabs";
import { rollAttack, type PoolActor } from "./chat";
import { attackFormula } from "./rules/pool";

const parts = ruleSetParts("dice-pool");
const ACTOR_PARTS = parts.actor("combat");
const WEAPON_PARTS = parts.item("weapon-details");

export const DICE_POOL_SHEET_TEMPLATES = partTemplates(ACTOR_PARTS, WEAPON_PARTS);

const number = (name: string, label: string, value: number) => ({ name, label: `ANTHOLOGY.DicePool.${label}`, value });

/** What the character sheet shows: Might, Guard and HP, and each weapon with the dice it rolls. */
export function dicePoolView(actor: PoolActor) {
  const { might, guard, hp } = actor.system;
  return {
    stats: [
      number("system.might", "might", might),
      number("system.guard", "guard", guard),
      number("system.hp.value", "hp", hp.value),
    ],
    weapons: actor.items.contents
      .filter((i) => i.type === "dice-pool-weapon")
      .map((w) => ({ id: w.id, name: w.name, damage: w.system.damage, formula: attackFormula(might, w.system.bonus) })),
  };
}

/** The Dice Pool character sheet: the shared actor sheet with a combat tab. */
export class DicePoolActorSheet extends AnthologyActorSheet {
  static override DEFAULT_OPTIONS = {
    classes: ["dice-pool"],
    actions: { ...AnthologyActorSheet.ITEM_ACTIONS, poolAttack: rowItemAction(rollAttack) },
  };
  static override PARTS = ACTOR_PARTS;
  static override TABS = primaryTabs(
    { id: "combat", icon: "fa-solid fa-swords", label: "ANTHOLOGY.DicePool.Tabs.combat" },
    NOTES_TAB,
  );

  override async _prepareContext(options: unknown): Promise<Record<string, unknown>> {
    return { ...(await super._prepareContext(options)), pool: dicePoolView(this.document as unknown as PoolActor) };
  }
}

/** The Dice Pool weapon sheet: the shared item sheet with its bonus dice and damage. */
export class DicePoolWeaponSheet extends ruleSetItemSheet("dice-pool", "ANTHOLOGY.DicePool.Tabs.details") {
  static override PARTS = WEAPON_PARTS;
  static override VIEW = (system: Readonly<Record<string, unknown>>) => ({
    pool: {
      fields: [
        number("system.bonus", "bonus", Number(system.bonus)),
        number("system.damage", "damage", Number(system.damage)),
      ],
    },
  });
}
