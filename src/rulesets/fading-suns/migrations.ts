/**
 * Fading Suns' part of the world migrations (pure: plain stored data in, changed in place).
 * Version 5: Fading Suns actors leave the shared character model (a health track and notes) for
 * Fading Suns' own. A health track someone filled in becomes the Vitality it stood for; the notes stay.
 * An untouched track (0 of 0) leaves the new model's defaults (Endurance + 5, full).
 */
import type { RuleSetMigrationSteps } from "../types";
import { healthBecomes, leaveSharedHealth } from "../../migrations/rule-set-steps";

export const FADING_SUNS_MIGRATIONS: Readonly<Record<number, RuleSetMigrationSteps>> = Object.freeze({
  5: leaveSharedHealth(["fading-suns-character", "fading-suns-npc"], healthBecomes("vitality")),
});
