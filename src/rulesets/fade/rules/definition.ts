import { CHARACTER, GEAR, NPC, numberField } from "../../common";
import type { DocumentTypeDefinition, RuleSetDefinition } from "../../types";
import { FADE_MIGRATIONS } from "../migrations";
import { fadeRules } from "./api";
import { initiativeFormula } from "./initiative";

const WEAPON: DocumentTypeDefinition = { name: "weapon", htmlFields: ["description"] };
const ARMOR: DocumentTypeDefinition = { name: "armor", htmlFields: ["description"] };
// What a character is made of: one species, one class, any number of feats.
const SPECIES: DocumentTypeDefinition = { name: "species", htmlFields: ["description"] };
const CLASS: DocumentTypeDefinition = { name: "class", htmlFields: ["description"] };
const FEAT: DocumentTypeDefinition = { name: "feat", htmlFields: ["description"] };

export const fade: RuleSetDefinition<"fade", typeof fadeRules> = {
  id: "fade",
  i18n: "Fade",
  documentTypes: { Actor: [CHARACTER, NPC], Item: [WEAPON, ARMOR, GEAR, SPECIES, CLASS, FEAT] },
  // 1d10 + Agility, highest first; an ambush opens with a surprise round for the ambushers.
  initiative: {
    order: "descending",
    formula: (system) => initiativeFormula(numberField(system, "agility")),
    surpriseRound: true,
  },
  migrations: FADE_MIGRATIONS,
  rules: fadeRules,
};
