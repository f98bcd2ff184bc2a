import { AnthologyItemSheet } from "../../../sheets/item-sheet";
import type { TabSpec } from "../../../sheets/foundry-bases";
import { OPEND6_ARMOR_PARTS, OPEND6_WEAPON_PARTS } from "./parts";
import { opend6ArmorView, opend6WeaponView } from "./item-view";

const TABS: Record<string, { tabs: TabSpec[]; initial: string }> = {
  primary: {
    tabs: [
      { id: "details", icon: "fa-solid fa-sliders", label: "ANTHOLOGY.OpenD6.Sheet.Tabs.details" },
      { id: "description", icon: "fa-solid fa-scroll", label: "ANTHOLOGY.Sheet.Tabs.description" },
    ],
    initial: "details",
  },
};

const systemOf = (sheet: AnthologyItemSheet) => sheet.document.system as unknown as Record<string, unknown>;

/** An OpenD6 weapon: damage code, the skill it uses, and its ranges. */
export class OpenD6WeaponSheet extends AnthologyItemSheet {
  static override DEFAULT_OPTIONS = { ...AnthologyItemSheet.DEFAULT_OPTIONS, classes: ["opend6"] };
  static override PARTS = OPEND6_WEAPON_PARTS;
  static override TABS = TABS;

  override async _prepareContext(options: unknown): Promise<Record<string, unknown>> {
    return { ...(await super._prepareContext(options)), ...opend6WeaponView(systemOf(this)) };
  }
}

/** OpenD6 armor: its code and whether it is worn. */
export class OpenD6ArmorSheet extends AnthologyItemSheet {
  static override DEFAULT_OPTIONS = { ...AnthologyItemSheet.DEFAULT_OPTIONS, classes: ["opend6"] };
  static override PARTS = OPEND6_ARMOR_PARTS;
  static override TABS = TABS;

  override async _prepareContext(options: unknown): Promise<Record<string, unknown>> {
    return { ...(await super._prepareContext(options)), ...opend6ArmorView(systemOf(this)) };
  }
}
