import { CORE_TABS, itemDetailsParts, partTemplates, type PartSpec } from "../../../sheets/parts";
import { templatePath } from "../../../sheets/paths";

/** Heroes of Destiny's character sheet; the NPC sheet shows the same parts without the tab navigation. */
export const HOD_ACTOR_PARTS = {
  header: { template: templatePath("rulesets/hod/sheets/header.hbs") },
  tabs: { template: CORE_TABS },
  combat: { template: templatePath("rulesets/hod/sheets/combat.hbs"), scrollable: [""] },
  equipment: { template: templatePath("rulesets/hod/sheets/equipment.hbs"), scrollable: [""] },
  details: { template: templatePath("rulesets/hod/sheets/details.hbs"), scrollable: [""] },
  notes: { template: templatePath("sheets/actor/notes.hbs"), scrollable: [""] },
} satisfies Record<string, PartSpec>;

export const HOD_WEAPON_PARTS = itemDetailsParts(templatePath("rulesets/hod/sheets/weapon-details.hbs"));

export const HOD_ARMOR_PARTS = itemDetailsParts(templatePath("rulesets/hod/sheets/armor-details.hbs"));

/** Every template Heroes of Destiny's sheets render. */
export const HOD_SHEET_TEMPLATES = partTemplates(HOD_ACTOR_PARTS, HOD_WEAPON_PARTS, HOD_ARMOR_PARTS);
