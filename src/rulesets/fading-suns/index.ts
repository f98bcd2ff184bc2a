import type { RuleSetPlugin } from "../plugin";
import { documentRows } from "../plugin-rows";
import { fadingSuns } from "./rules/definition";
import { FS_DIALOG_TEMPLATE } from "./chat/dialog";
import { FS_CARD_TEMPLATES, fsAttackKind, fsGoalKind, fsResistKind } from "./chat/kinds";
import { fsKnockdownKind } from "./chat/knockdown-kind";
import { fsHoldKind } from "./chat/hold-kind";
import { FadingSunsActorData, FadingSunsArmorData, FadingSunsSkillData, FadingSunsWeaponData } from "./data";
import { onRenderFsTracker } from "./combat/tracker";
import { enterInitiative, keptOutOfRound, onFsCombatDelete, onFsCombatUpdate } from "./combat/turn";
import { registerFsLink } from "./chat/link";
import { fadingSunsBatch } from "./quench";
import { fadingSunsMacros } from "./macros";
import { FADING_SUNS_SETTINGS } from "./settings";
import {
  FadingSunsActorSheet,
  FadingSunsArmorSheet,
  FadingSunsNpcSheet,
  FadingSunsSkillSheet,
  FadingSunsWeaponSheet,
} from "./sheets";
import { FS_SHEET_TEMPLATES } from "./sheets/parts";

/** Fading Suns' Foundry side: its data models, sheets, cards, combat turn (stances, surprise, holds) and settings. */
export const plugin: RuleSetPlugin = {
  id: "fading-suns",
  ...documentRows(fadingSuns, {
    character: [FadingSunsActorData, FadingSunsActorSheet],
    npc: [FadingSunsActorData, FadingSunsNpcSheet],
    weapon: [FadingSunsWeaponData, FadingSunsWeaponSheet],
    armor: [FadingSunsArmorData, FadingSunsArmorSheet],
    skill: [FadingSunsSkillData, FadingSunsSkillSheet],
  }),
  templates: [...FS_SHEET_TEMPLATES, ...Object.values(FS_CARD_TEMPLATES), FS_DIALOG_TEMPLATE],
  cards: [fsGoalKind, fsAttackKind, fsResistKind, fsKnockdownKind, fsHoldKind] as unknown as RuleSetPlugin["cards"],
  settings: FADING_SUNS_SETTINGS,
  init: registerFsLink,
  quench: [{ id: "fading-suns", displayName: "Anthology: Fading Suns at the table", batch: fadingSunsBatch }],
  rounds: { keptOut: keptOutOfRound, beforeRound: enterInitiative },
  macros: fadingSunsMacros,
  hooks: { updateCombat: onFsCombatUpdate, deleteCombat: onFsCombatDelete, renderCombatTracker: onRenderFsTracker },
};
