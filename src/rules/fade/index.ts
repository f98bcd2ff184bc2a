import { CHARACTER, GEAR, NPC, numberField } from "../common";
import type { RuleSetDefinition } from "../types";
import { initiativeFormula } from "./initiative";

export const fade: RuleSetDefinition = {
  id: "fade",
  i18n: "Fade",
  documentTypes: { Actor: [CHARACTER, NPC], Item: [GEAR] },
  // 1d10 + Agility, highest first.
  initiative: { order: "descending", formula: (system) => initiativeFormula(numberField(system, "agility")) },
};

export * from "./api";
export * from "./apply-damage";
export * from "./attack";
export * from "./body-parts";
export * from "./called-shots";
export * from "./carrying";
export * from "./damage-pool";
export * from "./derive";
export * from "./dodge";
export * from "./energy";
export * from "./health";
export * from "./hit-location";
export * from "./initiative";
export * from "./modifiers";
export * from "./pool";
