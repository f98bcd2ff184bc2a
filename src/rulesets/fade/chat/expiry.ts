import { SYSTEM_ID } from "../../../constants";
import { FADE_STATUSES, statusExpired } from "../rules";
import type { PlayActor } from "../../../play/documents";
import { postBleed } from "./bleed";

interface EffectLike {
  readonly id: string;
  readonly statuses: ReadonlySet<string>;
  getFlag?(scope: string, key: string): unknown;
  update?(data: object): Promise<unknown>;
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
    readonly actor: BearerLike | null;
  }>;
}

interface BearerLike {
  readonly uuid: string;
  readonly name?: string;
  readonly effects?: Iterable<EffectLike>;
  readonly system?: {
    readonly hp?: { readonly value?: number | null };
    readonly derived?: { readonly deathAt?: number };
  };
  readonly statuses?: ReadonlySet<string>;
  update?(data: object): Promise<unknown>;
  toggleStatusEffect?(id: string, options: { active: boolean; overlay?: boolean }): Promise<unknown>;
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
  const current = combat.turn === null ? null : (combat.turns[combat.turn]?.actor ?? null);
  if (current) await bleed(current, combat);
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

/**
 * A bleeding wound bleeds at the start of its bearer's turn, once a round and for as many rounds as
 * it lasts (the effect keeps the round it last bled and how often): a bleed card, applied at once by
 * the GM (bleed.ts), so the GM can Undo it.
 */
async function bleed(actor: BearerLike, combat: CombatLike): Promise<void> {
  for (const effect of [...(actor.effects ?? [])]) {
    if (!effect.statuses.has(BLEEDING)) continue;
    const fade = (effect.getFlag?.(SYSTEM_ID, "fade") ?? {}) as {
      bleed?: unknown;
      bledRound?: unknown;
      bled?: unknown;
    };
    const amount = typeof fade.bleed === "number" && Number.isFinite(fade.bleed) ? fade.bleed : 0;
    const bled = typeof fade.bled === "number" ? fade.bled : 0;
    const rounds = (effect._source?.duration ?? effect.duration)?.rounds ?? 1;
    // Once a round, and as many times as the wound bleeds rounds.
    if (amount <= 0 || fade.bledRound === combat.round || bled >= rounds) continue;
    await effect.update?.({
      [`flags.${SYSTEM_ID}.fade.bledRound`]: combat.round,
      [`flags.${SYSTEM_ID}.fade.bled`]: bled + 1,
    });
    await postBleed(actor as unknown as PlayActor, amount);
  }
}

const BLEEDING = "fade-bleeding";

/** Where a new status's rounds start: the active combat's round, when the bearer is in it. */
export function durationStart(actor: { readonly uuid: string }): Record<string, unknown> {
  const combat = (game as unknown as { combat?: CombatLike | null }).combat;
  if (!combat || !combat.turns.some((c) => c.actor?.uuid === actor.uuid)) return {};
  return { combat: combat.id, startRound: combat.round, startTurn: combat.turn ?? 0 };
}

/** The flag that ties a status to the card that caused it (a Luck reroll takes it back). */
export const fromCard = (messageId: string) => ({ [SYSTEM_ID]: { fade: { card: messageId } } });
