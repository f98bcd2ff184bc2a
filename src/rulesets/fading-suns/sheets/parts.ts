import { CORE_TABS, itemDetailsParts, partTemplates, type PartSpec } from "../../../sheets/parts";
import { templatePath } from "../../../sheets/paths";

/** Fading Suns' character sheet; the NPC sheet shows the same parts without the tab navigation. */
export const FS_ACTOR_PARTS = {
  header: { template: templatePath("rulesets/fading-suns/sheets/header.hbs") },
  tabs: { template: CORE_TABS },
  traits: { template: templatePath("rulesets/fading-suns/sheets/traits.hbs"), scrollable: [""] },
  combat: { template: templatePath("rulesets/fading-suns/sheets/combat.hbs"), scrollable: [""] },
  notes: { template: templatePath("sheets/actor/notes.hbs"), scrollable: [""] },
} satisfies Record<string, PartSpec>;

const itemParts = (details: string) => itemDetailsParts(templatePath(`rulesets/fading-suns/sheets/${details}.hbs`));

export const FS_WEAPON_PARTS = itemParts("weapon-details");
export const FS_ARMOR_PARTS = itemParts("armor-details");
export const FS_SKILL_PARTS = itemParts("skill-details");

/** Every template Fading Suns' sheets render. */
export const FS_SHEET_TEMPLATES = partTemplates(FS_ACTOR_PARTS, FS_WEAPON_PARTS, FS_ARMOR_PARTS, FS_SKILL_PARTS);
