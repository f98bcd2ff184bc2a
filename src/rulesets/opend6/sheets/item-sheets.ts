import { ruleSetItemSheet } from "../../../sheets/rule-set-item-sheet";
import { OPEND6_ARMOR_PARTS, OPEND6_WEAPON_PARTS } from "./parts";
import { opend6ArmorView, opend6WeaponView } from "./item-view";

const OpenD6ItemSheet = ruleSetItemSheet("opend6", "ANTHOLOGY.OpenD6.Sheet.Tabs.details");

/** An OpenD6 weapon: damage code, the skill it uses, and its ranges. */
export class OpenD6WeaponSheet extends OpenD6ItemSheet {
  static override PARTS = OPEND6_WEAPON_PARTS;
  static override VIEW = opend6WeaponView;
}

/** OpenD6 armor: its code and whether it is worn. */
export class OpenD6ArmorSheet extends OpenD6ItemSheet {
  static override PARTS = OPEND6_ARMOR_PARTS;
  static override VIEW = opend6ArmorView;
}
