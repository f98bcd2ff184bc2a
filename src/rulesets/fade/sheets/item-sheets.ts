import { AnthologyItemSheet } from "../../../sheets/item-sheet";
import type { TabSpec } from "../../../sheets/foundry-bases";
import { FADE_ARMOR_PARTS, FADE_TRAIT_PARTS, FADE_WEAPON_PARTS } from "./parts";
import { fadeArmorView, fadeTraitView, fadeWeaponView } from "./item-view";

const TABS: Record<string, { tabs: TabSpec[]; initial: string }> = {
  primary: {
    tabs: [
      { id: "details", icon: "fa-solid fa-sliders", label: "ANTHOLOGY.Fade.Sheet.Tabs.details" },
      { id: "description", icon: "fa-solid fa-scroll", label: "ANTHOLOGY.Sheet.Tabs.description" },
    ],
    initial: "details",
  },
};

const systemOf = (sheet: AnthologyItemSheet) => sheet.document.system as unknown as Record<string, unknown>;

/** A Fade weapon or spell: base damage, Penetration, damage type, explosions, range and its properties. */
export class FadeWeaponSheet extends AnthologyItemSheet {
  // The "fade" class is what the Fade sheet styles are scoped to; Foundry concatenates classes down the chain.
  static override DEFAULT_OPTIONS = { ...AnthologyItemSheet.DEFAULT_OPTIONS, classes: ["fade"] };
  static override PARTS = FADE_WEAPON_PARTS;
  static override TABS = TABS;

  override async _prepareContext(options: unknown): Promise<Record<string, unknown>> {
    return { ...(await super._prepareContext(options)), ...fadeWeaponView(systemOf(this)) };
  }
}

/** A piece of Fade armor: Deflection per body part, speed penalty, worn and stacking. */
export class FadeArmorSheet extends AnthologyItemSheet {
  static override DEFAULT_OPTIONS = { ...AnthologyItemSheet.DEFAULT_OPTIONS, classes: ["fade"] };
  static override PARTS = FADE_ARMOR_PARTS;
  static override TABS = TABS;

  override async _prepareContext(options: unknown): Promise<Record<string, unknown>> {
    return { ...(await super._prepareContext(options)), ...fadeArmorView(systemOf(this)) };
  }
}

/** A Fade species, class or feat: the numbers it gives the character that has it. */
export class FadeTraitSheet extends AnthologyItemSheet {
  static override DEFAULT_OPTIONS = { ...AnthologyItemSheet.DEFAULT_OPTIONS, classes: ["fade"] };
  static override PARTS = FADE_TRAIT_PARTS;
  static override TABS = TABS;

  override async _prepareContext(options: unknown): Promise<Record<string, unknown>> {
    const type = (this.document as unknown as { type: string }).type;
    return { ...(await super._prepareContext(options)), trait: fadeTraitView(type, systemOf(this)) };
  }
}
