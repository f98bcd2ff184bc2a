import { SYSTEM_ID } from "../constants";
import { RULE_SETS, documentType, type TypedDocumentName } from "../rulesets";
import type { SheetEntry } from "../rulesets/plugin";
import { pluginOf } from "../rulesets/registry";
import { AnthologyActorSheet } from "./actor-sheet";
import { AnthologyItemSheet } from "./item-sheet";

export { SHEET_TEMPLATES } from "./parts";

type SheetClass = Parameters<typeof foundry.applications.apps.DocumentSheetConfig.registerSheet>[2];

const SHARED: Record<TypedDocumentName, SheetEntry> = {
  Actor: { sheet: AnthologyActorSheet, label: "ANTHOLOGY.Sheet.actorLabel" },
  Item: { sheet: AnthologyItemSheet, label: "ANTHOLOGY.Sheet.itemLabel" },
};

/** Each type's sheet: its rule set's own when the plug-in brings one, else the shared sheet of its document. */
export function sheetsByType(documentName: TypedDocumentName): Array<{ type: string; entry: SheetEntry }> {
  return RULE_SETS.flatMap((ruleSet) =>
    ruleSet.documentTypes[documentName].map(({ name }) => ({
      type: documentType(ruleSet.id, name),
      entry: pluginOf(ruleSet.id).sheets?.[documentName]?.[name] ?? SHARED[documentName],
    })),
  );
}

/** The types the shared sheet of a document serves: those without a sheet of their own. */
export function sharedSheetTypes(documentName: TypedDocumentName): string[] {
  return sheetsByType(documentName)
    .filter(({ entry }) => entry === SHARED[documentName])
    .map(({ type }) => type);
}

/** Registers the sheets for every type in the rule-set table and retires the core v1 sheets. */
export function registerSheets(): void {
  const { DocumentSheetConfig } = foundry.applications.apps;
  DocumentSheetConfig.unregisterSheet(Actor, "core", foundry.appv1.sheets.ActorSheet);
  DocumentSheetConfig.unregisterSheet(Item, "core", foundry.appv1.sheets.ItemSheet);
  const documents = { Actor, Item } as const;
  for (const documentName of ["Actor", "Item"] as const) {
    const { sheet, label } = SHARED[documentName];
    DocumentSheetConfig.registerSheet(documents[documentName], SYSTEM_ID, sheet as SheetClass, {
      types: sharedSheetTypes(documentName),
      makeDefault: true,
      label,
    });
    for (const { type, entry } of sheetsByType(documentName)) {
      if (entry === SHARED[documentName]) continue;
      DocumentSheetConfig.registerSheet(documents[documentName], SYSTEM_ID, entry.sheet as SheetClass, {
        types: [type],
        makeDefault: true,
        label: entry.label,
      });
    }
  }
}

export { AnthologyActorSheet, AnthologyItemSheet };
