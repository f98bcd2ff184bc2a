import { escapeHtml } from "../../../play/escape";
import { FADE_CLASS_TYPE, FADE_SPECIES_TYPE } from "../data";

interface DialogV2Like {
  confirm(config: object): Promise<boolean | null>;
}

/** An item on the actor as far as replacing it goes. */
interface OwnedItem {
  readonly id: string;
  readonly name: string;
  readonly type: string;
}

/** The actor that takes the dropped species or class. */
export interface TraitOwner {
  readonly uuid: string;
  readonly items: { readonly contents: readonly OwnedItem[] };
  deleteEmbeddedDocuments(name: "Item", ids: string[]): Promise<unknown>;
}

/** The item types a character has one of at a time. */
const SINGLE: Readonly<Record<string, string>> = {
  [FADE_SPECIES_TYPE]: "ANTHOLOGY.Fade.Sheet.replaceSpecies",
  [FADE_CLASS_TYPE]: "ANTHOLOGY.Fade.Sheet.replaceClass",
};

/**
 * A species or class dropped on an actor that has one already replaces it once the user agrees: `create`
 * (the sheet's own drop) runs first, then the old one is deleted. Anything else goes straight to `create`.
 * Null when the user says no.
 */
export async function dropTrait(
  actor: TraitOwner,
  dropped: { type?: string; name?: string; parent?: { uuid?: string } | null } | null,
  create: () => Promise<unknown>,
): Promise<unknown> {
  const key = SINGLE[dropped?.type ?? ""];
  if (!key || dropped?.parent?.uuid === actor.uuid) return create();
  const old = actor.items.contents.filter((i) => i.type === dropped?.type);
  if (old.length > 0) {
    const i18n = game.i18n!;
    const DialogV2 = foundry.applications.api.DialogV2 as unknown as DialogV2Like;
    const yes = await DialogV2.confirm({
      window: { title: i18n.localize("ANTHOLOGY.Fade.Sheet.replaceTitle") },
      content: `<p>${escapeHtml(i18n.format(key, { old: old.map((i) => i.name).join(", "), new: dropped?.name ?? "" }))}</p>`,
      rejectClose: false,
    });
    if (!yes) return null;
  }
  const created = await create();
  if (created && old.length > 0)
    await actor.deleteEmbeddedDocuments(
      "Item",
      old.map((i) => i.id),
    );
  return created;
}
