/** An embedded item as a sheet's row controls use it. */
export interface ControlledItem {
  readonly system: Readonly<Record<string, unknown>>;
  readonly sheet: { render(options: object): unknown } | null;
  update(data: object): Promise<unknown>;
  deleteDialog(): Promise<unknown>;
}

/** The actor whose items the controls act on. */
export interface ItemOwner {
  readonly items: { get(id: string): ControlledItem | undefined };
  createEmbeddedDocuments(name: "Item", data: object[]): Promise<Array<{ sheet: ControlledItem["sheet"] }>>;
}

/** The item a control belongs to: the row's `data-item-id`. */
export function itemOf(actor: ItemOwner, target: HTMLElement): ControlledItem | undefined {
  const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
  return id ? actor.items.get(id) : undefined;
}

export async function editItem(actor: ItemOwner, target: HTMLElement): Promise<void> {
  await itemOf(actor, target)?.sheet?.render({ force: true });
}

export async function deleteItem(actor: ItemOwner, target: HTMLElement): Promise<void> {
  await itemOf(actor, target)?.deleteDialog();
}

/**
 * Creates an item of the control's `data-type` (else `fallbackType`) named "New <type>" through
 * `nameKey`, and opens its sheet.
 */
export async function createItem(
  actor: ItemOwner,
  target: HTMLElement,
  fallbackType: string,
  nameKey: string,
): Promise<void> {
  const type = target.dataset.type ?? fallbackType;
  const name = game.i18n!.format(nameKey, { type: game.i18n!.localize(`TYPES.Item.${type}`) });
  const [created] = await actor.createEmbeddedDocuments("Item", [{ name, type }]);
  await created?.sheet?.render({ force: true });
}

/** Worn or not (armor), equipped or not (weapons): the same `system.equipped` flag. */
export async function toggleEquipped(actor: ItemOwner, target: HTMLElement): Promise<void> {
  const item = itemOf(actor, target);
  if (item) await item.update({ "system.equipped": item.system.equipped === false });
}

/**
 * A sheet action on the clicked row's item: `act` runs with the sheet's actor and that item, when the
 * row names one of the actor's items. Foundry calls an action with the sheet as `this`.
 */
export function rowItemAction<A, I>(act: (actor: A, item: I) => Promise<unknown>) {
  return async function (this: { readonly document: unknown }, _event: Event, target: HTMLElement): Promise<void> {
    const item = itemOf(this.document as ItemOwner, target);
    if (item) await act(this.document as A, item as I);
  };
}
