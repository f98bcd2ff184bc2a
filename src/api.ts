import {
  LIMITS,
  NotationError,
  format,
  parse,
  roll,
  scriptedDie,
  seededDie,
  odds,
  type ComplicationRule,
  type DieSource,
  type Odds,
  type RollOutcome,
} from "./dice";
import {
  DEFAULT_RULE_SET,
  RULE_SETS,
  creatableTypes,
  documentType,
  documentTypes,
  getRuleSet,
  isRuleSetId,
  ruleSetOfType,
  rulesById,
} from "./rulesets";
import { TimeCountError, createTimeCount, type TimeCountOptions, type TimeCountState } from "./time-count";
import { VERSION } from "./version";

export type { DieResult, DieSource, RollOutcome, RollPlan } from "./dice";
export type { TimeCount, TimeCountEntry, TimeCountState, TimeCountStep } from "./time-count";
export type { RuleSetDefinition, RuleSetId, TypedDocumentName, DocumentTypeDefinition } from "./rulesets";
export type {
  BodyPart,
  CalledShotArea,
  CalledShotEffect,
  CarryingLimits,
  EncumbranceState,
  EnergyProfile,
  FadeArmor,
  FadeAttackJudgement,
  FadeAttackKind,
  FadeAttackResult,
  FadeBonuses,
  FadeDamageInput,
  FadeDamageResult,
  FadeDamageStep,
  FadeDamageStepId,
  FadeDefenses,
  FadeDerived,
  FadeModifier,
  FadeModifierId,
  FadeNegation,
  FadeRulesApi,
  FadeSource,
  HealthState,
  HitLocationRow,
  KeepPool,
  PoolBonus,
} from "./rulesets/fade/rules";

/**
 * The public surface for macros, modules and Node alike. In Foundry, `game.anthology` holds the same
 * parts and, beside them, `play` (src/play/public-api.ts: what plays at the table, docs/macros.md).
 * Plain Node cannot load this TypeScript file; it imports the build's Foundry-free bundle of it,
 * `dist/api.mjs` (`npm run build`; also in the release zip): `import { api } from "./dist/api.mjs"`.
 * Bundlers and vitest may import this file itself (src/version.ts says what `version` reads there).
 * Nothing here touches Foundry.
 */
export const api = Object.freeze({
  version: VERSION,
  /** Rolls keep dice (`8k4x`), FUDGE (`4dF+2`), die codes (`3D+2`, `+1CP`) and sums (`1d20+5`). */
  roll: (formula: string, options?: { die?: DieSource }): RollOutcome => roll(formula, options),
  /** Exact odds: mean, atLeast(target), table(), critical, truncated, impossible. */
  odds: (formula: string, options?: { complication?: ComplicationRule }): Odds => odds(formula, options),
  dice: Object.freeze({ parse, format, roll, seededDie, scriptedDie, limits: LIMITS, NotationError }),
  /** Heroes of Destiny's ascending Time Count: `create()` gives a scheduler at TC 0. */
  timeCount: Object.freeze({
    create: (state?: TimeCountState, options?: TimeCountOptions) => createTimeCount(state, options),
    TimeCountError,
  }),
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
  /** Each rule set's pure rules, keyed by rule-set id. */
  rules: rulesById(),
});

export type AnthologyApi = typeof api;
