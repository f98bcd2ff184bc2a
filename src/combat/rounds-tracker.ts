import { AnthologyCombat, isAmbusher } from "./anthology-combat";
import type { AnthologyCombatant } from "./anthology-combatant";
import { pluginOf } from "../rulesets/registry";
import type { RoundsTrackerParts } from "../rulesets/plugin";

export type { RoundsTrackerParts };
import { activeRuleSet } from "../settings";
import { menuEntry } from "../foundry";

type ContextEntry = ReturnType<typeof menuEntry>;

interface TrackerLike {
  readonly viewed: unknown;
  readonly element: HTMLElement;
  _getEntryContextOptions(): ContextEntry[];
  _onRender(context: unknown, options: unknown): Promise<void>;
}
interface TrackerBaseClass {
  new (...args: never[]): TrackerLike;
}

const parts = (): RoundsTrackerParts => pluginOf(activeRuleSet()).rounds ?? {};

const TrackerBase = foundry.applications.sidebar.tabs.CombatTracker as unknown as TrackerBaseClass;

/**
 * Foundry's combat tracker for rule sets with surprise rounds (The Fade): the GM marks ambushers from a
 * combatant's context menu; ambushers carry a mark, and in the surprise round everyone else is shown
 * as not acting.
 */
export class RoundsTracker extends TrackerBase {
  static DEFAULT_OPTIONS = { classes: ["anthology-rounds"] };

  #combatant(li: HTMLElement): AnthologyCombatant | undefined {
    const combat = this.viewed;
    const id = li.dataset.combatantId;
    return combat instanceof AnthologyCombat && id
      ? (combat.combatants.get(id) as unknown as AnthologyCombatant | undefined)
      : undefined;
  }

  override _getEntryContextOptions(): ContextEntry[] {
    return [
      ...super._getEntryContextOptions(),
      menuEntry({
        label: "ANTHOLOGY.Combat.toggleAmbusher",
        icon: '<i class="fa-solid fa-user-ninja"></i>',
        visible: () => Boolean(game.user?.isGM),
        onClick: (li) => {
          const combatant = this.#combatant(li);
          return combatant?.setAmbusher(!isAmbusher(combatant as never));
        },
      }),
      ...(parts().entries ?? []).map((e) =>
        menuEntry({
          label: e.label,
          icon: e.icon,
          visible: (li) => {
            const combatant = this.#combatant(li);
            return Boolean(combatant) && (e.visible?.(combatant, this.viewed) ?? true);
          },
          onClick: (li) => e.onClick(this.#combatant(li), this.viewed),
        }),
      ),
    ];
  }

  override async _onRender(context: unknown, options: unknown): Promise<void> {
    await super._onRender(context, options);
    const combat = this.viewed;
    if (!(combat instanceof AnthologyCombat)) return;
    const surprise = combat.isSurpriseRound;
    const decorate = parts().decorate;
    for (const li of this.element.querySelectorAll<HTMLElement>("[data-combatant-id]")) {
      const combatant = combat.combatants.get(li.dataset.combatantId ?? "");
      if (!combatant) continue;
      const ambusher = isAmbusher(combatant);
      li.classList.toggle("anthology-ambusher", ambusher);
      li.classList.toggle("anthology-waits-surprise", surprise && !ambusher);
      if (ambusher && !li.querySelector(".anthology-ambusher-mark")) {
        const mark = document.createElement("i");
        mark.className = "anthology-ambusher-mark fa-solid fa-user-ninja";
        mark.title = game.i18n!.localize("ANTHOLOGY.Combat.ambusher");
        li.querySelector(".token-name, .name")?.append(mark);
      }
      decorate?.(li, combatant, combat);
    }
  }
}
