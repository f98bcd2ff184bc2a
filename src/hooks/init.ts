import { api } from "../api";
import { SYSTEM_ID } from "../constants";
import { exposeApi } from "../expose";
import { play } from "../play/public-api";
import { ODDS_TEMPLATE } from "./chat-commands";
import { dataModelFor, trackableOf } from "../data";
import { AnthologyActor } from "../documents/actor";
import { AnthologyItem } from "../documents/item";
import { AnthologyActiveEffect } from "../documents/active-effect";
import { RULE_SETS, TYPED_DOCUMENTS, documentType, typeLabelKey } from "../rulesets";
import { allPlugins, pluginOf } from "../rulesets/plugins";
import { AnthologyRoll, setComplicationRule } from "../dice/anthology-roll";
import { registerDice } from "../dice/register";
import { activeRuleSet, complicationSetting, registerSettings } from "../settings";
import { SHEET_TEMPLATES, registerSheets } from "../sheets";
import { COMBAT_TEMPLATES, registerCombat } from "../combat/register";
import { PLAY_TEMPLATES } from "../play/templates";
import { registerCardRequests } from "../play/cards";
import { configureEffects, registerStatus } from "../foundry";

/** Everything Foundry must know before the world loads, generated from the rule-set table and its plug-ins. */
export function onInit(): void {
  exposeApi(api, play);
  registerSettings();
  registerDocuments();
  registerSheets();
  registerDice();
  registerCombat();
  registerCardRequests();
  for (const plugin of allPlugins()) plugin.init?.();
  registerStatuses();
  configureEffects();
  setComplicationRule(complicationSetting);
  const templates = new Set([
    ...SHEET_TEMPLATES,
    AnthologyRoll.ANTHOLOGY_TEMPLATE,
    ODDS_TEMPLATE,
    ...COMBAT_TEMPLATES,
    ...PLAY_TEMPLATES,
    ...allPlugins().flatMap((p) => p.templates ?? []),
  ]);
  void foundry.applications.handlebars.loadTemplates([...templates]);
  console.info(`${SYSTEM_ID} | ${api.version} | rule set: ${activeRuleSet()}`);
}

function registerDocuments(): void {
  const config = { Actor: CONFIG.Actor, Item: CONFIG.Item } as unknown as Record<
    "Actor" | "Item",
    {
      documentClass: unknown;
      dataModels: Record<string, unknown>;
      typeLabels: Record<string, string>;
      trackableAttributes?: Record<string, { bar: string[]; value: string[] }>;
    }
  >;
  config.Actor.documentClass = AnthologyActor;
  config.Item.documentClass = AnthologyItem;
  // An item's effect is suppressed while the item is stowed (not equipped).
  (CONFIG.ActiveEffect as unknown as { documentClass: unknown }).documentClass = AnthologyActiveEffect;
  config.Actor.trackableAttributes ??= {};
  for (const ruleSet of RULE_SETS) {
    for (const documentName of TYPED_DOCUMENTS) {
      for (const { name } of ruleSet.documentTypes[documentName]) {
        const type = documentType(ruleSet.id, name);
        const model = dataModelFor(documentName, ruleSet.id, name);
        config[documentName].dataModels[type] = model;
        config[documentName].typeLabels[type] = typeLabelKey(documentName, type);
        if (documentName === "Actor") config.Actor.trackableAttributes[type] = trackableOf(model);
      }
    }
  }
}

/** The world's rule set's conditions join Foundry's status effects (token HUD, Active Effects), once. */
function registerStatuses(): void {
  for (const status of pluginOf(activeRuleSet()).statuses ?? []) registerStatus(status);
}
