import { partTemplates, ruleSetParts } from "../../../sheets/parts";

const parts = ruleSetParts("fudge");

/** FUDGE's character sheet; the NPC sheet shows the same parts without the tab navigation. */
export const FUDGE_ACTOR_PARTS = parts.actor("traits", "combat");

export const FUDGE_SKILL_PARTS = parts.item("skill-details");
export const FUDGE_WEAPON_PARTS = parts.item("weapon-details");
export const FUDGE_ARMOR_PARTS = parts.item("armor-details");
export const FUDGE_SHIELD_PARTS = parts.item("shield-details");

/** Every template FUDGE's sheets render. */
export const FUDGE_SHEET_TEMPLATES = partTemplates(
  FUDGE_ACTOR_PARTS,
  FUDGE_SKILL_PARTS,
  FUDGE_WEAPON_PARTS,
  FUDGE_ARMOR_PARTS,
  FUDGE_SHIELD_PARTS,
);
