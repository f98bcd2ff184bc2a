import { RULE_SETS } from "./rows";
import type { RuleSetDefinition, TypedDocumentName } from "./types";

/**
 * The one table of rule sets (its rows: `./rows.ts`), and what is read from it. Settings, document types, system.json's
 * documentTypes, template.json and `api.rules` are generated from it, and each row's Foundry side
 * (src/rulesets/<id>/index.ts) is found by src/rulesets/plugins.ts.
 */
export { RULE_SETS };

type Row = (typeof RULE_SETS)[number];

/** A rule set's id: a row of the table. */
export type RuleSetId = Row["id"];

/** Each rule set's public rules, by id: what `api.rules` holds (rule sets without any are absent). */
export type RuleSetRules = {
  readonly [R in Row as R["rules"] extends undefined ? never : R["id"]]: Exclude<R["rules"], undefined>;
};

/** The public rules of every rule set that has them, keyed by id. */
export function rulesById(): RuleSetRules {
  const entries = RULE_SETS.flatMap((r): Array<[string, unknown]> => (r.rules ? [[r.id, r.rules]] : []));
  return Object.freeze(Object.fromEntries(entries)) as RuleSetRules;
}

/** A world that never chose plays the first row. */
export const DEFAULT_RULE_SET: RuleSetId = RULE_SETS[0]!.id;

export const TYPED_DOCUMENTS: readonly TypedDocumentName[] = ["Actor", "Item"];

const byId = new Map<string, RuleSetDefinition>(RULE_SETS.map((r) => [r.id, r]));

export function isRuleSetId(value: unknown): value is RuleSetId {
  return typeof value === "string" && byId.has(value);
}

export function getRuleSet(id: RuleSetId): RuleSetDefinition {
  const ruleSet = byId.get(id);
  if (!ruleSet) throw new Error(`Unknown rule set "${id}"`);
  return ruleSet;
}

/** The stored document type, namespaced by rule set: ("fade", "character") is "fade-character". */
export function documentType(ruleSet: string, name: string): string {
  return `${ruleSet}-${name}`;
}

/** The i18n key Foundry uses for a sub-type's label. */
export function typeLabelKey(documentName: TypedDocumentName, type: string): string {
  return `TYPES.${documentName}.${type}`;
}

/** The i18n key of a rule set's display name. */
export function ruleSetLabelKey(ruleSet: RuleSetDefinition): string {
  return `ANTHOLOGY.${ruleSet.i18n}.name`;
}

/** The document types of one rule set, or of all of them, in table order. */
export function documentTypes(documentName: TypedDocumentName, ruleSet?: RuleSetId): string[] {
  const sets: readonly RuleSetDefinition[] = ruleSet ? [getRuleSet(ruleSet)] : RULE_SETS;
  return sets.flatMap((r) => r.documentTypes[documentName].map((t) => documentType(r.id, t.name)));
}

/** The rule set that owns a document type, or undefined for a type no rule set declares. */
export function ruleSetOfType(documentName: TypedDocumentName, type: string): RuleSetDefinition | undefined {
  return RULE_SETS.find((r) => r.documentTypes[documentName].some((t) => documentType(r.id, t.name) === type));
}

/** Every i18n key the registry itself names, so the language test can tell generated keys from dead ones. */
export function registryI18nKeys(): string[] {
  const keys: string[] = [];
  for (const ruleSet of RULE_SETS) {
    keys.push(ruleSetLabelKey(ruleSet));
    for (const documentName of TYPED_DOCUMENTS) {
      for (const type of documentTypes(documentName, ruleSet.id)) keys.push(typeLabelKey(documentName, type));
    }
  }
  return keys;
}

interface TemplateTypeEntry {
  htmlFields: string[];
}
type TemplateSection = { types: string[] } & Record<string, TemplateTypeEntry | string[]>;

/**
 * The content of template.json: the declared sub-types and their HTML fields. The data shape itself
 * lives in the TypeDataModels, so each entry carries only what the server needs to sanitise.
 */
export function templateJson(): Record<TypedDocumentName, TemplateSection> {
  const out = {} as Record<TypedDocumentName, TemplateSection>;
  for (const documentName of TYPED_DOCUMENTS) {
    const section: TemplateSection = { types: documentTypes(documentName) };
    for (const ruleSet of RULE_SETS) {
      for (const t of ruleSet.documentTypes[documentName]) {
        section[documentType(ruleSet.id, t.name)] = { htmlFields: [...t.htmlFields] };
      }
    }
    out[documentName] = section;
  }
  return out;
}

/** One sub-type as `system.json` declares it: the HTML fields (relative to `system`) the server sanitises. */
export interface ManifestTypeEntry {
  htmlFields: string[];
}

/**
 * `system.json`'s `documentTypes`: every Actor and Item sub-type of every rule set with its HTML fields,
 * the declaration Foundry v13 and v14 both read (v14 warns about template.json and v16 drops it).
 */
export function manifestDocumentTypes(): Record<TypedDocumentName, Record<string, ManifestTypeEntry>> {
  const out = {} as Record<TypedDocumentName, Record<string, ManifestTypeEntry>>;
  for (const documentName of TYPED_DOCUMENTS) {
    out[documentName] = {};
    for (const ruleSet of RULE_SETS) {
      for (const t of ruleSet.documentTypes[documentName]) {
        out[documentName][documentType(ruleSet.id, t.name)] = { htmlFields: [...t.htmlFields] };
      }
    }
  }
  return out;
}

/**
 * The sub-types the Create dialog offers: those of the active rule set, narrowed further by a caller's
 * own restriction. Documents of other rule sets stay valid and editable; they are only not offered.
 */
export function creatableTypes(
  documentName: TypedDocumentName,
  active: RuleSetId,
  requested?: readonly string[],
): string[] {
  const own = documentTypes(documentName, active);
  if (!requested) return own;
  const narrowed = own.filter((t) => requested.includes(t));
  return narrowed.length > 0 ? narrowed : own;
}
export type * from "./types";
