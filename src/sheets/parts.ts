import { templatePath } from "./paths";

interface PartSpec {
  template: string;
  scrollable?: string[];
}

const CORE_TABS = "templates/generic/tab-navigation.hbs";

/** Template parts of the base sheets, kept as plain data so preloading can list them. */
export const ACTOR_PARTS = {
  header: { template: templatePath("sheets/actor/header.hbs") },
  tabs: { template: CORE_TABS },
  notes: { template: templatePath("sheets/actor/notes.hbs"), scrollable: [""] },
} satisfies Record<string, PartSpec>;

/** What a user with only Limited permission sees of any actor: portrait, name and the notes' public part. */
export const LIMITED_ACTOR_PARTS = {
  limited: { template: templatePath("sheets/actor/limited.hbs"), scrollable: [""] },
} satisfies Record<string, PartSpec>;

export const ITEM_PARTS = {
  header: { template: templatePath("sheets/item/header.hbs") },
  tabs: { template: CORE_TABS },
  description: { template: templatePath("sheets/item/description.hbs"), scrollable: [""] },
} satisfies Record<string, PartSpec>;

/** The Fade's character sheet; the NPC sheet shows the same parts without the tab navigation. */
export const FADE_ACTOR_PARTS = {
  header: { template: templatePath("sheets/fade/header.hbs") },
  tabs: { template: CORE_TABS },
  combat: { template: templatePath("sheets/fade/combat.hbs"), scrollable: [""] },
  equipment: { template: templatePath("sheets/fade/equipment.hbs"), scrollable: [""] },
  details: { template: templatePath("sheets/fade/details.hbs"), scrollable: [""] },
  notes: { template: templatePath("sheets/actor/notes.hbs"), scrollable: [""] },
} satisfies Record<string, PartSpec>;

/** An item's rich-text description on its own tab, for item sheets whose other fields have a tab of their own. */
const RICH_DESCRIPTION = { template: templatePath("sheets/item/rich-description.hbs"), scrollable: [""] };

export const FADE_WEAPON_PARTS = {
  header: ITEM_PARTS.header,
  tabs: { template: CORE_TABS },
  details: { template: templatePath("sheets/fade/weapon-details.hbs"), scrollable: [""] },
  description: RICH_DESCRIPTION,
} satisfies Record<string, PartSpec>;

export const FADE_ARMOR_PARTS = {
  header: ITEM_PARTS.header,
  tabs: { template: CORE_TABS },
  details: { template: templatePath("sheets/fade/armor-details.hbs"), scrollable: [""] },
  description: RICH_DESCRIPTION,
} satisfies Record<string, PartSpec>;

/** Heroes of Destiny's character sheet; the NPC sheet shows the same parts without the tab navigation. */
export const HOD_ACTOR_PARTS = {
  header: { template: templatePath("sheets/hod/header.hbs") },
  tabs: { template: CORE_TABS },
  combat: { template: templatePath("sheets/hod/combat.hbs"), scrollable: [""] },
  equipment: { template: templatePath("sheets/hod/equipment.hbs"), scrollable: [""] },
  details: { template: templatePath("sheets/hod/details.hbs"), scrollable: [""] },
  notes: { template: templatePath("sheets/actor/notes.hbs"), scrollable: [""] },
} satisfies Record<string, PartSpec>;

export const HOD_WEAPON_PARTS = {
  header: ITEM_PARTS.header,
  tabs: { template: CORE_TABS },
  details: { template: templatePath("sheets/hod/weapon-details.hbs"), scrollable: [""] },
  description: RICH_DESCRIPTION,
} satisfies Record<string, PartSpec>;

export const HOD_ARMOR_PARTS = {
  header: ITEM_PARTS.header,
  tabs: { template: CORE_TABS },
  details: { template: templatePath("sheets/hod/armor-details.hbs"), scrollable: [""] },
  description: RICH_DESCRIPTION,
} satisfies Record<string, PartSpec>;

/** Every template of ours a sheet renders (core's own tab navigation excluded), for preloading. */
export const SHEET_TEMPLATES: readonly string[] = [
  ...new Set(
    [
      ACTOR_PARTS,
      LIMITED_ACTOR_PARTS,
      ITEM_PARTS,
      FADE_ACTOR_PARTS,
      FADE_WEAPON_PARTS,
      FADE_ARMOR_PARTS,
      HOD_ACTOR_PARTS,
      HOD_WEAPON_PARTS,
      HOD_ARMOR_PARTS,
    ]
      .flatMap((parts) => Object.values(parts).map((p: PartSpec) => p.template))
      .filter((t) => t !== CORE_TABS),
  ),
];
