/**
 * OpenD6's part of the world migrations (pure: plain stored data in, changed in place).
 * Version 4: OpenD6 actors leave the shared character model (a health track and notes) for OpenD6's
 * own. A health track someone filled in becomes the Body Points it stood for. Version 6: an active
 * defense's status says it ends as its bearer's turn starts (`flags.anthology.expiry`).
 */
import type { RuleSetMigrationSteps } from "../types";
import { markLastingEffects } from "../common";
import { DEFENSE_LASTS, DEFENSE_STATUS } from "./rules/defense";

type Source = Record<string, unknown>;

const isRecord = (v: unknown): v is Source => typeof v === "object" && v !== null && !Array.isArray(v);
const whole = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? Math.trunc(v) : 0);
const ACTORS = new Set(["opend6-character", "opend6-npc"]);

export const OPEND6_MIGRATIONS: Readonly<Record<number, RuleSetMigrationSteps>> = Object.freeze({
  4: {
    actor(source) {
      if (!ACTORS.has(String(source.type)) || !isRecord(source.system)) return;
      const system = source.system;
      const health = system.health;
      if (!isRecord(health)) return;
      delete system.health;
      const value = whole(health.value);
      const max = whole(health.max);
      // An untouched track (0 of 0) leaves the new model's defaults.
      if (max <= 0 && value === 0) return;
      if (isRecord(system.bodyPoints)) return;
      system.bodyPoints = { value, max: Math.max(0, max) };
    },
  },
  6: {
    actor: (source) => markLastingEffects(source, new Set([DEFENSE_STATUS]), DEFENSE_LASTS.until),
  },
});
