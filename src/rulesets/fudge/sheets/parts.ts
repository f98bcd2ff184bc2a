import { CORE_TABS, itemDetailsParts, partTemplates, type PartSpec } from "../../../sheets/parts";
import { templatePath } from "../../../sheets/paths";

/** FUDGE's character sheet; the NPC sheet shows the same parts without the tab navigation. */
export const FUDGE_ACTOR_PARTS = {
  header: { template: templatePath("rulesets/fudge/sheets/header.hbs") },
  tabs: { template: CORE_TABS },
  traits: { template: templatePath("rulesets/fudge/sheets/traits.hbs"), scrollable: [""] },
  combat: { template: templatePath("rulesets/fudge/sheets/combat.hbs"), scrollable: [""] },
  notes: { template: templatePath("sheets/actor/notes.hbs"), scrollable: [""] },
} satisfies Record<string, PartSpec>;

const itemParts = (details: string) => itemDetailsParts(templatePath(`rulesets/fudge/sheets/${details}.hbs`));

export const FUDGE_SKILL_PARTS = itemParts("skill-details");
export const FUDGE_WEAPON_PARTS = itemParts("weapon-details");
export const FUDGE_ARMOR_PARTS = itemParts("armor-details");
export const FUDGE_SHIELD_PARTS = itemParts("shield-details");

/** Every template FUDGE's sheets render. */
export const FUDGE_SHEET_TEMPLATES = partTemplates(
  FUDGE_ACTOR_PARTS,
  FUDGE_SKILL_PARTS,
  FUDGE_WEAPON_PARTS,
  FUDGE_ARMOR_PARTS,
  FUDGE_SHIELD_PARTS,
);
