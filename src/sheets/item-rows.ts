/** An embedded item as a sheet lists it. */
export interface SheetItem {
  readonly id: string;
  readonly name: string;
  readonly img: string;
  readonly type: string;
  readonly sort?: number;
  readonly system: Readonly<Record<string, unknown>>;
}

/** A stored number as a sheet shows it: 0 when the field holds anything but a finite number. */
export function finiteOrZero(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) ? value : 0;
}

/** Items in the order a sheet lists them: by their sort, then by name. */
export function sortedItems<T extends SheetItem>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || a.name.localeCompare(b.name));
}

/** The items of one type, in the order a sheet lists them. */
export function itemsOfType<T extends SheetItem>(items: readonly T[], type: string): T[] {
  return sortedItems(items.filter((i) => i.type === type));
}

/** What every item row starts with: the id its controls act on, its name and its picture. */
export function itemRow(item: SheetItem): { id: string; name: string; img: string } {
  return { id: item.id, name: item.name, img: item.img };
}

/** How many of an item the actor carries: one unless its quantity is a number. */
export function itemQuantity(item: SheetItem): number {
  return typeof item.system.quantity === "number" ? item.system.quantity : 1;
}
