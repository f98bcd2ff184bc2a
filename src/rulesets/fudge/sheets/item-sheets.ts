import { AnthologyItemSheet } from "../../../sheets/item-sheet";
import type { TabSpec } from "../../../sheets/foundry-bases";
import { FUDGE_ARMOR_PARTS, FUDGE_SHIELD_PARTS, FUDGE_SKILL_PARTS, FUDGE_WEAPON_PARTS } from "./parts";
import { fudgeArmorView, fudgeShieldView, fudgeSkillView, fudgeWeaponView } from "./view";

const TABS: Record<string, { tabs: TabSpec[]; initial: string }> = {
  primary: {
    tabs: [
      { id: "details", icon: "fa-solid fa-sliders", label: "ANTHOLOGY.Fudge.Sheet.Tabs.details" },
      { id: "description", icon: "fa-solid fa-scroll", label: "ANTHOLOGY.Sheet.Tabs.description" },
    ],
    initial: "details",
  },
};

const systemOf = (sheet: AnthologyItemSheet) => sheet.document.system as unknown as Record<string, unknown>;
const OPTIONS = { ...AnthologyItemSheet.DEFAULT_OPTIONS, classes: ["fudge"] };

/** A FUDGE skill: its level on the ladder and the attribute it leans on. */
export class FudgeSkillSheet extends AnthologyItemSheet {
  static override DEFAULT_OPTIONS = OPTIONS;
  static override PARTS = FUDGE_SKILL_PARTS;
  static override TABS = TABS;
  override async _prepareContext(options: unknown): Promise<Record<string, unknown>> {
    return { ...(await super._prepareContext(options)), fudge: fudgeSkillView(systemOf(this)) };
  }
}

/** A FUDGE weapon: size, sharpness, strength, how it is powered and fought. */
export class FudgeWeaponSheet extends AnthologyItemSheet {
  static override DEFAULT_OPTIONS = OPTIONS;
  static override PARTS = FUDGE_WEAPON_PARTS;
  static override TABS = TABS;
  override async _prepareContext(options: unknown): Promise<Record<string, unknown>> {
    return { ...(await super._prepareContext(options)), fudge: fudgeWeaponView(systemOf(this)) };
  }
}

/** FUDGE armor: its protection. */
export class FudgeArmorSheet extends AnthologyItemSheet {
  static override DEFAULT_OPTIONS = OPTIONS;
  static override PARTS = FUDGE_ARMOR_PARTS;
  static override TABS = TABS;
  override async _prepareContext(options: unknown): Promise<Record<string, unknown>> {
    return { ...(await super._prepareContext(options)), fudge: fudgeArmorView(systemOf(this)) };
  }
}

/** A FUDGE shield: its size and any magic. */
export class FudgeShieldSheet extends AnthologyItemSheet {
  static override DEFAULT_OPTIONS = OPTIONS;
  static override PARTS = FUDGE_SHIELD_PARTS;
  static override TABS = TABS;
  override async _prepareContext(options: unknown): Promise<Record<string, unknown>> {
    return { ...(await super._prepareContext(options)), fudge: fudgeShieldView(systemOf(this)) };
  }
}
