import type { RuleSetPlugin } from "../plugin";
import { documentRows } from "../plugin-rows";
import { opend6 } from "./rules/definition";
import { OPEND6_DIALOG_TEMPLATE } from "./chat/dialog";
import { OPEND6_CARD_TEMPLATES, opend6AttackKind, opend6CheckKind } from "./chat/kinds";
import { OpenD6ActorData, OpenD6ArmorData, OpenD6WeaponData } from "./data";
import { initiativeTieBreak, onUpdateCombat, rollBeforeRound } from "./combat/initiative";
import { OPEND6_HEAL_TEMPLATE, opend6HealKind } from "./chat/heal-card";
import { OPEND6_INITIATIVE_TEMPLATE, opend6InitiativeKind } from "./chat/initiative-card";
import { OPEND6_INITIATIVE_DIALOG_TEMPLATE, initiativeFormulaOf, onUpdateCombatant } from "./chat/initiative-extras";
import { OPEND6_HEAL_DIALOG_TEMPLATE } from "./chat/heal";
import { registerSpendRequest } from "./chat/spend";
import { registerReceipts } from "./chat/receipts";
import { OPEND6_STATUSES } from "./rules";
import { opend6Batch } from "./quench";
import { opend6Macros } from "./macros";
import { warn } from "../../play/notify";
import { activeRuleSet } from "../../settings";
import { OPEND6_SETTINGS, unreadTableEntries } from "./settings";
import { OpenD6ActorSheet, OpenD6ArmorSheet, OpenD6NpcSheet, OpenD6WeaponSheet } from "./sheets";
import { OPEND6_SHEET_TEMPLATES } from "./sheets/parts";

/**
 * Tells the GM which entries of the Wound-level chart and the tables could not be read (as typed;
 * they count as the defaults): when the world is ready and when the settings window closes.
 */
function warnUnreadTables(): void {
  if (!game.user?.isGM || activeRuleSet() !== "opend6") return;
  const unread = unreadTableEntries();
  if (unread.length) warn("ANTHOLOGY.OpenD6.Errors.unreadTable", { entries: unread.join("; ") }, true);
}

/** OpenD6's Foundry side: its data models, sheets, cards (checks, attacks, healing), world settings and Quench batch. */
export const plugin: RuleSetPlugin = {
  id: "opend6",
  ...documentRows(opend6, {
    character: [OpenD6ActorData, OpenD6ActorSheet],
    npc: [OpenD6ActorData, OpenD6NpcSheet],
    weapon: [OpenD6WeaponData, OpenD6WeaponSheet],
    armor: [OpenD6ArmorData, OpenD6ArmorSheet],
  }),
  templates: [
    ...OPEND6_SHEET_TEMPLATES,
    ...Object.values(OPEND6_CARD_TEMPLATES),
    OPEND6_DIALOG_TEMPLATE,
    OPEND6_HEAL_TEMPLATE,
    OPEND6_HEAL_DIALOG_TEMPLATE,
    OPEND6_INITIATIVE_TEMPLATE,
    OPEND6_INITIATIVE_DIALOG_TEMPLATE,
  ],
  cards: [opend6CheckKind, opend6AttackKind, opend6HealKind, opend6InitiativeKind] as unknown as RuleSetPlugin["cards"],
  settings: OPEND6_SETTINGS,
  statuses: OPEND6_STATUSES,
  hooks: {
    updateCombat: onUpdateCombat,
    updateCombatant: onUpdateCombatant as never,
    ready: warnUnreadTables,
    closeSettingsConfig: warnUnreadTables,
  },
  rounds: {
    beforeRound: rollBeforeRound as never,
    tieBreak: initiativeTieBreak,
    initiativeFormula: initiativeFormulaOf,
  },
  macros: opend6Macros,
  // The GM adds the dice of points spent after a roll to its card.
  init: () => {
    // The GM's receipts for the points spent on each card (a hidden world setting).
    registerReceipts();
    registerSpendRequest([opend6CheckKind, opend6AttackKind] as never);
  },
  quench: [{ id: "opend6", displayName: "Anthology: OpenD6 at the table", batch: opend6Batch }],
};
