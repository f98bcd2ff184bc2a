import { CHARACTER, GEAR, NPC } from "../common";
import type { RuleSetDefinition } from "../types";

export const fadingSuns: RuleSetDefinition = {
  id: "fading-suns",
  i18n: "FadingSuns",
  documentTypes: { Actor: [CHARACTER, NPC], Item: [GEAR] },
};
