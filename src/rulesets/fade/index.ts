import { activeRuleSet } from "../../settings";
import { templatePath } from "../../sheets/paths";
import type { RuleSetPlugin } from "../plugin";
import { ROLL_DIALOG_TEMPLATE } from "./chat/dialog";
import { FADE_CARD_TEMPLATES, fadeAttackKind, fadeCheckKind, fadeDamageKind, fadeSkillKind } from "./chat/kinds";
import { FADE_BLEED_TEMPLATE, fadeBleedKind } from "./chat/bleed";
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
  dataModels: {
    Actor: { character: FadeActorData, npc: FadeActorData },
    Item: {
      weapon: FadeWeaponData,
      armor: FadeArmorData,
      gear: FadeGearData,
      species: FadeSpeciesData,
      class: FadeClassData,
      feat: FadeFeatData,
    },
  },
  sheets: {
    Actor: {
      character: { sheet: FadeActorSheet, label: "ANTHOLOGY.Fade.Sheet.characterLabel" },
      npc: { sheet: FadeNpcSheet, label: "ANTHOLOGY.Fade.Sheet.npcLabel" },
    },
    Item: {
      weapon: { sheet: FadeWeaponSheet, label: "ANTHOLOGY.Fade.Sheet.weaponLabel" },
      armor: { sheet: FadeArmorSheet, label: "ANTHOLOGY.Fade.Sheet.armorLabel" },
      species: { sheet: FadeTraitSheet, label: "ANTHOLOGY.Fade.Sheet.speciesLabel" },
      class: { sheet: FadeTraitSheet, label: "ANTHOLOGY.Fade.Sheet.classLabel" },
      feat: { sheet: FadeTraitSheet, label: "ANTHOLOGY.Fade.Sheet.featLabel" },
    },
  },
  templates: [
    ...FADE_SHEET_TEMPLATES,
    ...Object.values(FADE_CARD_TEMPLATES),
    FADE_BLEED_TEMPLATE,
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
  init() {
    registerFadeFlows();
    registerDodgeRequests();
    registerOpportunityRequests();
    registerTurnRequests();
  },
  quench: [{ id: "fade", displayName: "Anthology: The Fade at the table", batch: fadeBatch }],
};
