import { SYSTEM_ID } from "../constants";
import { documentTypes, type TypedDocumentName } from "../rulesets";
import { AnthologyActorSheet } from "./actor-sheet";
import { FadeActorSheet, FadeNpcSheet } from "../rulesets/fade/sheets/actor-sheet";
import { FadeArmorSheet, FadeWeaponSheet } from "../rulesets/fade/sheets/item-sheets";
import { HodActorSheet, HodNpcSheet } from "../rulesets/hod/sheets/actor-sheet";
import { HodArmorSheet, HodWeaponSheet } from "../rulesets/hod/sheets/item-sheets";
import { AnthologyItemSheet } from "./item-sheet";

export { SHEET_TEMPLATES } from "./parts";

type SheetClass = Parameters<typeof foundry.applications.apps.DocumentSheetConfig.registerSheet>[2];

/** A rule set's own sheets, by namespaced type; every other type gets the shared sheet of its document. */
const SPECIFIC: Record<TypedDocumentName, Record<string, { sheet: unknown; label: string }>> = {
  Actor: {
    "fade-character": { sheet: FadeActorSheet, label: "ANTHOLOGY.Fade.Sheet.characterLabel" },
    "fade-npc": { sheet: FadeNpcSheet, label: "ANTHOLOGY.Fade.Sheet.npcLabel" },
    "hod-character": { sheet: HodActorSheet, label: "ANTHOLOGY.HoD.Sheet.characterLabel" },
    "hod-npc": { sheet: HodNpcSheet, label: "ANTHOLOGY.HoD.Sheet.npcLabel" },
  },
  Item: {
    "fade-weapon": { sheet: FadeWeaponSheet, label: "ANTHOLOGY.Fade.Sheet.weaponLabel" },
    "fade-armor": { sheet: FadeArmorSheet, label: "ANTHOLOGY.Fade.Sheet.armorLabel" },
    "hod-weapon": { sheet: HodWeaponSheet, label: "ANTHOLOGY.HoD.Sheet.weaponLabel" },
    "hod-armor": { sheet: HodArmorSheet, label: "ANTHOLOGY.HoD.Sheet.armorLabel" },
  },
};

const SHARED: Record<TypedDocumentName, { sheet: unknown; label: string }> = {
  Actor: { sheet: AnthologyActorSheet, label: "ANTHOLOGY.Sheet.actorLabel" },
  Item: { sheet: AnthologyItemSheet, label: "ANTHOLOGY.Sheet.itemLabel" },
};

/** The types the shared sheet of a document serves: those without a sheet of their own. */
export function sharedSheetTypes(documentName: TypedDocumentName): string[] {
  return documentTypes(documentName).filter((t) => !(t in SPECIFIC[documentName]));
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
    for (const [type, own] of Object.entries(SPECIFIC[documentName])) {
      DocumentSheetConfig.registerSheet(documents[documentName], SYSTEM_ID, own.sheet as SheetClass, {
        types: [type],
        makeDefault: true,
        label: own.label,
      });
    }
  }
}

export {
  AnthologyActorSheet,
  AnthologyItemSheet,
  FadeActorSheet,
  FadeNpcSheet,
  FadeWeaponSheet,
  FadeArmorSheet,
  HodActorSheet,
  HodNpcSheet,
  HodWeaponSheet,
  HodArmorSheet,
};
