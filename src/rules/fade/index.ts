import { CHARACTER, GEAR, NPC, numberField, plusBonus } from "../common";
import type { RuleSetDefinition } from "../types";

export const fade: RuleSetDefinition = {
  id: "fade",
  i18n: "Fade",
  documentTypes: { Actor: [CHARACTER, NPC], Item: [GEAR] },
  // 1d10 + Agility, highest first.
  initiative: { order: "descending", formula: (system) => plusBonus("1d10", numberField(system, "agility")) },
};
