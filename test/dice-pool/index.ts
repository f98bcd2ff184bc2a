import type { RuleSetPlugin } from "../../src/rulesets/plugin";
import { documentRows } from "../../src/rulesets/plugin-rows";
import { dicePoolAttackKind, rollAttack } from "./chat";
import { DicePoolCharacterData, DicePoolWeaponData } from "./data";
import { dicePool } from "./rules/definition";
import { DICE_POOL_SHEET_TEMPLATES, DicePoolActorSheet, DicePoolWeaponSheet } from "./sheets";

/** Dice Pool's Foundry side: two data models, two sheets and one card kind, all on the shared parts. */
export const plugin: RuleSetPlugin = {
  id: "dice-pool",
  ...documentRows(dicePool, {
    character: [DicePoolCharacterData, DicePoolActorSheet],
    weapon: [DicePoolWeaponData, DicePoolWeaponSheet],
  }),
  templates: [...DICE_POOL_SHEET_TEMPLATES, dicePoolAttackKind.template],
  cards: [dicePoolAttackKind] as unknown as RuleSetPlugin["cards"],
  // Its weapon rows on the hotbar: the same attack as the sheet's button.
  macros: {
    icon: "icons/svg/dice-target.svg",
    rolls: {
      attack: {
        item: "required",
        itemTypes: ["weapon"],
        roll: (actor, item) => rollAttack(actor as never, item as never),
      },
    },
    kindOfItem: (item) => (item.type === "dice-pool-weapon" ? "attack" : null),
  },
};
