import { ruleSetItemSheet } from "../../../sheets/rule-set-item-sheet";
import { showsMoreThanMax } from "../../../sheets/track-inputs";
import { HOD_ARMOR_PARTS, HOD_WEAPON_PARTS } from "./parts";
import { hodArmorView, hodWeaponView } from "./item-view";

// The "hod" class is what the Heroes of Destiny sheet styles are scoped to.
const HodItemSheet = ruleSetItemSheet("hod", "ANTHOLOGY.HoD.Sheet.Tabs.details");

/** A Heroes of Destiny weapon: damage dice, category, speed class, the defense it attacks and its properties. */
export class HodWeaponSheet extends HodItemSheet {
  static override PARTS = HOD_WEAPON_PARTS;
  static override VIEW = hodWeaponView;

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
export class HodArmorSheet extends HodItemSheet {
  static override PARTS = HOD_ARMOR_PARTS;
  static override VIEW = hodArmorView;
}
