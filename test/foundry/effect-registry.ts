/**
 * Foundry v14's ActiveEffectRegistry, reduced to what Anthology's effects meet (NOTES-v14.md §2), as
 * the stand-in models it: when a combat moves forward (not back: fvtt#14271), the active GM's client
 * raises turnEnd (for the combatant whose turn ends), roundEnd and roundStart (when the round moves),
 * then turnStart (for the combatant whose turn starts). An effect counting rounds in that combat has
 * `value - (round - start.round)` rounds left; it expires on an event equal to its `duration.expiry`
 * once none are left, a turn event counting only for the combatant its `start.combatant` names (an
 * effect that names none never meets one). `CONFIG.ActiveEffect.expiryAction` says what happens:
 * "update" marks it expired (inactive), "delete" deletes it, null does nothing.
 */
import { standInGeneration } from "./generation";

type Data = Record<string, unknown>;

interface EffectDoc {
  readonly id: string;
  readonly _source: Data;
  delete(): Promise<unknown>;
  update(data: Data): Promise<unknown>;
}

interface ActorDoc {
  readonly uuid: string;
  readonly effects?: Iterable<EffectDoc>;
}

interface CombatDoc {
  readonly id: string;
  readonly round: number;
  readonly turn: number | null;
  readonly combatant?: { readonly id: string } | null;
  readonly combatants: Iterable<{ readonly actor: unknown }>;
}

/** Where a combat stood before an update: its round, turn and the combatant whose turn it was. */
export interface CombatMoment {
  readonly round: number;
  readonly turn: number | null;
  readonly combatantId: string | null;
}

/** The events the registry met, in order (for tests). */
export const expiryEvents: Array<{ event: string; combatant: string | null; round: number }> = [];

export async function refreshTurnEvents(combat: CombatDoc, prior: CombatMoment, options: Data): Promise<void> {
  if (standInGeneration() !== 14 || options.direction === -1 || combat.round < 1) return;
  const g = globalThis as { game?: { users?: { activeGM?: { isSelf?: boolean } | null } } };
  if (!g.game?.users?.activeGM?.isSelf) return;
  const forward =
    combat.round > prior.round || (combat.round === prior.round && (combat.turn ?? 0) > (prior.turn ?? 0));
  if (!forward) return;
  const events: Array<{ event: string; combatant: string | null; round: number }> = [];
  if (prior.round >= 1 && prior.combatantId)
    events.push({ event: "turnEnd", combatant: prior.combatantId, round: prior.round });
  if (combat.round > prior.round) {
    if (prior.round >= 1) events.push({ event: "roundEnd", combatant: null, round: prior.round });
    events.push({ event: "roundStart", combatant: null, round: combat.round });
  }
  if (combat.combatant) events.push({ event: "turnStart", combatant: combat.combatant.id, round: combat.round });
  for (const event of events) {
    expiryEvents.push(event);
    await refresh(combat, event);
  }
}

async function refresh(combat: CombatDoc, at: { event: string; combatant: string | null; round: number }) {
  const config = (globalThis as { CONFIG?: { ActiveEffect?: { expiryAction?: unknown } } }).CONFIG?.ActiveEffect;
  const action = config && "expiryAction" in config ? config.expiryAction : "update";
  const seen = new Set<string>();
  for (const { actor } of combat.combatants) {
    const bearer = actor as ActorDoc | null;
    if (!bearer || seen.has(bearer.uuid)) continue;
    seen.add(bearer.uuid);
    for (const effect of [...(bearer.effects ?? [])]) {
      const duration = (effect._source.duration ?? {}) as Data;
      const start = (effect._source.start ?? {}) as Data;
      if (duration.units !== "rounds" || typeof duration.value !== "number" || duration.expired === true) continue;
      if (start.combat !== combat.id || typeof start.round !== "number") continue;
      const left = duration.value - (at.round - start.round);
      const meets = duration.expiry === at.event && (!at.event.startsWith("turn") || start.combatant === at.combatant);
      if (left > 0 || !meets) continue;
      if (action === "delete") await effect.delete();
      else if (action === "update") await effect.update({ "duration.expired": true });
    }
  }
}
