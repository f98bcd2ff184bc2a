import { CHARACTER, GEAR, NPC } from "../common";
import type { RuleSetDefinition } from "../types";

export const fade: RuleSetDefinition = {
  id: "fade",
  i18n: "Fade",
  documentTypes: { Actor: [CHARACTER, NPC], Item: [GEAR] },
};
