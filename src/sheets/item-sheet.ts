import { ItemSheetBase } from "./foundry-bases";
import { documentContext } from "./context";
import { ITEM_PARTS } from "./parts";
import { DESCRIPTION_TAB, primaryTabs, withPartTab, type SheetTabs } from "./tabs";

/** The sheet every item type starts from: picture, name, rule set, quantity, weight and description. */
export class AnthologyItemSheet extends ItemSheetBase {
  static DEFAULT_OPTIONS = {
    classes: ["anthology", "sheet", "item"],
    position: { width: 480, height: 540 },
    window: { resizable: true },
    form: { submitOnChange: true },
  };

  static PARTS = ITEM_PARTS;

  static TABS: SheetTabs = primaryTabs(DESCRIPTION_TAB);

  override async _prepareContext(options: unknown): Promise<Record<string, unknown>> {
    return {
      ...(await super._prepareContext(options)),
      ...(await documentContext(this.document, "Item", "description")),
    };
  }

  override async _preparePartContext(
    partId: string,
    context: Record<string, unknown>,
    options: unknown,
  ): Promise<Record<string, unknown>> {
    return withPartTab(partId, await super._preparePartContext(partId, context, options));
  }
}
