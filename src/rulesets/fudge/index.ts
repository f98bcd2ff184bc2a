import type { RuleSetPlugin } from "../plugin";
import { documentRows } from "../plugin-rows";
import { fudge } from "./rules/definition";
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
import { fudgeMacros } from "./macros";
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
  ...documentRows(fudge, {
    character: [FudgeActorData, FudgeActorSheet],
    npc: [FudgeActorData, FudgeNpcSheet],
    skill: [FudgeSkillData, FudgeSkillSheet],
    gift: [FudgeTraitData],
    fault: [FudgeTraitData],
    weapon: [FudgeWeaponData, FudgeWeaponSheet],
    armor: [FudgeArmorData, FudgeArmorSheet],
    shield: [FudgeShieldData, FudgeShieldSheet],
  }),
  settings: FUDGE_SETTINGS,
  templates: [...FUDGE_SHEET_TEMPLATES, ...Object.values(FUDGE_CARD_TEMPLATES), FUDGE_DIALOG_TEMPLATE],
  cards: [fudgeCheckKind, fudgeAttackKind, fudgeResponseKind] as unknown as RuleSetPlugin["cards"],
  init() {
    registerLinkRequest();
    registerFudgeFlows();
  },
  quench: [{ id: "fudge", displayName: "Anthology: FUDGE at the table", batch: fudgeBatch }],
  macros: fudgeMacros,
};
