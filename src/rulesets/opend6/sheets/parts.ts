import { partTemplates, ruleSetParts } from "../../../sheets/parts";

const parts = ruleSetParts("opend6");

/** OpenD6's character sheet; the NPC sheet shows the same parts without the tab navigation. */
export const OPEND6_ACTOR_PARTS = parts.actor("traits", "combat");

export const OPEND6_WEAPON_PARTS = parts.item("weapon-details");
export const OPEND6_ARMOR_PARTS = parts.item("armor-details");

/** Every template OpenD6's sheets render. */
export const OPEND6_SHEET_TEMPLATES = partTemplates(OPEND6_ACTOR_PARTS, OPEND6_WEAPON_PARTS, OPEND6_ARMOR_PARTS);
