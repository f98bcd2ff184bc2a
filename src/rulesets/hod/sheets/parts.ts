import { partTemplates, ruleSetParts } from "../../../sheets/parts";

const parts = ruleSetParts("hod");

/** Heroes of Destiny's character sheet; the NPC sheet shows the same parts without the tab navigation. */
export const HOD_ACTOR_PARTS = parts.actor("combat", "equipment", "details");

export const HOD_WEAPON_PARTS = parts.item("weapon-details");
export const HOD_ARMOR_PARTS = parts.item("armor-details");

/** Every template Heroes of Destiny's sheets render. */
export const HOD_SHEET_TEMPLATES = partTemplates(HOD_ACTOR_PARTS, HOD_WEAPON_PARTS, HOD_ARMOR_PARTS);
