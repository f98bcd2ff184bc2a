import { CHARACTER, GEAR, NPC, numberField, plusBonus } from "../../common";
import type { RuleSetDefinition } from "../../types";
import { fadingSunsApi } from "./api";

export const fadingSuns: RuleSetDefinition<"fading-suns", typeof fadingSunsApi> = {
  id: "fading-suns",
  i18n: "FadingSuns",
  documentTypes: { Actor: [CHARACTER, NPC], Item: [GEAR] },
  // Base Initiative (Dexterity + Wits) + 1d6, highest first.
  initiative: {
    order: "descending",
    formula: (system) => plusBonus("1d6", numberField(system, "dexterity") + numberField(system, "wits")),
  },
  // Its public rules (api.rules["fading-suns"]); the Foundry side arrives with its own issue.
  rules: fadingSunsApi,
};
