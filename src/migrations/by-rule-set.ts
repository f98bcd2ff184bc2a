import { RULE_SETS } from "../rulesets";
import type { Migration } from "./migration";

/**
 * A numbered migration whose work is each rule set's own: every row of the rule-set table that has
 * steps for this version runs them, in table order. Shared code names no rule set; a rule set that
 * changes its stored data adds its steps to its definition (`migrations[version]`).
 */
export function ruleSetMigration(version: number, name: string): Migration {
  const steps = RULE_SETS.flatMap((r) => (r.migrations?.[version] ? [r.migrations[version]] : []));
  return {
    version,
    name,
    actor: (source) => steps.forEach((s) => s.actor?.(source)),
    item: (source, actor) => steps.forEach((s) => s.item?.(source, actor)),
    message: (source) => steps.forEach((s) => s.message?.(source)),
  };
}
