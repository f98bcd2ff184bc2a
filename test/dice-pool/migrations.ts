/**
 * Dice Pool's part of the world migrations (pure): a character's pool, once stored as `system.pool`,
 * is `system.might`. Only its tests append it to the shipped list, under a version far past the
 * shipped ones, so a migration the system ships next never takes its number.
 */
import { isRecord } from "../../src/migrations/rule-set-steps";
import type { RuleSetMigrationSteps } from "../../src/rulesets/types";

export const DICE_POOL_MIGRATION_VERSION = 1000;

export const DICE_POOL_MIGRATIONS: Readonly<Record<number, RuleSetMigrationSteps>> = Object.freeze({
  [DICE_POOL_MIGRATION_VERSION]: {
    actor(source) {
      const system = source.system;
      if (source.type !== "dice-pool-character" || !isRecord(system) || !("pool" in system)) return;
      if (system.might === undefined) system.might = system.pool;
      delete system.pool;
    },
  },
});
