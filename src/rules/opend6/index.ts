import { CHARACTER, GEAR, NPC } from "../common";
import type { RuleSetDefinition } from "../types";

export const opend6: RuleSetDefinition = {
  id: "opend6",
  i18n: "OpenD6",
  documentTypes: { Actor: [CHARACTER, NPC], Item: [GEAR] },
};
