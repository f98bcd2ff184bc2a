/**
 * When a Fading Suns stance is declared: stamped on the actor with the combat and round, so that the
 * stance lasts until the fighter's next turn (combat/turn.ts ends it; the data model stamps it).
 */
import type { StanceSince } from "../rules";

/** The flag (system scope) holding when an actor's stance was chosen. */
export const STANCE_SINCE = "fsStanceSince";

/** A combat as far as the stamp reads it. */
interface StampCombat {
  readonly id: string;
  readonly round: number;
  readonly combatants: Iterable<{ readonly actor: { readonly uuid: string } | null }>;
}

function combats(): StampCombat[] {
  // Foundry's Combats collection (a Map whose values are the combats).
  const all = (game as unknown as { combats?: { values(): Iterable<StampCombat> } }).combats;
  return all ? [...all.values()] : [];
}

/** The combat an actor fights in (a started one first), or null. */
function combatOf(actor: { readonly uuid: string }): StampCombat | null {
  const fighting = combats().filter((c) => [...c.combatants].some((cb) => cb.actor?.uuid === actor.uuid));
  return fighting.find((c) => c.round > 0) ?? fighting[0] ?? null;
}

/** When a stance chosen now is declared: this combat's round, or 0 outside a combat. */
export function stanceStamp(actor: { readonly uuid: string }): StanceSince {
  const combat = combatOf(actor);
  return combat ? { combat: combat.id, round: Math.max(0, combat.round) } : { combat: null, round: 0 };
}
