/**
 * OpenD6's part of the world migrations (pure: plain stored data in, changed in place).
 * Version 4: OpenD6 actors leave the shared character model (a health track and notes) for OpenD6's
 * own. A health track someone filled in becomes the Body Points it stood for. Version 6: an active
 * defense's status says it ends as its bearer's turn starts (`flags.anthology.expiry`).
 */
import type { RuleSetMigrationSteps } from "../types";
import { markLastingEffects } from "../common";
import { healthBecomes, leaveSharedHealth } from "../../migrations/rule-set-steps";
import { DEFENSE_LASTS, DEFENSE_STATUS } from "./rules/defense";

export const OPEND6_MIGRATIONS: Readonly<Record<number, RuleSetMigrationSteps>> = Object.freeze({
  4: leaveSharedHealth(["opend6-character", "opend6-npc"], healthBecomes("bodyPoints")),
  6: {
    actor: (source) => markLastingEffects(source, new Set([DEFENSE_STATUS]), DEFENSE_LASTS.until),
  },
});
