import { CHARACTER, GEAR, NPC } from "../../common";
import type { DocumentTypeDefinition, RuleSetDefinition } from "../../types";
import { HOD_MIGRATIONS } from "../migrations";
import { hodApi } from "./api";
import { initiativeFormula } from "./initiative";

const WEAPON: DocumentTypeDefinition = { name: "weapon", htmlFields: ["description"] };
const ARMOR: DocumentTypeDefinition = { name: "armor", htmlFields: ["description"] };

export const hod: RuleSetDefinition<"hod", typeof hodApi> = {
  id: "hod",
  i18n: "HoD",
  documentTypes: { Actor: [CHARACTER, NPC], Item: [WEAPON, ARMOR, GEAR] },
  initiative: { order: "time-count", formula: initiativeFormula },
  migrations: HOD_MIGRATIONS,
  rules: hodApi,
};
