import { AnthologyCombat, hasSurpriseRound, isTimeCountWorld } from "./anthology-combat";
import { AnthologyCombatant } from "./anthology-combatant";
import { registerTimeCountRequests } from "./requests";
import { RoundsTracker } from "./rounds-tracker";
import { onCombatStart } from "./surprise";
import { TIME_COUNT_TEMPLATES, TimeCountTracker } from "./time-count-tracker";

/** Templates the Time Count tracker and its dialogs render, for preloading. */
export const COMBAT_TEMPLATES: readonly string[] = Object.values(TIME_COUNT_TEMPLATES);

/**
 * Anthology's Combat and Combatant in every world (their initiative is the rule set's); the Time
 * Count tracker replaces Foundry's when the world plays Heroes of Destiny, and a tracker that marks
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
  registerTimeCountRequests();
}
