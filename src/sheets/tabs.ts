import type { TabSpec } from "./foundry-bases";

/** A sheet's TABS: its groups of tabs, each opening on its `initial` tab. */
export type SheetTabs = Record<string, { tabs: TabSpec[]; initial: string }>;

/** The notes tab every actor sheet ends with. */
export const NOTES_TAB: TabSpec = { id: "notes", icon: "fa-solid fa-book-open", label: "ANTHOLOGY.Sheet.Tabs.notes" };

/** The rich-text description every item sheet has. */
export const DESCRIPTION_TAB: TabSpec = {
  id: "description",
  icon: "fa-solid fa-scroll",
  label: "ANTHOLOGY.Sheet.Tabs.description",
};

/** A rule set's details tab (its own fields), under the rule set's label. */
export function detailsTab(label: string): TabSpec {
  return { id: "details", icon: "fa-solid fa-sliders", label };
}

/** A sheet's one group of tabs, opening on the first. */
export function primaryTabs(...tabs: TabSpec[]): SheetTabs {
  return { primary: { tabs, initial: tabs[0]?.id ?? "" } };
}

/** A tab part's context: the part renders the tab whose id is the part id. */
export function withPartTab<T extends object>(partId: string, context: T): T & { tab: unknown } {
  const tabs = (context as { tabs?: Record<string, unknown> }).tabs;
  return { ...context, tab: tabs?.[partId] };
}
