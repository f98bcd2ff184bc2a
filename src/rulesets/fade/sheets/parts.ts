import { CORE_TABS, itemDetailsParts, partTemplates, type PartSpec } from "../../../sheets/parts";
import { templatePath } from "../../../sheets/paths";

/** The Fade's character sheet; the NPC sheet shows the same parts without the tab navigation. */
export const FADE_ACTOR_PARTS = {
  header: { template: templatePath("rulesets/fade/sheets/header.hbs") },
  tabs: { template: CORE_TABS },
  combat: { template: templatePath("rulesets/fade/sheets/combat.hbs"), scrollable: [""] },
  equipment: { template: templatePath("rulesets/fade/sheets/equipment.hbs"), scrollable: [""] },
  details: { template: templatePath("rulesets/fade/sheets/details.hbs"), scrollable: [""] },
  notes: { template: templatePath("sheets/actor/notes.hbs"), scrollable: [""] },
} satisfies Record<string, PartSpec>;

export const FADE_WEAPON_PARTS = itemDetailsParts(templatePath("rulesets/fade/sheets/weapon-details.hbs"));

export const FADE_ARMOR_PARTS = itemDetailsParts(templatePath("rulesets/fade/sheets/armor-details.hbs"));

export const FADE_TRAIT_PARTS = itemDetailsParts(templatePath("rulesets/fade/sheets/trait-details.hbs"));

/** Every template The Fade's sheets render. */
export const FADE_SHEET_TEMPLATES = partTemplates(
  FADE_ACTOR_PARTS,
  FADE_WEAPON_PARTS,
  FADE_ARMOR_PARTS,
  FADE_TRAIT_PARTS,
);
