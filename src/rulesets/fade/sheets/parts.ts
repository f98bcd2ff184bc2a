import { partTemplates, ruleSetParts } from "../../../sheets/parts";

const parts = ruleSetParts("fade");

/** The Fade's character sheet; the NPC sheet shows the same parts without the tab navigation. */
export const FADE_ACTOR_PARTS = parts.actor("combat", "equipment", "details");

export const FADE_WEAPON_PARTS = parts.item("weapon-details");
export const FADE_ARMOR_PARTS = parts.item("armor-details");
export const FADE_TRAIT_PARTS = parts.item("trait-details");

/** Every template The Fade's sheets render. */
export const FADE_SHEET_TEMPLATES = partTemplates(
  FADE_ACTOR_PARTS,
  FADE_WEAPON_PARTS,
  FADE_ARMOR_PARTS,
  FADE_TRAIT_PARTS,
);
