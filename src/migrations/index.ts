/**
 * The world's migrations, oldest first: the one list the runner walks and the schema version comes
 * from. To change stored data, add a migration at the end with the next version (docs/migrations.md).
 */
import { ruleSetMigration } from "./by-rule-set";
import type { Migration } from "./migration";
import { latestVersion } from "./plan";

export const MIGRATIONS: readonly Migration[] = [
  ruleSetMigration(1, "Chat cards move to one shape for every rule set (flags.anthology.card)"),
  ruleSetMigration(2, "Heroes of Destiny's chat cards move to the same shape (flags.anthology.card)"),
  ruleSetMigration(3, "FUDGE actors move to FUDGE's own data (a filled-in health track is kept in the notes)"),
  ruleSetMigration(4, "OpenD6 actors move to OpenD6's own data (a filled-in health track becomes Body Points)"),
  ruleSetMigration(5, "Fading Suns actors move to Fading Suns' own data (a filled-in health track becomes Vitality)"),
  ruleSetMigration(
    6,
    "Effects that last some rounds say when in their bearer's turn they end (flags.anthology.expiry)",
  ),
  ruleSetMigration(7, "FUDGE's wound track notes each marked box's true level (system.trueWounds)"),
  ruleSetMigration(
    8,
    "Heroes of Destiny's initiative modifier becomes a bonus: its sign flips, so everyone acts when they did",
  ),
];

/** The schema version this build writes: the last migration's, 0 before the first. */
export const LATEST_SCHEMA_VERSION = latestVersion(MIGRATIONS);

export { MIGRATION_OPTION, type DocumentSource, type MigratedDocument, type Migration } from "./migration";
export { checkMigrationList, latestVersion, migrateSource, planMigrations, type MigrationPlan } from "./plan";
