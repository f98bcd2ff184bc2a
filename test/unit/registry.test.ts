import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_RULE_SET,
  RULE_SETS,
  creatableTypes,
  documentType,
  documentTypes,
  getRuleSet,
  isRuleSetId,
  ruleSetOfType,
  templateJson,
  manifestDocumentTypes,
} from "../../src/rulesets";
import { api } from "../../src/api";

describe("rule-set registry", () => {
  it("lists the five rule sets by id, in the order the setting offers them", () => {
    expect(RULE_SETS.map((r) => r.id)).toEqual(["fade", "fading-suns", "hod", "fudge", "opend6"]);
    expect(isRuleSetId(DEFAULT_RULE_SET)).toBe(true);
  });

  it("namespaces every document type by its rule set", () => {
    expect(documentType("fade", "character")).toBe("fade-character");
    expect(documentTypes("Actor", "hod")).toEqual(["hod-character", "hod-npc"]);
    for (const documentName of ["Actor", "Item"] as const) {
      for (const ruleSet of RULE_SETS) {
        for (const type of documentTypes(documentName, ruleSet.id)) {
          expect(type.startsWith(`${ruleSet.id}-`)).toBe(true);
          expect(ruleSetOfType(documentName, type)?.id).toBe(ruleSet.id);
        }
      }
    }
  });

  it("never lets two rule sets claim the same type", () => {
    for (const documentName of ["Actor", "Item"] as const) {
      const all = documentTypes(documentName);
      expect(new Set(all).size).toBe(all.length);
    }
  });

  it("tells a type no rule set owns", () => {
    expect(ruleSetOfType("Actor", "character")).toBeUndefined();
    expect(ruleSetOfType("Item", "fade-character")).toBeUndefined();
    expect(isRuleSetId("dnd5e")).toBe(false);
    expect(isRuleSetId(undefined)).toBe(false);
    expect(() => getRuleSet("nope" as never)).toThrow(/Unknown rule set "nope"/);
  });

  it("offers the Create dialog only the active rule set's types, narrowed by a caller's request", () => {
    expect(creatableTypes("Actor", "fading-suns")).toEqual(["fading-suns-character", "fading-suns-npc"]);
    expect(creatableTypes("Actor", "fudge", ["fudge-npc", "fade-npc"])).toEqual(["fudge-npc"]);
    // A request naming only another rule set's types falls back to the active rule set's own.
    expect(creatableTypes("Item", "fading-suns", ["fade-gear"])).toEqual([
      "fading-suns-weapon",
      "fading-suns-armor",
      "fading-suns-skill",
      "fading-suns-gear",
    ]);
  });

  it("generates system.json's documentTypes with each type's HTML fields, and the committed manifest matches it", () => {
    const generated = manifestDocumentTypes();
    expect(Object.keys(generated.Actor)).toEqual(documentTypes("Actor"));
    expect(Object.keys(generated.Item)).toEqual(documentTypes("Item"));
    expect(generated.Item["fade-gear"]).toEqual({ htmlFields: ["description"] });
    expect(generated.Actor["hod-character"]).toEqual({ htmlFields: ["notes"] });
    const manifest = JSON.parse(readFileSync(new URL("../../system.json", import.meta.url), "utf8"));
    expect(manifest.documentTypes).toEqual(generated);
  });

  it("generates template.json, and the committed file matches it", () => {
    const generated = templateJson();
    expect(generated.Actor.types).toEqual(documentTypes("Actor"));
    expect(generated.Item["fade-gear"]).toEqual({ htmlFields: ["description"] });
    const committed = JSON.parse(readFileSync(new URL("../../template.json", import.meta.url), "utf8"));
    expect(committed).toEqual(generated);
  });

  it("exposes the registry through the public API", () => {
    expect(api.ruleSets.all).toBe(RULE_SETS);
    expect(api.ruleSets.documentTypes("Item", "fade")).toEqual([
      "fade-weapon",
      "fade-armor",
      "fade-gear",
      "fade-species",
      "fade-class",
      "fade-feat",
    ]);
    expect(api.version).toBe(JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")).version);
    expect(Object.isFrozen(api)).toBe(true);
  });
});
