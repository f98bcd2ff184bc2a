import { AnthologyItemSheet } from "./item-sheet";
import { DESCRIPTION_TAB, detailsTab, primaryTabs } from "./tabs";

/** An item's system data as a details view reads it. */
export type ItemSystem = Readonly<Record<string, unknown>>;

/** What an item sheet's details tab shows, from the item's system data and its type. */
export type DetailsView = (system: ItemSystem, type: string) => object;

/**
 * The base of a rule set's item sheets: scoped to the rule set's CSS class, with a details tab under
 * the rule set's label before the description. Each sheet names its PARTS and the VIEW its details show.
 */
export function ruleSetItemSheet(cssClass: string, detailsLabel: string) {
  return class RuleSetItemSheet extends AnthologyItemSheet {
    // Foundry concatenates classes down the class chain; the rule set's class scopes its sheet styles.
    static override DEFAULT_OPTIONS = { ...AnthologyItemSheet.DEFAULT_OPTIONS, classes: [cssClass] };
    static override TABS = primaryTabs(detailsTab(detailsLabel), DESCRIPTION_TAB);
    /** What the details tab shows, merged into the sheet's context. */
    static VIEW: DetailsView = () => ({});

    override async _prepareContext(options: unknown): Promise<Record<string, unknown>> {
      const { type, system } = this.document as unknown as { type: string; system: ItemSystem };
      const view = (this.constructor as typeof RuleSetItemSheet).VIEW(system, type);
      return { ...(await super._prepareContext(options)), ...view };
    }
  };
}
