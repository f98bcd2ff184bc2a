import { ruleSetItemSheet, type DetailsView } from "../../../sheets/rule-set-item-sheet";
import { FADE_ARMOR_PARTS, FADE_TRAIT_PARTS, FADE_WEAPON_PARTS } from "./parts";
import { fadeArmorView, fadeTraitView, fadeWeaponView } from "./item-view";

// The "fade" class is what the Fade sheet styles are scoped to.
const FadeItemSheet = ruleSetItemSheet("fade", "ANTHOLOGY.Fade.Sheet.Tabs.details");

/** A Fade weapon or spell: base damage, Penetration, damage type, explosions, range and its properties. */
export class FadeWeaponSheet extends FadeItemSheet {
  static override PARTS = FADE_WEAPON_PARTS;
  static override VIEW = fadeWeaponView;
}

/** A piece of Fade armor: Deflection per body part, speed penalty, worn and stacking. */
export class FadeArmorSheet extends FadeItemSheet {
  static override PARTS = FADE_ARMOR_PARTS;
  static override VIEW = fadeArmorView;
}

/** A Fade species, class or feat: the numbers it gives the character that has it. */
export class FadeTraitSheet extends FadeItemSheet {
  static override PARTS = FADE_TRAIT_PARTS;
  static override VIEW: DetailsView = (system, type) => ({ trait: fadeTraitView(type, system) });
}
