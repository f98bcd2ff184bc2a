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

/**
 * A plain number (the order of codes), a die code, or a die code with the optional initiative bonus
 * added to its total (in Foundry's notation, `3dw + 2 + 1`), as the prepared actor gives it.
 */
const PREPARED = /^(?:\d{1,4}D(?:\+[12])?|\d{1,4}dw(?: \+ [12])? \+ \d{1,2}|\d{1,3}(?:\.\d{1,6})?)$/;

/** The initiative formula prepared with the actor's derived data, when it is one this definition rolls. */
function preparedFormula(system: Readonly<Record<string, unknown>>): string | null {
  const derived = system.derived as { initiative?: { formula?: unknown } } | undefined;
  const formula = derived?.initiative?.formula;
  return typeof formula === "string" && PREPARED.test(formula) ? formula : null;
}

export const opend6: RuleSetDefinition<"opend6", typeof opend6Api> = {
  id: "opend6",
  i18n: "OpenD6",
  documentTypes: { Actor: [CHARACTER, NPC], Item: [WEAPON, ARMOR, GEAR] },
  // The prepared actor's formula (the world's method: a Perception roll with the Wild Die, or the order
  // of codes); else a Perception roll; without a Perception code, 3D (docs/rules-decisions.md).
  initiative: {
    order: "descending",
    formula: (system) => {
      const prepared = preparedFormula(system);
      if (prepared) return prepared;
      const code = perceptionOf(system);
      return typeof code === "string" && DIE_CODE.test(code) ? code.replace(/\s+/g, "").toUpperCase() : "3D";
    },
  },
  migrations: OPEND6_MIGRATIONS,
  // Its public rules (api.rules.opend6).
  rules: opend6Api,
};
