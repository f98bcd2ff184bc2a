import type { TypedDocumentName } from "../rulesets";
import { pluginOf } from "../rulesets/registry";
import type { DataModelClass } from "../rulesets/plugin";
import { CharacterData } from "./character";
import { GearData } from "./gear";

/** Data model per sub-type name for rule sets whose plug-in brings no model of its own for a type. */
const SHARED: Record<TypedDocumentName, Record<string, DataModelClass>> = {
  Actor: { character: CharacterData, npc: CharacterData },
  Item: { gear: GearData },
};

/** The data model of a rule set's type, e.g. ("Actor", "fade", "character"): the plug-in's own, or the shared one. */
export function dataModelFor(documentName: TypedDocumentName, ruleSet: string, name: string): DataModelClass {
  const model = pluginOf(ruleSet).dataModels?.[documentName]?.[name] ?? SHARED[documentName][name];
  if (!model) throw new Error(`Anthology: no data model for ${documentName} type "${ruleSet}-${name}"`);
  return model;
}

/** The token bar and value attributes of an actor model (the shared health track unless it says otherwise). */
export function trackableOf(model: DataModelClass): { bar: string[]; value: string[] } {
  const own = (model as { TRACKABLE?: { bar: string[]; value: string[] } }).TRACKABLE;
  return own ? { bar: [...own.bar], value: [...own.value] } : { bar: ["health"], value: [] };
}

export { CharacterData, GearData };
