import { templatePath } from "./paths";

export interface PartSpec {
  template: string;
  scrollable?: string[];
}

/** Core's tab navigation part, which every tabbed sheet uses. */
export const CORE_TABS = "templates/generic/tab-navigation.hbs";

/** Template parts of the base sheets, kept as plain data so preloading can list them. */
export const ACTOR_PARTS = {
  header: { template: templatePath("sheets/actor/header.hbs") },
  tabs: { template: CORE_TABS },
  effects: { template: templatePath("sheets/actor/effects.hbs"), scrollable: [""] },
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

/** An item's rich-text description on its own tab, for item sheets whose other fields have a tab of their own. */
export const RICH_DESCRIPTION = { template: templatePath("sheets/item/rich-description.hbs"), scrollable: [""] };

/**
 * The parts of a rule set's sheets, from its templates (templates/rulesets/<id>/sheets/<name>.hbs):
 * `actor(...tabs)` is its character sheet (its header, the tab navigation, a tab part per name, then the
 * shared effects and notes); `item(details)` an item sheet (the shared header, its details tab, the rich description).
 */
export function ruleSetParts(ruleSetId: string) {
  const template = (name: string) => templatePath(`rulesets/${ruleSetId}/sheets/${name}.hbs`);
  return {
    actor: (...tabs: string[]): Record<string, PartSpec> => ({
      header: { template: template("header") },
      tabs: ACTOR_PARTS.tabs,
      ...Object.fromEntries(tabs.map((id) => [id, { template: template(id), scrollable: [""] }])),
      effects: ACTOR_PARTS.effects,
      notes: ACTOR_PARTS.notes,
    }),
    item: (details: string) =>
      ({
        header: ITEM_PARTS.header,
        tabs: ITEM_PARTS.tabs,
        details: { template: template(details), scrollable: [""] },
        description: RICH_DESCRIPTION,
      }) satisfies Record<string, PartSpec>,
  };
}

/** A sheet's parts without the tab navigation, for a compact sheet that shows every part at once. */
export function compactParts<P extends Record<string, PartSpec>>(parts: P): Omit<P, "tabs"> {
  return Object.fromEntries(Object.entries(parts).filter(([id]) => id !== "tabs")) as Omit<P, "tabs">;
}

/** The templates of a set of parts, core's own tab navigation excluded: what a sheet needs preloaded. */
export function partTemplates(...parts: ReadonlyArray<Record<string, PartSpec>>): string[] {
  return [
    ...new Set(parts.flatMap((p) => Object.values(p).map((spec) => spec.template)).filter((t) => t !== CORE_TABS)),
  ];
}

/** The shared sheets' templates, for preloading. */
export const SHEET_TEMPLATES: readonly string[] = partTemplates(ACTOR_PARTS, LIMITED_ACTOR_PARTS, ITEM_PARTS);
