import { ruleSetItemSheet } from "../../../sheets/rule-set-item-sheet";
import { FS_ARMOR_PARTS, FS_SKILL_PARTS, FS_WEAPON_PARTS } from "./parts";
import { fsArmorView, fsSkillView, fsWeaponView } from "./item-view";

const FadingSunsItemSheet = ruleSetItemSheet("fading-suns", "ANTHOLOGY.FadingSuns.Sheet.Tabs.details");

/** A Fading Suns weapon: DMG, goal modifier, skill, how it is used, and its range. */
export class FadingSunsWeaponSheet extends FadingSunsItemSheet {
  static override PARTS = FS_WEAPON_PARTS;
  static override VIEW = fsWeaponView;
}

/** Fading Suns armor: its rating and whether it is worn. */
export class FadingSunsArmorSheet extends FadingSunsItemSheet {
  static override PARTS = FS_ARMOR_PARTS;
  static override VIEW = fsArmorView;
}

/** A learned skill: its rating and usual characteristic. */
export class FadingSunsSkillSheet extends FadingSunsItemSheet {
  static override PARTS = FS_SKILL_PARTS;
  static override VIEW = fsSkillView;
}
