/** The two document classes that carry rule-set sub-types (template.json may declare no others). */
export type TypedDocumentName = "Actor" | "Item";

/** One document sub-type of a rule set, named without its prefix ("character" becomes "fade-character"). */
export interface DocumentTypeDefinition {
  readonly name: string;
  /** Source fields holding HTML, which the server sanitises (template.json `htmlFields`). */
  readonly htmlFields: readonly string[];
}

/** How a rule set orders combat: Foundry's rounds, highest first, or Heroes of Destiny's Time Count. */
export interface InitiativeDefinition {
  readonly order: "descending" | "time-count";
  /** The initiative roll of a combatant, as a Foundry formula, from its actor's system data. */
  formula(system: Readonly<Record<string, unknown>>, options?: { readonly surprised?: boolean }): string;
  /**
   * Rounds only: the first round is a surprise round when any combatant is marked as an ambusher, and
   * only the ambushers act in it.
   */
  readonly surpriseRound?: boolean;
}

/** A document's stored data as plain JSON (what `document.toObject()` gives). */
type Source = Record<string, unknown>;

/**
 * What one rule set does for one numbered world migration: pure steps over its own documents' stored
 * data, in place (src/migrations runs them; docs/migrations.md). Each step leaves alone what is not
 * the rule set's.
 */
export interface RuleSetMigrationSteps {
  actor?(source: Source): void;
  item?(source: Source, actor: Source | null): void;
  message?(source: Source): void;
}

/** Everything one rule set contributes; each later rule-set issue fills in its own entry. */
export interface RuleSetDefinition<
  Id extends string = string,
  Rules extends Readonly<Record<string, unknown>> | undefined = Readonly<Record<string, unknown>> | undefined,
> {
  /** The prefix of every document type the rule set owns ("fade" owns "fade-character"). */
  readonly id: Id;
  /** Infix of the rule set's i18n keys: `ANTHOLOGY.<i18n>.*`. */
  readonly i18n: string;
  readonly documentTypes: Readonly<Record<TypedDocumentName, readonly DocumentTypeDefinition[]>>;
  readonly initiative: InitiativeDefinition;
  /** Its part of the world migrations, by schema version. */
  readonly migrations?: Readonly<Record<number, RuleSetMigrationSteps>>;
  /** The rule set's public pure functions and data, for macros and modules: `api.rules[id]`. */
  readonly rules: Rules;
}
