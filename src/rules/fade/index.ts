import { CHARACTER, GEAR, NPC, numberField } from "../common";
import type { DocumentTypeDefinition, RuleSetDefinition } from "../types";
import { initiativeFormula } from "./initiative";

const WEAPON: DocumentTypeDefinition = { name: "weapon", htmlFields: ["description"] };
const ARMOR: DocumentTypeDefinition = { name: "armor", htmlFields: ["description"] };

export const fade: RuleSetDefinition = {
  id: "fade",
  i18n: "Fade",
  documentTypes: { Actor: [CHARACTER, NPC], Item: [WEAPON, ARMOR, GEAR] },
  // 1d10 + Agility, highest first; an ambush opens with a surprise round for the ambushers.
  initiative: {
    order: "descending",
    formula: (system) => initiativeFormula(numberField(system, "agility")),
    surpriseRound: true,
  },
};

export * from "./api";
export * from "./apply-damage";
export * from "./attack";
export * from "./attack-plan";
export * from "./body-parts";
export * from "./called-shots";
export * from "./carrying";
export * from "./damage-pool";
export * from "./derive";
export * from "./dodge";
export * from "./energy";
export * from "./energy-text";
export * from "./health";
export * from "./hit-location";
export * from "./initiative";
export * from "./modifiers";
export * from "./pool";
