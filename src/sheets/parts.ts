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

export const ITEM_PARTS = {
  header: { template: templatePath("sheets/item/header.hbs") },
  tabs: { template: CORE_TABS },
  description: { template: templatePath("sheets/item/description.hbs"), scrollable: [""] },
} satisfies Record<string, PartSpec>;

/** Every template of ours a sheet renders (core's own tab navigation excluded), for preloading. */
export const SHEET_TEMPLATES: readonly string[] = [ACTOR_PARTS, ITEM_PARTS]
  .flatMap((parts) => Object.values(parts).map((p: PartSpec) => p.template))
  .filter((t) => t !== CORE_TABS);
