import { endWithCombat, expireLasting } from "../foundry";
import { AnthologyCombat, hasSurpriseRound, isTimeCountWorld } from "./anthology-combat";
import { AnthologyCombatant } from "./anthology-combatant";
import { registerTimeCountRequests } from "./request-handlers";
import { RoundsTracker } from "./rounds-tracker";
import { onCombatStart } from "./surprise";
import { TIME_COUNT_TEMPLATES, TimeCountTracker } from "./time-count-tracker";

/** Templates the Time Count tracker and its dialogs render, for preloading (the Act dialog is the rule set's). */
export const COMBAT_TEMPLATES: readonly string[] = Object.values(TIME_COUNT_TEMPLATES);

function combats(): Iterable<unknown> {
  return (game as unknown as { combats?: Iterable<unknown> }).combats ?? [];
}

/** The active GM keeps a live count for each encounter from the start, so a player's first write can be put back. */
export function primeTimeCounts(): void {
  if (!(game.users as unknown as { activeGM?: { isSelf?: boolean } | null } | undefined)?.activeGM?.isSelf) return;
  for (const combat of combats()) if (combat instanceof AnthologyCombat) combat.primeTimeCount();
}

/** An effect came or went on an actor: a defeated status set on a token alone changes no combatant. */
export function onActorEffect(effect: { readonly parent?: unknown }): void {
  for (const combat of combats()) if (combat instanceof AnthologyCombat) combat.noticeActor(effect.parent);
}

/**
 * Anthology's Combat and Combatant in every world (their initiative is the rule set's); the Time
 * Count tracker replaces Foundry's when the world's rule set counts time, and a tracker that marks
 * ambushers when the rule set has surprise rounds (The Fade).
 */
export function registerCombat(): void {
  const config = CONFIG as unknown as {
    Combat: { documentClass: unknown };
    Combatant: { documentClass: unknown };
    ui: { combat: unknown };
  };
  config.Combat.documentClass = AnthologyCombat;
  config.Combatant.documentClass = AnthologyCombatant;
  if (isTimeCountWorld()) config.ui.combat = TimeCountTracker;
  else if (hasSurpriseRound()) config.ui.combat = RoundsTracker;
  Hooks.on("combatStart", onCombatStart as never);
  // Effects that last rounds end with their bearer's turn (Anthology's own expiry on v13; none on
  // v14, where core does it). A Time Count world has no such effects: its steps are not turns.
  if (!isTimeCountWorld()) Hooks.on("updateCombat", expireLasting as never);
  // An encounter's end ends what lasts it, and what counts its rounds, on both generations.
  Hooks.on("deleteCombat", endWithCombat as never);
  Hooks.once("ready", primeTimeCounts);
  for (const hook of ["createActiveEffect", "updateActiveEffect", "deleteActiveEffect"]) {
    Hooks.on(hook as never, onActorEffect as never);
  }
  registerTimeCountRequests();
}
