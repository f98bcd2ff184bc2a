import type { ControlledItem, ItemOwner } from "./item-controls";
import type { SheetItem } from "./item-rows";

/** An item as a rule set's actor sheet reads it: a row it lists, and the row's controls act on. */
export type SheetRowItem<Item extends SheetItem = SheetItem> = Item & ControlledItem;

/** An actor as a rule set's sheet reads it: its prepared system data, and the items it lists. */
export interface SheetActor<System, Item extends SheetItem = SheetItem> extends ItemOwner {
  readonly system: System;
  readonly items: { get(id: string): SheetRowItem<Item> | undefined; contents: Array<SheetRowItem<Item>> };
}
