import { activeRuleSet } from "../../settings";
import { templatePath } from "../../sheets/paths";
import type { RuleSetPlugin } from "../plugin";
import { documentRows } from "../plugin-rows";
import { fade } from "./rules/definition";
import { ROLL_DIALOG_TEMPLATE } from "./chat/dialog";
import { FADE_CARD_TEMPLATES, fadeAttackKind, fadeCheckKind, fadeDamageKind, fadeSkillKind } from "./chat/kinds";
import { FADE_BLEED_TEMPLATE, fadeBleedKind } from "./chat/bleed";
import { FADE_HEAL_DIALOG, FADE_HEAL_TEMPLATE, fadeHealKind } from "./chat/heal";
import { registerDodgeRequests } from "./chat/dodge";
import { onFadeCombatTurn } from "./chat/expiry";
import { registerFadeFlows } from "./chat/flow";
import { onDeleteCombat } from "./chat/luck";
import {
  FadeActorData,
  FadeArmorData,
  FadeClassData,
  FadeFeatData,
  FadeGearData,
  FadeSpeciesData,
  FadeWeaponData,
} from "./data";
import { checkDiagonals, fadeProvokeKind, onMoveToken, registerOpportunityRequests } from "./chat/provoke";
import { FADE_STATUSES } from "./rules";
import { fadeBatch } from "./quench";
import { fadeMacros } from "./macros";
import { FadeActorSheet, FadeArmorSheet, FadeNpcSheet, FadeTraitSheet, FadeWeaponSheet } from "./sheets";
import { FADE_SHEET_TEMPLATES } from "./sheets/parts";
import { onTargetToken } from "./target-hook";
import { refreshTurnSheets } from "./chat/movement";
import { fadeRounds } from "./chat/tracker";
import { lapseHolds, registerTurnRequests } from "./chat/turn";

const fadeWorld = () => activeRuleSet() === "fade";

/** The Fade's Foundry side: its data models, sheets, cards, conditions and Quench batch. */
export const plugin: RuleSetPlugin = {
  id: "fade",
  ...documentRows(fade, {
    character: [FadeActorData, FadeActorSheet],
    npc: [FadeActorData, FadeNpcSheet],
    weapon: [FadeWeaponData, FadeWeaponSheet],
    armor: [FadeArmorData, FadeArmorSheet],
    gear: [FadeGearData],
    species: [FadeSpeciesData, FadeTraitSheet],
    class: [FadeClassData, FadeTraitSheet],
    feat: [FadeFeatData, FadeTraitSheet],
  }),
  templates: [
    ...FADE_SHEET_TEMPLATES,
    ...Object.values(FADE_CARD_TEMPLATES),
    FADE_BLEED_TEMPLATE,
    FADE_HEAL_TEMPLATE,
    FADE_HEAL_DIALOG,
    templatePath("rulesets/fade/applied.hbs"),
    ROLL_DIALOG_TEMPLATE,
    fadeProvokeKind.template,
  ],
  cards: [
    fadeAttackKind,
    fadeDamageKind,
    fadeCheckKind,
    fadeSkillKind,
    fadeBleedKind,
    fadeHealKind,
    fadeProvokeKind,
  ] as unknown as RuleSetPlugin["cards"],
  statuses: FADE_STATUSES,
  hooks: {
    targetToken: onTargetToken,
    deleteCombat: onDeleteCombat,
    // Every rule set's hooks run in every world: The Fade's combat work only in a Fade world.
    updateCombat: (combat: never, changed: never) =>
      fadeWorld() && (refreshTurnSheets(combat), void lapseHolds(combat, changed), onFadeCombatTurn(combat, changed)),
    updateCombatant: (combatant: never) => fadeWorld() && refreshTurnSheets(combatant),
    moveToken: onMoveToken,
    ready: checkDiagonals,
  },
  rounds: fadeRounds,
  macros: fadeMacros,
  init() {
    registerFadeFlows();
    registerDodgeRequests();
    registerOpportunityRequests();
    registerTurnRequests();
  },
  quench: [{ id: "fade", displayName: "Anthology: The Fade at the table", batch: fadeBatch }],
};
