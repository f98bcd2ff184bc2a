import { CHARACTER, GEAR, NPC, numberField, plusBonus } from "../../common";
import type { RuleSetDefinition } from "../../types";
import { fudgeApi } from "./api";

export const fudge: RuleSetDefinition<"fudge", typeof fudgeApi> = {
  id: "fudge",
  i18n: "Fudge",
  documentTypes: { Actor: [CHARACTER, NPC], Item: [GEAR] },
  // The text is silent: 4dF + Dexterity's ladder value, highest first (docs/rules-decisions.md).
  initiative: { order: "descending", formula: (system) => plusBonus("4dF", numberField(system, "dexterity")) },
  // Its public rules (api.rules.fudge); the Foundry side arrives with its own issue.
  rules: fudgeApi,
};
