import { fade } from "./fade/rules/definition";
import { fadingSuns } from "./fading-suns/rules/definition";
import { fudge } from "./fudge/rules/definition";
import { hod } from "./hod/rules/definition";
import { opend6 } from "./opend6/rules/definition";

/**
 * The one table of rule sets: one row per rule set, each the pure definition in its folder's
 * `rules/definition.ts`, in the order the Rule set setting offers them. Adding a rule set is a folder
 * and a row here (docs/adding-a-rule-set.md); `./index.ts` reads the table for the rest of the system.
 */
export const RULE_SETS = Object.freeze([fade, fadingSuns, hod, fudge, opend6] as const);
