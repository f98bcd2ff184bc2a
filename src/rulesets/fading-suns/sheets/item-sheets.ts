import { AnthologyItemSheet } from "../../../sheets/item-sheet";
import type { TabSpec } from "../../../sheets/foundry-bases";
import { FS_ARMOR_PARTS, FS_SKILL_PARTS, FS_WEAPON_PARTS } from "./parts";
import { fsArmorView, fsSkillView, fsWeaponView } from "./item-view";

const TABS: Record<string, { tabs: TabSpec[]; initial: string }> = {
  primary: {
    tabs: [
      { id: "details", icon: "fa-solid fa-sliders", label: "ANTHOLOGY.FadingSuns.Sheet.Tabs.details" },
      { id: "description", icon: "fa-solid fa-scroll", label: "ANTHOLOGY.Sheet.Tabs.description" },
    ],
    initial: "details",
  },
};

const systemOf = (sheet: AnthologyItemSheet) => sheet.document.system as unknown as Record<string, unknown>;

/** A Fading Suns weapon: DMG, goal modifier, skill, how it is used, and its range. */
export class FadingSunsWeaponSheet extends AnthologyItemSheet {
  static override DEFAULT_OPTIONS = { ...AnthologyItemSheet.DEFAULT_OPTIONS, classes: ["fading-suns"] };
  static override PARTS = FS_WEAPON_PARTS;
  static override TABS = TABS;

  override async _prepareContext(options: unknown): Promise<Record<string, unknown>> {
    return { ...(await super._prepareContext(options)), ...fsWeaponView(systemOf(this)) };
  }
}

/** Fading Suns armor: its rating and whether it is worn. */
export class FadingSunsArmorSheet extends AnthologyItemSheet {
  static override DEFAULT_OPTIONS = { ...AnthologyItemSheet.DEFAULT_OPTIONS, classes: ["fading-suns"] };
  static override PARTS = FS_ARMOR_PARTS;
  static override TABS = TABS;

  override async _prepareContext(options: unknown): Promise<Record<string, unknown>> {
    return { ...(await super._prepareContext(options)), ...fsArmorView(systemOf(this)) };
  }
}

/** A learned skill: its rating and usual characteristic. */
export class FadingSunsSkillSheet extends AnthologyItemSheet {
  static override DEFAULT_OPTIONS = { ...AnthologyItemSheet.DEFAULT_OPTIONS, classes: ["fading-suns"] };
  static override PARTS = FS_SKILL_PARTS;
  static override TABS = TABS;

  override async _prepareContext(options: unknown): Promise<Record<string, unknown>> {
    return { ...(await super._prepareContext(options)), ...fsSkillView(systemOf(this)) };
  }
}
