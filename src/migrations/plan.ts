/**
 * The runner's decisions, Foundry-free: which migrations a world still needs from its stored schema
 * version, and what one document's update is once those migrations have run over its source.
 */
import { documentDiff, type EmbeddedWrites } from "./diff";
import type { DocumentSource, MigratedDocument, Migration } from "./migration";

/** The version a list brings a world to: its last migration's, or 0 for an empty list. */
export function latestVersion(migrations: readonly Migration[]): number {
  return migrations.at(-1)?.version ?? 0;
}

/** What is wrong with a migration list (versions positive integers, strictly increasing; names set). */
export function checkMigrationList(migrations: readonly Migration[]): string[] {
  const problems: string[] = [];
  migrations.forEach((m, i) => {
    if (!Number.isInteger(m.version) || m.version < 1)
      problems.push(`#${i}: version ${m.version} is not a positive integer`);
    const previous = migrations[i - 1];
    if (previous && !(m.version > previous.version)) {
      problems.push(`#${i}: version ${m.version} does not come after ${previous.version}`);
    }
    if (!m.name.trim()) problems.push(`#${i}: version ${m.version} has no name`);
    if (!m.actor && !m.item && !m.message) problems.push(`#${i}: version ${m.version} has no step`);
  });
  return problems;
}

/** A stored schema version as a number: anything else (never stored, edited by hand) counts as 0. */
export function storedVersion(value: unknown): number {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : 0;
}

export type MigrationPlan =
  | { readonly kind: "current"; readonly version: number }
  | { readonly kind: "newer"; readonly stored: number; readonly latest: number }
  | { readonly kind: "pending"; readonly from: number; readonly to: number; readonly migrations: readonly Migration[] };

/** What a world at `stored` needs: nothing, a refusal (made by a newer build), or these migrations. */
export function planMigrations(migrations: readonly Migration[], stored: unknown): MigrationPlan {
  const from = storedVersion(stored);
  const latest = latestVersion(migrations);
  if (from > latest) return { kind: "newer", stored: from, latest };
  if (from === latest) return { kind: "current", version: from };
  return { kind: "pending", from, to: latest, migrations: migrations.filter((m) => m.version > from) };
}

export interface MigratedSource {
  /** The source after every migration, in order. */
  readonly source: DocumentSource;
  /** The one update that writes it, or null when nothing changed. */
  readonly update: Record<string, unknown> | null;
}

/**
 * Runs the migrations, in order, over a copy of one document's source: for an actor, each migration's
 * `actor` step and then its `item` step on every embedded item, so a later migration sees what an
 * earlier one wrote. `embedded` says how embedded changes are written (diff.ts).
 */
export function migrateSource(
  migrations: readonly Migration[],
  documentName: MigratedDocument,
  original: DocumentSource,
  embedded: EmbeddedWrites = "byId",
): MigratedSource {
  const source = structuredClone(original);
  for (const migration of migrations) {
    if (documentName === "Actor") {
      migration.actor?.(source);
      if (migration.item && Array.isArray(source.items)) {
        const actor = deepFreeze(structuredClone(source));
        for (const item of source.items as DocumentSource[]) migration.item(item, actor);
      }
    } else if (documentName === "Item") {
      migration.item?.(source, null);
    } else {
      migration.message?.(source);
    }
  }
  return { source, update: documentDiff(original, source, embedded) };
}

/** A read-only copy: a step that writes to the actor it was given for reference fails loudly. */
function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
