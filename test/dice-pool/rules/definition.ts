import { CHARACTER, numberField } from "../../../src/rulesets/common";
import type { RuleSetDefinition } from "../../../src/rulesets/types";
import { DICE_POOL_MIGRATIONS } from "../migrations";
import { attackFormula, attackOutcome, hitChance, hpAfter, poolSize, successes } from "./pool";

/** Dice Pool's public rules (`api.rules["dice-pool"]` in the tests that add its row). */
export const dicePoolApi = Object.freeze({ attackFormula, attackOutcome, hitChance, hpAfter, poolSize, successes });

/** The row a test adds to the rule-set table (test/dice-pool/table.ts). */
export const dicePool: RuleSetDefinition<"dice-pool", typeof dicePoolApi> = {
  id: "dice-pool",
  i18n: "DicePool",
  documentTypes: {
    Actor: [CHARACTER],
    Item: [{ name: "weapon", htmlFields: ["description"] }],
  },
  initiative: { order: "descending", formula: (system) => `${poolSize(numberField(system, "might"), 0)}d6` },
  migrations: DICE_POOL_MIGRATIONS,
  rules: dicePoolApi,
};
