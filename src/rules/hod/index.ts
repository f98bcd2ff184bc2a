import { CHARACTER, GEAR, NPC } from "../common";
import type { RuleSetDefinition } from "../types";
import { initiativeFormula } from "./initiative";

export const hod: RuleSetDefinition = {
  id: "hod",
  i18n: "HoD",
  documentTypes: { Actor: [CHARACTER, NPC], Item: [GEAR] },
  initiative: { order: "time-count", formula: initiativeFormula },
};
