/**
 * Step 2 of docs/adding-a-rule-set.md for a rule set that is never shipped: its row joins the table
 * only in the tests that mock src/rulesets/rows.ts with this (it imports nothing that reads the table).
 */
import type * as Rows from "../../src/rulesets/rows";
import { dicePool } from "./rules/definition";

/** The table with Dice Pool's row last. */
export function withDicePoolRow(shipped: typeof Rows): typeof Rows {
  return { RULE_SETS: Object.freeze([...shipped.RULE_SETS, dicePool]) } as unknown as typeof Rows;
}
