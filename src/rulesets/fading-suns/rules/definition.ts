import { CHARACTER, GEAR, NPC, numberField, plusBonus } from "../../common";
import type { DocumentTypeDefinition, RuleSetDefinition } from "../../types";
import { FADING_SUNS_MIGRATIONS } from "../migrations";
import { fadingSunsApi } from "./api";

const WEAPON: DocumentTypeDefinition = { name: "weapon", htmlFields: ["description"] };
const ARMOR: DocumentTypeDefinition = { name: "armor", htmlFields: ["description"] };
const SKILL: DocumentTypeDefinition = { name: "skill", htmlFields: ["description"] };

/** A characteristic from an actor's system data (under `characteristics`, else where numberField looks). */
function characteristic(system: Readonly<Record<string, unknown>>, name: string): number {
  const group = system.characteristics;
  const value = group && typeof group === "object" ? (group as Record<string, unknown>)[name] : undefined;
  return typeof value === "number" && Number.isFinite(value) ? value : numberField(system, name);
}

export const fadingSuns: RuleSetDefinition<"fading-suns", typeof fadingSunsApi> = {
  id: "fading-suns",
  i18n: "FadingSuns",
  documentTypes: { Actor: [CHARACTER, NPC], Item: [WEAPON, ARMOR, SKILL, GEAR] },
  // Base Initiative (Dexterity + Wits) + situation + 1d6, highest first.
  initiative: {
    order: "descending",
    formula: (system) =>
      plusBonus(
        "1d6",
        characteristic(system, "dexterity") + characteristic(system, "wits") + numberField(system, "situation"),
      ),
  },
  migrations: FADING_SUNS_MIGRATIONS,
  // Its public rules (api.rules["fading-suns"]).
  rules: fadingSunsApi,
};
