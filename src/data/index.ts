import type { TypedDocumentName } from "../rulesets";
import { CharacterData } from "./character";
import { FadeActorData, FadeArmorData, FadeWeaponData } from "../rulesets/fade/data";
import { GearData } from "./gear";
import { HodActorData, HodArmorData, HodWeaponData } from "../rulesets/hod/data";

export type AnyDataModelClass =
  | typeof CharacterData
  | typeof GearData
  | typeof FadeActorData
  | typeof FadeWeaponData
  | typeof FadeArmorData
  | typeof HodActorData
  | typeof HodWeaponData
  | typeof HodArmorData;

/**
 * Data model per sub-type name, shared by every rule set until its own issue lands. A rule set that
 * needs a different shape adds its fully namespaced type to SPECIFIC instead of editing registration.
 */
const SHARED: Record<TypedDocumentName, Record<string, AnyDataModelClass>> = {
  Actor: { character: CharacterData, npc: CharacterData },
  Item: { gear: GearData },
};

const SPECIFIC: Record<TypedDocumentName, Record<string, AnyDataModelClass>> = {
  Actor: {
    "fade-character": FadeActorData,
    "fade-npc": FadeActorData,
    "hod-character": HodActorData,
    "hod-npc": HodActorData,
  },
  Item: {
    "fade-weapon": FadeWeaponData,
    "fade-armor": FadeArmorData,
    "hod-weapon": HodWeaponData,
    "hod-armor": HodArmorData,
  },
};

/** The data model for a namespaced type, e.g. ("Actor", "fade", "character"). */
export function dataModelFor(documentName: TypedDocumentName, fullType: string, name: string): AnyDataModelClass {
  const model = SPECIFIC[documentName][fullType] ?? SHARED[documentName][name];
  if (!model) throw new Error(`Anthology: no data model for ${documentName} type "${fullType}"`);
  return model;
}

/** The token bar and value attributes of an actor model (the shared health track unless it says otherwise). */
export function trackableOf(model: AnyDataModelClass): { bar: string[]; value: string[] } {
  const own = (model as { TRACKABLE?: { bar: string[]; value: string[] } }).TRACKABLE;
  return own ? { bar: [...own.bar], value: [...own.value] } : { bar: ["health"], value: [] };
}

export {
  CharacterData,
  GearData,
  FadeActorData,
  FadeWeaponData,
  FadeArmorData,
  HodActorData,
  HodWeaponData,
  HodArmorData,
};
