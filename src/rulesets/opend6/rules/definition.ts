import { CHARACTER, GEAR, NPC } from "../../common";
import type { DocumentTypeDefinition, RuleSetDefinition } from "../../types";
import { OPEND6_MIGRATIONS } from "../migrations";
import { opend6Api } from "./api";

/** A die code such as `3D`, `2D+1`. */
const DIE_CODE = /^\s*\d{1,2}\s*D\s*([+-]\s*[0-2])?\s*$/i;

const WEAPON: DocumentTypeDefinition = { name: "weapon", htmlFields: ["description"] };
const ARMOR: DocumentTypeDefinition = { name: "armor", htmlFields: ["description"] };

/** The Perception code of an actor's system data (under `attributes`, or at the top for older data). */
function perceptionOf(system: Readonly<Record<string, unknown>>): unknown {
  const attributes = system.attributes;
  const nested =
    attributes && typeof attributes === "object" ? (attributes as Record<string, unknown>).perception : undefined;
  return nested ?? system.perception;
}

export const opend6: RuleSetDefinition<"opend6", typeof opend6Api> = {
  id: "opend6",
  i18n: "OpenD6",
  documentTypes: { Actor: [CHARACTER, NPC], Item: [WEAPON, ARMOR, GEAR] },
  // A Perception roll (with the Wild Die), highest first; without a Perception code, 3D (docs/rules-decisions.md).
  initiative: {
    order: "descending",
    formula: (system) => {
      const code = perceptionOf(system);
      return typeof code === "string" && DIE_CODE.test(code) ? code.replace(/\s+/g, "").toUpperCase() : "3D";
    },
  },
  migrations: OPEND6_MIGRATIONS,
  // Its public rules (api.rules.opend6).
  rules: opend6Api,
};
