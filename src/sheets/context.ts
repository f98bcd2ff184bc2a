import type { TypedDocumentName } from "../rulesets";
import { documentLabels } from "./labels";

interface SheetDocument {
  readonly system: unknown;
  readonly type: string;
  readonly isOwner: boolean;
}

/**
 * What every Anthology sheet shows besides core's context: the system data and its fields, the rich
 * text field enriched for display (secrets only for owners), and the type and rule-set labels.
 */
export async function documentContext(
  document: SheetDocument,
  documentName: TypedDocumentName,
  richTextField: string,
): Promise<Record<string, unknown>> {
  const system = document.system as Record<string, unknown> & { schema: { fields: unknown } };
  const enriched = await foundry.applications.ux.TextEditor.implementation.enrichHTML(
    String(system[richTextField] ?? ""),
    { secrets: document.isOwner, relativeTo: document as never },
  );
  return { system, systemFields: system.schema.fields, enriched, ...documentLabels(documentName, document.type) };
}
