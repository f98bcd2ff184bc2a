/**
 * Fading Suns' part of the world migrations (pure: plain stored data in, changed in place).
 * Version 5: Fading Suns actors leave the shared character model (a health track and notes) for
 * Fading Suns' own. A health track someone filled in becomes the Vitality it stood for; the notes stay.
 */
import type { RuleSetMigrationSteps } from "../types";

type Source = Record<string, unknown>;

const isRecord = (v: unknown): v is Source => typeof v === "object" && v !== null && !Array.isArray(v);
const whole = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? Math.trunc(v) : 0);
const ACTORS = new Set(["fading-suns-character", "fading-suns-npc"]);

export const FADING_SUNS_MIGRATIONS: Readonly<Record<number, RuleSetMigrationSteps>> = Object.freeze({
  5: {
    actor(source) {
      if (!ACTORS.has(String(source.type)) || !isRecord(source.system)) return;
      const system = source.system;
      const health = system.health;
      if (!isRecord(health)) return;
      delete system.health;
      const value = whole(health.value);
      const max = whole(health.max);
      // An untouched track (0 of 0) leaves the new model's defaults (Endurance + 5, full).
      if (max <= 0 && value === 0) return;
      if (isRecord(system.vitality)) return;
      system.vitality = { value, max: Math.max(0, max) };
    },
  },
});
