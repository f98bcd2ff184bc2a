import { SYSTEM_ID } from "../../../constants";
import { FADE_STATUSES, statusExpired } from "../rules";

interface EffectLike {
  readonly id: string;
  readonly statuses: ReadonlySet<string>;
  readonly duration?: {
    readonly rounds?: number | null;
    readonly startRound?: number | null;
    readonly combat?: string | null;
  };
  readonly _source?: {
    readonly duration?: {
      readonly rounds?: number | null;
      readonly startRound?: number | null;
      readonly combat?: string | null;
    };
  };
  delete(): Promise<unknown>;
}

interface CombatLike {
  readonly id: string;
  readonly round: number;
  readonly turn: number | null;
  readonly turns: ReadonlyArray<{
    readonly actor: { readonly uuid: string; readonly effects?: Iterable<EffectLike> } | null;
  }>;
}

const OURS = new Set<string>(FADE_STATUSES.map((s) => s.id));

/**
 * `updateCombat`: when the turn moves on, the active GM takes off every Fade status whose rounds are
 * over (Foundry v13 counts durations down but never ends them): a critical failure's -2k0 and a
 * charge's -2 Defense end with the bearer's next turn.
 */
export async function onFadeCombatTurn(
  combat: CombatLike,
  changed: { turn?: unknown; round?: unknown },
): Promise<void> {
  if (!game.users?.activeGM?.isSelf) return;
  if (!("turn" in changed) && !("round" in changed)) return;
  const seen = new Set<string>();
  for (const [index, combatant] of combat.turns.entries()) {
    const actor = combatant.actor;
    if (!actor || seen.has(actor.uuid)) continue;
    seen.add(actor.uuid);
    const bearerTurnEnded = combat.turn !== null && index < combat.turn;
    for (const effect of [...(actor.effects ?? [])]) {
      const duration = effect._source?.duration ?? effect.duration;
      const rounds = duration?.rounds;
      const startRound = duration?.startRound;
      if (![...effect.statuses].some((s) => OURS.has(s))) continue;
      if (typeof rounds !== "number" || typeof startRound !== "number" || duration?.combat !== combat.id) continue;
      if (statusExpired({ startRound, rounds }, { round: combat.round, bearerTurnEnded })) await effect.delete();
    }
  }
}

/** Where a new status's rounds start: the active combat's round, when the bearer is in it. */
export function durationStart(actor: { readonly uuid: string }): Record<string, unknown> {
  const combat = (game as unknown as { combat?: CombatLike | null }).combat;
  if (!combat || !combat.turns.some((c) => c.actor?.uuid === actor.uuid)) return {};
  return { combat: combat.id, startRound: combat.round, startTurn: combat.turn ?? 0 };
}

/** The flag that ties a status to the card that caused it (a Luck reroll takes it back). */
export const fromCard = (messageId: string) => ({ [SYSTEM_ID]: { fade: { card: messageId } } });
