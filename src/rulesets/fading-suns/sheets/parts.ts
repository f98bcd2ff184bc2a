import { partTemplates, ruleSetParts } from "../../../sheets/parts";

const parts = ruleSetParts("fading-suns");

/** Fading Suns' character sheet; the NPC sheet shows the same parts without the tab navigation. */
export const FS_ACTOR_PARTS = parts.actor("traits", "combat");

export const FS_WEAPON_PARTS = parts.item("weapon-details");
export const FS_ARMOR_PARTS = parts.item("armor-details");
export const FS_SKILL_PARTS = parts.item("skill-details");

/** Every template Fading Suns' sheets render. */
export const FS_SHEET_TEMPLATES = partTemplates(FS_ACTOR_PARTS, FS_WEAPON_PARTS, FS_ARMOR_PARTS, FS_SKILL_PARTS);
