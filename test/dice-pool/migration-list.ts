/**
 * Step 5 of docs/adding-a-rule-set.md for a rule set that is never shipped: its migration joins the
 * world's list only in the tests that mock src/migrations/index.ts with this.
 */
import type * as Migrations from "../../src/migrations";
import { ruleSetMigration } from "../../src/migrations/by-rule-set";
import { latestVersion } from "../../src/migrations/plan";
import { DICE_POOL_MIGRATION_VERSION } from "./migrations";

/** The world's migrations with Dice Pool's appended, as a rule set that changes stored data does. */
export function withDicePoolMigration(shipped: typeof Migrations): typeof Migrations {
  const MIGRATIONS = [
    ...shipped.MIGRATIONS,
    ruleSetMigration(DICE_POOL_MIGRATION_VERSION, "Dice Pool: a character's pool is its Might"),
  ];
  return { ...shipped, MIGRATIONS, LATEST_SCHEMA_VERSION: latestVersion(MIGRATIONS) };
}
