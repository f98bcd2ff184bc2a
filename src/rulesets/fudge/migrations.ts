/**
 * FUDGE's part of the world migrations (pure: plain stored data in, changed in place).
 * Version 3: FUDGE actors leave the shared character model (a health track and notes) for FUDGE's own
 * (attributes, the wound track, Scale). The notes stay where they were; a health track someone filled
 * in has no place in FUDGE's model, so it is written into the notes rather than dropped.
 */
import type { RuleSetMigrationSteps } from "../types";
import { leaveSharedHealth } from "../../migrations/rule-set-steps";

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);

export const FUDGE_MIGRATIONS: Readonly<Record<number, RuleSetMigrationSteps>> = Object.freeze({
  3: leaveSharedHealth(["fudge-character", "fudge-npc"], (system, health) => {
    const value = num(health.value);
    const max = num(health.max);
    if (value === 0 && max === 0) return;
    const notes = typeof system.notes === "string" ? system.notes : "";
    system.notes = `${notes}<p>Health before the FUDGE sheet: ${value} / ${max}</p>`;
  }),
});
