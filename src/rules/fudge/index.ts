import { CHARACTER, GEAR, NPC } from "../common";
import type { RuleSetDefinition } from "../types";

export const fudge: RuleSetDefinition = {
  id: "fudge",
  i18n: "Fudge",
  documentTypes: { Actor: [CHARACTER, NPC], Item: [GEAR] },
};
