/**
 * What a migration is: a numbered, Foundry-free object whose steps rewrite one stored document's
 * plain source in place. The runner (runner.ts) hands each step a deep clone and writes the
 * difference back in one update, so a step is a pure function of its input and can be tested from a
 * fixture of the old shape without Foundry.
 */

/** A document's stored data as plain JSON (what `document.toObject()` gives). */
export type DocumentSource = Record<string, unknown>;

/** The documents a migration can rewrite, by Foundry's document name. */
export type MigratedDocument = "Actor" | "Item" | "ChatMessage";

export interface Migration {
  /** The schema version this migration brings a world to: a positive integer, one more than the last. */
  readonly version: number;
  /** A short name for the console and docs ("Card data moves from flags into typed cards"). */
  readonly name: string;
  /**
   * Rewrites an actor's source in place: a world actor, a compendium actor, or the synthetic actor of
   * an unlinked token (its base actor's data with the token's own changes on top). Its `items` and
   * `effects` may be edited but not added to or removed from; the `item` step is the place for items.
   */
  actor?(source: DocumentSource): void;
  /**
   * Rewrites an item's source in place: a world or compendium item (`actor` null) or an item embedded
   * in an actor (`actor` is that actor's source after this migration's `actor` step, read-only:
   * writing to it throws).
   */
  item?(source: DocumentSource, actor: DocumentSource | null): void;
  /** Rewrites a chat message's source in place (card data lives in `flags.anthology.*` or `system`). */
  message?(source: DocumentSource): void;
}

/**
 * The update option every migration write carries (its value: the schema version being written), so
 * Anthology's own `_preUpdate` and update hooks can tell a migration from a player's change.
 */
export const MIGRATION_OPTION = "anthologyMigration";
