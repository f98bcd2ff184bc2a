import type { TypedDocumentName } from "../rulesets";
import { creatableTypes } from "../rulesets";
import { activeRuleSet } from "../settings";

/** The dialog options a Create dialog receives, narrowed to the active rule set's sub-types. */
export function restrictToActiveRuleSet<T extends { types?: string[] | undefined }>(
  documentName: TypedDocumentName,
  options: T | undefined,
): T & { types: string[] } {
  const requested = options?.types;
  return { ...(options ?? ({} as T)), types: creatableTypes(documentName, activeRuleSet(), requested) };
}
