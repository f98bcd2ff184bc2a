import { ruleSetItemSheet, type DetailsView } from "../../../sheets/rule-set-item-sheet";
import { FUDGE_ARMOR_PARTS, FUDGE_SHIELD_PARTS, FUDGE_SKILL_PARTS, FUDGE_WEAPON_PARTS } from "./parts";
import { fudgeArmorView, fudgeShieldView, fudgeSkillView, fudgeWeaponView } from "./view";

const FudgeItemSheet = ruleSetItemSheet("fudge", "ANTHOLOGY.Fudge.Sheet.Tabs.details");

/** FUDGE's item templates read their details under `fudge`. */
const underFudge =
  (view: DetailsView): DetailsView =>
  (system, type) => ({ fudge: view(system, type) });

/** A FUDGE skill: its level on the ladder and the attribute it leans on. */
export class FudgeSkillSheet extends FudgeItemSheet {
  static override PARTS = FUDGE_SKILL_PARTS;
  static override VIEW = underFudge(fudgeSkillView);
}

/** A FUDGE weapon: size, sharpness, strength, how it is powered and fought. */
export class FudgeWeaponSheet extends FudgeItemSheet {
  static override PARTS = FUDGE_WEAPON_PARTS;
  static override VIEW = underFudge(fudgeWeaponView);
}

/** FUDGE armor: its protection. */
export class FudgeArmorSheet extends FudgeItemSheet {
  static override PARTS = FUDGE_ARMOR_PARTS;
  static override VIEW = underFudge(fudgeArmorView);
}

/** A FUDGE shield: its size and any magic. */
export class FudgeShieldSheet extends FudgeItemSheet {
  static override PARTS = FUDGE_SHIELD_PARTS;
  static override VIEW = underFudge(fudgeShieldView);
}
