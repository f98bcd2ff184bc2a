import { SYSTEM_ID } from "../constants";
import { getRuleSet } from "../rulesets";
import { pluginOf } from "../rulesets/registry";
import { activeRuleSet } from "../settings";
import { checkTarget } from "../time-count/bounds";
import { TimeCountError } from "../time-count/time-count-error";
import { AnthologyCombat, TIME_COUNT_WRITE, flag, isTimeCountWorld, timeCountActions } from "./anthology-combat";
import { CombatantBase } from "./foundry-bases";

/**
 * Anthology's Combatant: its initiative roll is the rule set's. In a Time Count combat the roll is
 * added to the current TC (a combatant joining mid-fight enters at current TC + its roll), and a
 * hand-edited initiative may not put its next action in the past (checked here on the writing client).
 * Only a GM writes a combatant's place on the count: the active GM puts back a player's write, and a
 * player's initiative roll is asked of the GM.
 */
export class AnthologyCombatant extends CombatantBase {
  override _getInitiativeFormula(): string {
    const ruleSet = getRuleSet(activeRuleSet());
    const formula = ruleSet.initiative.formula(this.actor?.system ?? {}, {
      surprised: flag(this, "surprised") === true,
    });
    // A rounds rule set may add what the combatant's owner chose for this roll.
    return pluginOf(ruleSet.id).rounds?.initiativeFormula?.(this, formula) ?? formula;
  }

  /** The roll Foundry evaluates for initiative, whatever formula it was given, offset by the current TC. */
  override getInitiativeRoll(formula?: string): unknown {
    const base = formula || this._getInitiativeFormula();
    const combat = this.parent;
    const tc = combat instanceof AnthologyCombat && isTimeCountWorld() ? combat.timeCount : 0;
    return super.getInitiativeRoll(tc > 0 ? `${base} + ${tc}` : base);
  }

  /** A player's roll goes through the GM, who writes the TC of the first action (AnthologyCombat#rollInitiative). */
  override async rollInitiative(formula?: string): Promise<unknown> {
    const combat = this.parent;
    if (isTimeCountWorld() && !game.user?.isGM && combat instanceof AnthologyCombat) {
      return combat.rollInitiative([this.id]);
    }
    return super.rollInitiative(formula);
  }

  override async _preUpdate(
    changes: Record<string, unknown>,
    options: Record<string, unknown>,
    user: unknown,
  ): Promise<unknown> {
    if (isTimeCountWorld() && !options[TIME_COUNT_WRITE] && "initiative" in changes && changes.initiative !== null) {
      const combat = this.parent;
      try {
        checkTarget(changes.initiative, combat instanceof AnthologyCombat ? combat.timeCount : 0);
      } catch (error) {
        if (!(error instanceof TimeCountError)) throw error;
        ui.notifications?.warn(game.i18n!.format(error.key, { ...error.data }));
        return false;
      }
    }
    return super._preUpdate(changes, options, user);
  }

  /** Marks the combatant as one of the ambushers (or not): only ambushers act in a surprise round. */
  async setAmbusher(ambusher: boolean): Promise<unknown> {
    return this.update({ [`flags.${SYSTEM_ID}.ambusher`]: ambusher });
  }

  /** Marks the combatant surprised (or not): its initiative roll says so, and the rule set may add flags. */
  async setSurprised(surprised: boolean): Promise<unknown> {
    const more = timeCountActions()?.flagsOnSurprise(surprised) ?? {};
    return this.update({ [`flags.${SYSTEM_ID}`]: { ...more, surprised } });
  }
}
