import type { RuleSetPlugin } from "../plugin";
import { documentRows } from "../plugin-rows";
import { hod } from "./rules/definition";
import { HOD_ACT_DIALOG_TEMPLATE, hodTimeCount } from "./combat/time-count-actions";
import { HOD_DIALOG_TEMPLATE } from "./chat/dialog";
import { registerHodFlows } from "./chat/flow";
import {
  HOD_CARD_TEMPLATES,
  HOD_HEAL_TEMPLATE,
  HOD_POISON_TEMPLATE,
  HOD_ROW_TEMPLATES,
  HOD_SPELL_TEMPLATE,
  hodAttackKind,
  hodCheckKind,
  hodDamageKind,
  hodHealKind,
  hodPoisonKind,
  hodRestKind,
  hodSpecialKind,
  hodSpellKind,
  hodStanceKind,
} from "./chat/kinds";
import { HodActorData, HodArmorData, HodWeaponData } from "./data";
import { hodBatch } from "./quench/play";
import { hodMacros } from "./macros";
import { hodEffectLasting } from "./sheets/effect-lasting";
import { hodMagicBatch } from "./quench/magic";
import { hodSheetsBatch } from "./quench/sheets";
import { timeCountBatch } from "./quench/time-count";
import { HodActorSheet, HodArmorSheet, HodNpcSheet, HodWeaponSheet } from "./sheets";
import { HOD_SHEET_TEMPLATES } from "./sheets/parts";
import { HOD_SPELL_DIALOG_TEMPLATE } from "./chat/spell";
import { HOD_HEAL_DIALOG_TEMPLATE } from "./chat/heal";
import { HOD_POISON_DIALOG_TEMPLATE } from "./chat/poison";
import { onHodAdvance, onHodCombatEnd } from "./chat/expiry";
import { IMPAIRMENTS, NPC_SPEED, SIMULTANEOUS } from "./settings";
import { onHodEffectCreated, onTimeCountAct } from "./chat/effects";
import { onProneAct, onProneUndo } from "./chat/stance";
import { HOD_STATUSES } from "./rules/effects";
import { FATIGUED_STATUS_EFFECT, HOD_RUN_TEMPLATE, hodRunKind } from "./chat/kinds/run";
import { HOD_RUN_DIALOG_TEMPLATE, onRunAct } from "./chat/run";
import { onHodMoveToken } from "./chat/spaces";
import { STAPLED_STATUS_EFFECT } from "./rules/immobile";

/** Heroes of Destiny's Foundry side: its data models, sheets, cards, Time Count actions and Quench batches. */
export const plugin: RuleSetPlugin = {
  id: "hod",
  ...documentRows(hod, {
    character: [HodActorData, HodActorSheet],
    npc: [HodActorData, HodNpcSheet],
    weapon: [HodWeaponData, HodWeaponSheet],
    armor: [HodArmorData, HodArmorSheet],
  }),
  settings: [NPC_SPEED, IMPAIRMENTS, SIMULTANEOUS],
  templates: [
    ...HOD_SHEET_TEMPLATES,
    ...Object.values(HOD_CARD_TEMPLATES),
    ...HOD_ROW_TEMPLATES,
    HOD_DIALOG_TEMPLATE,
    HOD_ACT_DIALOG_TEMPLATE,
    HOD_SPELL_TEMPLATE,
    HOD_SPELL_DIALOG_TEMPLATE,
    HOD_HEAL_TEMPLATE,
    HOD_HEAL_DIALOG_TEMPLATE,
    HOD_POISON_TEMPLATE,
    HOD_POISON_DIALOG_TEMPLATE,
    HOD_RUN_TEMPLATE,
    HOD_RUN_DIALOG_TEMPLATE,
  ],
  hooks: {
    "anthology.timeCountAdvance": onHodAdvance,
    "anthology.timeCountAct": async (combat: never, step: never) => {
      await onTimeCountAct(combat, step);
      await onProneAct(combat, step);
      await onRunAct(combat, step);
    },
    updateCombatant: onProneUndo,
    moveToken: onHodMoveToken,
    createActiveEffect: onHodEffectCreated,
    deleteCombat: onHodCombatEnd,
  },
  statuses: [...HOD_STATUSES, STAPLED_STATUS_EFFECT, FATIGUED_STATUS_EFFECT],
  effectLasting: hodEffectLasting,
  cards: [
    hodAttackKind,
    hodDamageKind,
    hodCheckKind,
    hodSpecialKind,
    hodStanceKind,
    hodRestKind,
    hodSpellKind,
    hodHealKind,
    hodPoisonKind,
    hodRunKind,
  ] as unknown as RuleSetPlugin["cards"],
  timeCount: hodTimeCount,
  macros: hodMacros,
  init: registerHodFlows,
  quench: [
    {
      id: "timeCount",
      displayName: "Anthology: Time Count (Heroes of Destiny worlds)",
      batch: timeCountBatch,
    },
    { id: "hodSheets", displayName: "Anthology: Heroes of Destiny actors and sheets", batch: hodSheetsBatch },
    { id: "hod", displayName: "Anthology: Heroes of Destiny at the table", batch: hodBatch },
    { id: "hodMagic", displayName: "Anthology: Heroes of Destiny spells, healing and effects", batch: hodMagicBatch },
  ],
};
