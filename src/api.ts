import {
  DEFAULT_RULE_SET,
  RULE_SETS,
  creatableTypes,
  documentType,
  documentTypes,
  getRuleSet,
  isRuleSetId,
  ruleSetOfType,
} from "./rules";

export type { RuleSetDefinition, RuleSetId, TypedDocumentName, DocumentTypeDefinition } from "./rules";

/**
 * The public surface for macros, modules and Node alike. In Foundry the same object is `game.anthology`;
 * in Node, `import { api } from "anthology/src/api"`. Nothing here touches Foundry.
 */
export const api = Object.freeze({
  version: __ANTHOLOGY_VERSION__,
  ruleSets: Object.freeze({
    all: RULE_SETS,
    default: DEFAULT_RULE_SET,
    get: getRuleSet,
    isId: isRuleSetId,
    documentType,
    documentTypes,
    creatableTypes,
    ofType: ruleSetOfType,
  }),
});

export type AnthologyApi = typeof api;
