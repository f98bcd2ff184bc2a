import type { DataModelClass, SheetEntry } from "./plugin";
import type { RuleSetDefinition, TypedDocumentName } from "./types";

/** One document type of a plug-in: its data model and, when it has one of its own, its sheet. */
export type TypeRow = readonly [model: DataModelClass, sheet?: unknown];

/** The i18n key of a rule set's own sheet for a type, as the Sheet Configuration dialog lists it. */
export function sheetLabelKey(i18n: string, type: string): string {
  return `ANTHOLOGY.${i18n}.Sheet.${type}Label`;
}

/**
 * A plug-in's `dataModels` and `sheets` from one row per type, by its short name ("character": its model
 * and sheet). Whether a type is an Actor or an Item comes from the rule set's row of the table, which
 * must declare it once; each sheet is labelled `ANTHOLOGY.<i18n>.Sheet.<type>Label`.
 */
export function documentRows(
  ruleSet: Pick<RuleSetDefinition, "id" | "i18n" | "documentTypes">,
  rows: Readonly<Record<string, TypeRow>>,
): {
  dataModels: Record<TypedDocumentName, Record<string, DataModelClass>>;
  sheets: Record<TypedDocumentName, Record<string, SheetEntry>>;
} {
  const dataModels: Record<TypedDocumentName, Record<string, DataModelClass>> = { Actor: {}, Item: {} };
  const sheets: Record<TypedDocumentName, Record<string, SheetEntry>> = { Actor: {}, Item: {} };
  for (const [name, [model, sheet]] of Object.entries(rows)) {
    const documents = (Object.keys(ruleSet.documentTypes) as TypedDocumentName[]).filter((d) =>
      ruleSet.documentTypes[d].some((t) => t.name === name),
    );
    if (documents.length !== 1) {
      throw new Error(
        `Anthology: rule set "${ruleSet.id}" must declare the type "${name}" once, as an Actor or an Item`,
      );
    }
    const document = documents[0]!;
    dataModels[document][name] = model;
    if (sheet) sheets[document][name] = { sheet, label: sheetLabelKey(ruleSet.i18n, name) };
  }
  return { dataModels, sheets };
}
