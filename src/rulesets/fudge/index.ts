import type { RuleSetPlugin } from "../plugin";
import { FUDGE_DIALOG_TEMPLATE } from "./chat/dialog";
import { registerFudgeFlows, registerLinkRequest } from "./chat/flow";
import { FUDGE_CARD_TEMPLATES, fudgeAttackKind, fudgeCheckKind, fudgeResponseKind } from "./chat/kinds";
import {
  FudgeActorData,
  FudgeArmorData,
  FudgeShieldData,
  FudgeSkillData,
  FudgeTraitData,
  FudgeWeaponData,
} from "./data";
import { fudgeBatch } from "./quench";
import { FUDGE_SETTINGS } from "./settings";
import {
  FUDGE_SHEET_TEMPLATES,
  FudgeActorSheet,
  FudgeArmorSheet,
  FudgeNpcSheet,
  FudgeShieldSheet,
  FudgeSkillSheet,
  FudgeWeaponSheet,
} from "./sheets";

/** FUDGE's Foundry side: its data models, sheets, cards (checks, attacks, answers) and Quench batch. */
export const plugin: RuleSetPlugin = {
  id: "fudge",
  dataModels: {
    Actor: { character: FudgeActorData, npc: FudgeActorData },
    Item: {
      skill: FudgeSkillData,
      gift: FudgeTraitData,
      fault: FudgeTraitData,
      weapon: FudgeWeaponData,
      armor: FudgeArmorData,
      shield: FudgeShieldData,
    },
  },
  sheets: {
    Actor: {
      character: { sheet: FudgeActorSheet, label: "ANTHOLOGY.Fudge.Sheet.characterLabel" },
      npc: { sheet: FudgeNpcSheet, label: "ANTHOLOGY.Fudge.Sheet.npcLabel" },
    },
    Item: {
      skill: { sheet: FudgeSkillSheet, label: "ANTHOLOGY.Fudge.Sheet.skillLabel" },
      weapon: { sheet: FudgeWeaponSheet, label: "ANTHOLOGY.Fudge.Sheet.weaponLabel" },
      armor: { sheet: FudgeArmorSheet, label: "ANTHOLOGY.Fudge.Sheet.armorLabel" },
      shield: { sheet: FudgeShieldSheet, label: "ANTHOLOGY.Fudge.Sheet.shieldLabel" },
    },
  },
  settings: FUDGE_SETTINGS,
  templates: [...FUDGE_SHEET_TEMPLATES, ...Object.values(FUDGE_CARD_TEMPLATES), FUDGE_DIALOG_TEMPLATE],
  cards: [fudgeCheckKind, fudgeAttackKind, fudgeResponseKind] as unknown as RuleSetPlugin["cards"],
  init() {
    registerLinkRequest();
    registerFudgeFlows();
  },
  quench: [{ id: "fudge", displayName: "Anthology: FUDGE at the table", batch: fudgeBatch }],
};
