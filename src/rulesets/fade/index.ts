import type { RuleSetPlugin } from "../plugin";
import { onRenderChatMessage } from "./chat/card-actions";
import { ROLL_DIALOG_TEMPLATE } from "./chat/dialog";
import { FADE_CARD_TEMPLATES, registerFadeRequests } from "./chat/flow";
import { onDeleteCombat } from "./chat/luck";
import { FADE_STATUSES } from "./chat/statuses";
import { FadeActorData, FadeArmorData, FadeWeaponData } from "./data";
import { fadeBatch } from "./quench";
import { FadeActorSheet, FadeArmorSheet, FadeNpcSheet, FadeWeaponSheet } from "./sheets";
import { FADE_SHEET_TEMPLATES } from "./sheets/parts";
import { onTargetToken } from "./target-hook";

/** The Fade's Foundry side: its data models, sheets, cards, conditions and Quench batch. */
export const plugin: RuleSetPlugin = {
  id: "fade",
  dataModels: {
    Actor: { character: FadeActorData, npc: FadeActorData },
    Item: { weapon: FadeWeaponData, armor: FadeArmorData },
  },
  sheets: {
    Actor: {
      character: { sheet: FadeActorSheet, label: "ANTHOLOGY.Fade.Sheet.characterLabel" },
      npc: { sheet: FadeNpcSheet, label: "ANTHOLOGY.Fade.Sheet.npcLabel" },
    },
    Item: {
      weapon: { sheet: FadeWeaponSheet, label: "ANTHOLOGY.Fade.Sheet.weaponLabel" },
      armor: { sheet: FadeArmorSheet, label: "ANTHOLOGY.Fade.Sheet.armorLabel" },
    },
  },
  templates: [...FADE_SHEET_TEMPLATES, ...Object.values(FADE_CARD_TEMPLATES), ROLL_DIALOG_TEMPLATE],
  statuses: FADE_STATUSES,
  hooks: {
    targetToken: onTargetToken,
    deleteCombat: onDeleteCombat,
  },
  renderCard: onRenderChatMessage,
  quench: [{ id: "fade", displayName: "Anthology: The Fade at the table", batch: fadeBatch }],
  init: registerFadeRequests,
};
