import { CHARACTER, GEAR, NPC } from "../../common";
import type { RuleSetDefinition } from "../../types";
import { opend6Api } from "./api";

/** A die code such as `3D`, `2D+1`. */
const DIE_CODE = /^\s*\d{1,2}\s*D\s*([+-]\s*[0-2])?\s*$/i;

export const opend6: RuleSetDefinition<"opend6", typeof opend6Api> = {
  id: "opend6",
  i18n: "OpenD6",
  documentTypes: { Actor: [CHARACTER, NPC], Item: [GEAR] },
  // A Perception roll (with the Wild Die), highest first; without a Perception code, 3D (docs/rules-decisions.md).
  initiative: {
    order: "descending",
    formula: (system) => {
      const code = system.perception;
      return typeof code === "string" && DIE_CODE.test(code) ? code.replace(/\s+/g, "").toUpperCase() : "3D";
    },
  },
  // Its public rules (api.rules.opend6); the Foundry side arrives with its own issue.
  rules: opend6Api,
};
