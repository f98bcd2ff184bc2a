import { AnthologyItemSheet } from "../../../sheets/item-sheet";
import { showsMoreThanMax } from "../../../sheets/track-inputs";
import type { TabSpec } from "../../../sheets/foundry-bases";
import { HOD_ARMOR_PARTS, HOD_WEAPON_PARTS } from "./parts";
import { hodArmorView, hodWeaponView } from "./item-view";

const TABS: Record<string, { tabs: TabSpec[]; initial: string }> = {
  primary: {
    tabs: [
      { id: "details", icon: "fa-solid fa-sliders", label: "ANTHOLOGY.HoD.Sheet.Tabs.details" },
      { id: "description", icon: "fa-solid fa-scroll", label: "ANTHOLOGY.Sheet.Tabs.description" },
    ],
    initial: "details",
  },
};

const systemOf = (sheet: AnthologyItemSheet) => sheet.document.system as unknown as Record<string, unknown>;

/** A Heroes of Destiny weapon: damage dice, category, speed class, the defense it attacks and its properties. */
export class HodWeaponSheet extends AnthologyItemSheet {
  // The "hod" class is what the Heroes of Destiny sheet styles are scoped to; Foundry concatenates classes down the chain.
  static override DEFAULT_OPTIONS = { ...AnthologyItemSheet.DEFAULT_OPTIONS, classes: ["hod"] };
  static override PARTS = HOD_WEAPON_PARTS;
  static override TABS = TABS;

  override async _prepareContext(options: unknown): Promise<Record<string, unknown>> {
    return { ...(await super._prepareContext(options)), ...hodWeaponView(systemOf(this)) };
  }

  /** Redraws when the form showed more than a maximum allows: the stored value was held to it. */
  override async _processSubmitData(
    event: Event,
    form: HTMLFormElement,
    submitData: object,
    options?: object,
  ): Promise<void> {
    await super._processSubmitData(event, form, submitData, options);
    if (showsMoreThanMax(form)) await this.render();
  }
}

/** Heroes of Destiny armor: armor, shield, natural armor and ToP bonuses, and whether it is worn. */
export class HodArmorSheet extends AnthologyItemSheet {
  static override DEFAULT_OPTIONS = { ...AnthologyItemSheet.DEFAULT_OPTIONS, classes: ["hod"] };
  static override PARTS = HOD_ARMOR_PARTS;
  static override TABS = TABS;

  override async _prepareContext(options: unknown): Promise<Record<string, unknown>> {
    return { ...(await super._prepareContext(options)), ...hodArmorView(systemOf(this)) };
  }
}
