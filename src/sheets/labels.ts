import { ruleSetLabelKey, ruleSetOfType, typeLabelKey, type TypedDocumentName } from "../rulesets";

/** The i18n keys a sheet header shows: the document's type and the rule set it belongs to. */
export function documentLabels(
  documentName: TypedDocumentName,
  type: string,
): { typeLabel: string; ruleSetLabel: string } {
  const ruleSet = ruleSetOfType(documentName, type);
  return {
    typeLabel: typeLabelKey(documentName, type),
    ruleSetLabel: ruleSet ? ruleSetLabelKey(ruleSet) : "ANTHOLOGY.Sheet.unknownRuleSet",
  };
}
