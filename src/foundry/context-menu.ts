/**
 * A context-menu entry in the shape this generation reads: v13's `{name, condition, callback(target)}`
 * became v14's `{label, visible, onClick(event, target)}` (NOTES-v14.md §6); the old keys warn on v14.
 */
import { isV14 } from "./generation";
import type { ContextMenuEntryV13, ContextMenuEntryV14 } from "./v14-shapes";

/** An entry as Anthology writes it: its label (an i18n key), its icon's HTML, when it shows, what it does. */
export interface MenuEntry {
  readonly label: string;
  readonly icon: string;
  readonly visible?: (target: HTMLElement) => boolean;
  readonly onClick: (target: HTMLElement) => unknown;
}

export function menuEntry(entry: MenuEntry): ContextMenuEntryV13 | ContextMenuEntryV14 {
  const { label, icon, visible, onClick } = entry;
  if (isV14()) return { label, icon, ...(visible ? { visible } : {}), onClick: (_event, target) => onClick(target) };
  return { name: label, icon, ...(visible ? { condition: visible } : {}), callback: (target) => onClick(target) };
}
