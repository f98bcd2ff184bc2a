import type { RuleSetPlugin } from "../../src/rulesets/plugin";
import { templatePath } from "../../src/sheets/paths";
import { dicePoolAttackKind } from "./chat";
import { DicePoolCharacterData, DicePoolWeaponData } from "./data";
import { DICE_POOL_SHEET_TEMPLATES, DicePoolActorSheet, DicePoolWeaponSheet } from "./sheets";

/** Dice Pool's Foundry side: two data models, two sheets and one card kind, all on the shared parts. */
export const plugin: RuleSetPlugin = {
  id: "dice-pool",
  dataModels: { Actor: { character: DicePoolCharacterData }, Item: { weapon: DicePoolWeaponData } },
  sheets: {
    Actor: { character: { sheet: DicePoolActorSheet, label: "ANTHOLOGY.DicePool.characterLabel" } },
    Item: { weapon: { sheet: DicePoolWeaponSheet, label: "ANTHOLOGY.DicePool.weaponLabel" } },
  },
  templates: [...DICE_POOL_SHEET_TEMPLATES, templatePath("rulesets/dice-pool/attack-card.hbs")],
  cards: [dicePoolAttackKind] as unknown as RuleSetPlugin["cards"],
};
