import { CORE_TABS, ITEM_PARTS, RICH_DESCRIPTION, partTemplates, type PartSpec } from "../../../sheets/parts";
import { templatePath } from "../../../sheets/paths";

/** OpenD6's character sheet; the NPC sheet shows the same parts without the tab navigation. */
export const OPEND6_ACTOR_PARTS = {
  header: { template: templatePath("rulesets/opend6/sheets/header.hbs") },
  tabs: { template: CORE_TABS },
  traits: { template: templatePath("rulesets/opend6/sheets/traits.hbs"), scrollable: [""] },
  combat: { template: templatePath("rulesets/opend6/sheets/combat.hbs"), scrollable: [""] },
  notes: { template: templatePath("sheets/actor/notes.hbs"), scrollable: [""] },
} satisfies Record<string, PartSpec>;

export const OPEND6_WEAPON_PARTS = {
  header: ITEM_PARTS.header,
  tabs: { template: CORE_TABS },
  details: { template: templatePath("rulesets/opend6/sheets/weapon-details.hbs"), scrollable: [""] },
  description: RICH_DESCRIPTION,
} satisfies Record<string, PartSpec>;

export const OPEND6_ARMOR_PARTS = {
  header: ITEM_PARTS.header,
  tabs: { template: CORE_TABS },
  details: { template: templatePath("rulesets/opend6/sheets/armor-details.hbs"), scrollable: [""] },
  description: RICH_DESCRIPTION,
} satisfies Record<string, PartSpec>;

/** Every template OpenD6's sheets render. */
export const OPEND6_SHEET_TEMPLATES = partTemplates(OPEND6_ACTOR_PARTS, OPEND6_WEAPON_PARTS, OPEND6_ARMOR_PARTS);
