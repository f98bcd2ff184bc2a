import { CORE_TABS, itemDetailsParts, partTemplates, type PartSpec } from "../../../sheets/parts";
import { templatePath } from "../../../sheets/paths";

/** OpenD6's character sheet; the NPC sheet shows the same parts without the tab navigation. */
export const OPEND6_ACTOR_PARTS = {
  header: { template: templatePath("rulesets/opend6/sheets/header.hbs") },
  tabs: { template: CORE_TABS },
  traits: { template: templatePath("rulesets/opend6/sheets/traits.hbs"), scrollable: [""] },
  combat: { template: templatePath("rulesets/opend6/sheets/combat.hbs"), scrollable: [""] },
  notes: { template: templatePath("sheets/actor/notes.hbs"), scrollable: [""] },
} satisfies Record<string, PartSpec>;

export const OPEND6_WEAPON_PARTS = itemDetailsParts(templatePath("rulesets/opend6/sheets/weapon-details.hbs"));

export const OPEND6_ARMOR_PARTS = itemDetailsParts(templatePath("rulesets/opend6/sheets/armor-details.hbs"));

/** Every template OpenD6's sheets render. */
export const OPEND6_SHEET_TEMPLATES = partTemplates(OPEND6_ACTOR_PARTS, OPEND6_WEAPON_PARTS, OPEND6_ARMOR_PARTS);
