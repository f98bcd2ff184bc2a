import type { TypedDocumentName } from "../rules";
import { CharacterData } from "./character";
import { GearData } from "./gear";

export type AnyDataModelClass = typeof CharacterData | typeof GearData;

/**
 * Data model per sub-type name, shared by every rule set until its own issue lands. A rule set that
 * needs a different shape adds its fully namespaced type to SPECIFIC instead of editing registration.
 */
const SHARED: Record<TypedDocumentName, Record<string, AnyDataModelClass>> = {
  Actor: { character: CharacterData, npc: CharacterData },
  Item: { gear: GearData },
};

const SPECIFIC: Record<TypedDocumentName, Record<string, AnyDataModelClass>> = {
  Actor: {},
  Item: {},
};

/** The data model for a namespaced type, e.g. ("Actor", "fade", "character"). */
export function dataModelFor(documentName: TypedDocumentName, fullType: string, name: string): AnyDataModelClass {
  const model = SPECIFIC[documentName][fullType] ?? SHARED[documentName][name];
  if (!model) throw new Error(`Anthology: no data model for ${documentName} type "${fullType}"`);
  return model;
}

export { CharacterData, GearData };
