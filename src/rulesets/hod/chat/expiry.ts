import type { AnthologyCombat } from "../../../combat/anthology-combat";
import { bonusHpExpires, type BonusHpUntil } from "../rules/bonus-hp";
import type { HodActor } from "./documents";
import { onTimeCountAdvance as shiftDone } from "./stance";
import { tickPoisons } from "./poison";
import { loseHodSpell } from "./spell";

/** The bonus HP an event ends, as an update (null when it stays). */
export function bonusExpiry(actor: HodActor, event: Parameters<typeof bonusHpExpires>[1]): object | null {
  const until = actor.system?.bonusUntil as BonusHpUntil | undefined;
  if (!until || !bonusHpExpires(until, event)) return null;
  return { "system.bonusHp": 0, "system.bonusUntil.kind": "", "system.bonusUntil.tc": -1 };
}

/** The actors of a combat, each once. */
function actorsOf(combat: { combatants: Iterable<{ actor: unknown }> }): HodActor[] {
  const seen = new Set<HodActor>();
  for (const c of combat.combatants) if (c.actor) seen.add(c.actor as HodActor);
  return [...seen];
}

/**
 * `anthology.timeCountAdvance` (the GM's client): whoever acts has finished shifting stance; bonus HP
 * whose TC has come ends; poisons whose dose is due post it.
 */
export async function onHodAdvance(combat: AnthologyCombat, step: { tc: number; acting: string[] }): Promise<void> {
  await shiftDone(combat, step as never);
  for (const actor of actorsOf(combat as never)) {
    const ended = bonusExpiry(actor, { tc: step.tc });
    if (ended) await actor.update(ended);
    await tickPoisons(actor, step.tc);
  }
}

/**
 * `deleteCombat` (the active GM): bonus HP lasting the encounter, or some TC of it, ends with it, and
 * so does a spell still in hand.
 */
export async function onHodCombatEnd(combat: { combatants: Iterable<{ actor: unknown }> }): Promise<void> {
  if (!game.users?.activeGM?.isSelf) return;
  for (const actor of actorsOf(combat)) {
    const ended = bonusExpiry(actor, "combatEnd");
    if (ended) await actor.update(ended);
    await loseHodSpell(actor);
  }
}
