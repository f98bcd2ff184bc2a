import { SYSTEM_ID } from "../../../constants";
import { effectRounds, type EffectLike } from "../../../foundry";
import type { PlayActor } from "../../../play/documents";
import { postBleed } from "./bleed";

interface EffectDoc extends EffectLike {
  readonly statuses: ReadonlySet<string>;
  update?(data: object): Promise<unknown>;
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
  readonly effects?: Iterable<EffectDoc>;
}

/**
 * `updateCombat`: when the turn moves on, the active GM bleeds the combatant whose turn it is. (The
 * Fade's statuses end by the rounds each was made to last: src/foundry/effects.ts.)
 */
export async function onFadeCombatTurn(
  combat: CombatLike,
  changed: { turn?: unknown; round?: unknown },
): Promise<void> {
  if (!game.users?.activeGM?.isSelf) return;
  if (!("turn" in changed) && !("round" in changed)) return;
  const current = combat.turn === null ? null : (combat.turns[combat.turn]?.actor ?? null);
  if (current) await bleed(current, combat);
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
    const rounds = effectRounds(effect) ?? 1;
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

/** The flag that ties a status to the card that caused it (a Luck reroll takes it back). */
export const fromCard = (messageId: string) => ({ [SYSTEM_ID]: { fade: { card: messageId } } });
