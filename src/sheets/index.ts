import { SYSTEM_ID } from "../constants";
import { documentTypes } from "../rules";
import { AnthologyActorSheet } from "./actor-sheet";
import { AnthologyItemSheet } from "./item-sheet";

export { SHEET_TEMPLATES } from "./parts";

type SheetClass = Parameters<typeof foundry.applications.apps.DocumentSheetConfig.registerSheet>[2];

/** Registers the sheets for every type in the rule-set table and retires the core v1 sheets. */
export function registerSheets(): void {
  const { DocumentSheetConfig } = foundry.applications.apps;
  DocumentSheetConfig.unregisterSheet(Actor, "core", foundry.appv1.sheets.ActorSheet);
  DocumentSheetConfig.unregisterSheet(Item, "core", foundry.appv1.sheets.ItemSheet);
  DocumentSheetConfig.registerSheet(Actor, SYSTEM_ID, AnthologyActorSheet as unknown as SheetClass, {
    types: documentTypes("Actor"),
    makeDefault: true,
    label: "ANTHOLOGY.Sheet.actorLabel",
  });
  DocumentSheetConfig.registerSheet(Item, SYSTEM_ID, AnthologyItemSheet as unknown as SheetClass, {
    types: documentTypes("Item"),
    makeDefault: true,
    label: "ANTHOLOGY.Sheet.itemLabel",
  });
}

export { AnthologyActorSheet, AnthologyItemSheet };
