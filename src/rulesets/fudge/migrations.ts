/**
 * FUDGE's part of the world migrations (pure: plain stored data in, changed in place).
 * Version 3: FUDGE actors leave the shared character model (a health track and notes) for FUDGE's own
 * (attributes, the wound track, Scale). The notes stay where they were; a health track someone filled
 * in has no place in FUDGE's model, so it is written into the notes rather than dropped.
 * Version 7: the wound track notes each marked box's true level (`system.trueWounds`, "light,light"
 * per box level). An old track kept no note, so each marked box is noted at its own level, as the old
 * track read it; a box level that already has a note keeps it.
 */
import type { RuleSetMigrationSteps } from "../types";
import { isRecord, leaveSharedHealth } from "../../migrations/rule-set-steps";
import { WOUNDS, WOUND_BOXES } from "./rules/combat";
import { trueNote } from "./rules/play";

const FUDGE_ACTORS = new Set(["fudge-character", "fudge-npc"]);

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);

export const FUDGE_MIGRATIONS: Readonly<Record<number, RuleSetMigrationSteps>> = Object.freeze({
  3: leaveSharedHealth(["fudge-character", "fudge-npc"], (system, health) => {
    const value = num(health.value);
    const max = num(health.max);
    if (value === 0 && max === 0) return;
    const notes = typeof system.notes === "string" ? system.notes : "";
    system.notes = `${notes}<p>Health before the FUDGE sheet: ${value} / ${max}</p>`;
  }),
  7: {
    actor(source) {
      if (!FUDGE_ACTORS.has(String(source.type)) || !isRecord(source.system)) return;
      const system = source.system;
      if (!isRecord(system.wounds)) return;
      const wounds = system.wounds;
      const notes = isRecord(system.trueWounds) ? { ...system.trueWounds } : {};
      let changed = false;
      for (const level of WOUNDS) {
        const count = Math.max(0, Math.min(WOUND_BOXES[level], Math.trunc(num(wounds[level]))));
        if (count === 0 || (typeof notes[level] === "string" && notes[level] !== "")) continue;
        notes[level] = trueNote(Array.from({ length: count }, () => level));
        changed = true;
      }
      if (changed) system.trueWounds = notes;
    },
  },
});
