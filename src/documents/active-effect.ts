/**
 * The Active Effect document: an effect an item passes on to its actor (`transfer`) is suppressed while
 * the item is not worn or equipped (its `system.equipped` is false), Foundry's way of keeping an effect
 * on record without applying it. Foundry's `active` (not disabled, not suppressed) then leaves it out of
 * the actor's preparation, so the sheet, the dialogs, the cards and the GM's apply all read the actor
 * without it. Items without an `equipped` field (gifts, charms, gear) always pass their effects on.
 */
export function stowedItemEffect(effect: {
  readonly transfer?: boolean;
  readonly parent?: { readonly documentName?: string; readonly system?: unknown } | null;
}): boolean {
  const item = effect.parent;
  if (effect.transfer !== true || item?.documentName !== "Item") return false;
  return (item.system as { equipped?: unknown } | undefined)?.equipped === false;
}

export class AnthologyActiveEffect extends ActiveEffect {
  override get isSuppressed(): boolean {
    return stowedItemEffect(this as never) || super.isSuppressed;
  }
}
