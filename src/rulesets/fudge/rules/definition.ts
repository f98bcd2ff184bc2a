import { CHARACTER, GEAR, NPC, numberField, plusBonus } from "../../common";
import type { DocumentTypeDefinition, RuleSetDefinition } from "../../types";
import { FUDGE_MIGRATIONS } from "../migrations";
import { fudgeApi } from "./api";

const item = (name: string): DocumentTypeDefinition => ({ name, htmlFields: ["description"] });

export const fudge: RuleSetDefinition<"fudge", typeof fudgeApi> = {
  id: "fudge",
  i18n: "Fudge",
  documentTypes: {
    Actor: [CHARACTER, NPC],
    Item: [item("skill"), item("gift"), item("fault"), item("weapon"), item("armor"), item("shield"), GEAR],
  },
  // The text is silent: 4dF + Dexterity's ladder value, highest first (docs/rules-decisions.md).
  initiative: { order: "descending", formula: (system) => plusBonus("4dF", numberField(system, "dexterity")) },
  migrations: FUDGE_MIGRATIONS,
  rules: fudgeApi,
};
