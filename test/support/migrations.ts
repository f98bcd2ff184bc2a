/**
 * Testing one migration from fixtures of the old shape (docs/migrations.md): the source it produces,
 * the one update the runner would write, and the check every migration must pass, that running it
 * again on its own output changes nothing.
 */
import { expect } from "vitest";
import type { EmbeddedWrites } from "../../src/migrations/diff";
import { migrateSource, type DocumentSource, type MigratedDocument, type Migration } from "../../src/migrations";

export interface MigratedFixture {
  /** The document's source after the migration. */
  readonly source: DocumentSource;
  /** What the runner writes in its one update call (null: the document is left alone). */
  readonly update: Record<string, unknown> | null;
}

/**
 * Runs `migration` over a copy of `fixture` as the runner would for a document of that kind ("whole"
 * for a token's synthetic actor: its base actor's source with the token's delta on top), and fails
 * the test unless a second run over the result changes nothing.
 */
export function migrateFixture(
  migration: Migration | readonly Migration[],
  documentName: MigratedDocument,
  fixture: DocumentSource,
  embedded: EmbeddedWrites = "byId",
): MigratedFixture {
  const list = Array.isArray(migration) ? (migration as readonly Migration[]) : [migration as Migration];
  const first = migrateSource(list, documentName, fixture, embedded);
  expect(migrateSource(list, documentName, first.source, embedded).update, "a second run changes nothing").toBeNull();
  return first;
}
