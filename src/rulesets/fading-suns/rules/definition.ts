import { CHARACTER, GEAR, NPC, numberField, plusBonus } from "../../common";
import type { RuleSetDefinition } from "../../types";

export const fadingSuns: RuleSetDefinition<"fading-suns", undefined> = {
  id: "fading-suns",
  i18n: "FadingSuns",
  documentTypes: { Actor: [CHARACTER, NPC], Item: [GEAR] },
  // Base Initiative (Dexterity + Wits) + 1d6, highest first.
  initiative: {
    order: "descending",
    formula: (system) => plusBonus("1d6", numberField(system, "dexterity") + numberField(system, "wits")),
  },
  // Its public rules arrive with its own issue.
  rules: undefined,
};
