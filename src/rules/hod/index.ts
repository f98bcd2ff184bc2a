import { CHARACTER, GEAR, NPC } from "../common";
import type { RuleSetDefinition } from "../types";

export const hod: RuleSetDefinition = {
  id: "hod",
  i18n: "HoD",
  documentTypes: { Actor: [CHARACTER, NPC], Item: [GEAR] },
};
