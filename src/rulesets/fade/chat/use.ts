import { refOf } from "../../../play/cards";
import { warn } from "../../../play/notify";
import type { FadeActorDoc, FadeItemDoc } from "./flow";
import { tokenOf } from "./grid";
import { attackProvokers, postProvocation } from "./provoke";
import { postNote, spendTurn } from "./turn";

/**
 * Using a piece of gear (The Fade: a standard action; using an item while threatened provokes): the
 * standard action is spent in combat, the chat says who used what (with the item's description), a
 * consumable's quantity goes down by one, and the hostile creatures threatening the user may take
 * their attack of opportunity.
 */
export async function useItem(
  actor: FadeActorDoc,
  item: FadeItemDoc & { update(data: object): Promise<unknown> },
): Promise<unknown> {
  if (!actor.isOwner) return warn("ANTHOLOGY.Fade.Errors.notYours", { name: actor.name });
  const { consumable, quantity, description } = item.system as {
    consumable?: boolean;
    quantity?: number;
    description?: string;
  };
  const left = consumable && typeof quantity === "number" ? quantity : null;
  if (left !== null && left < 1) return warn("ANTHOLOGY.Fade.Use.none", { name: actor.name, item: item.name });
  const provokers = attackProvokers(tokenOf(actor.uuid), "item");
  if (!(await spendTurn(actor, "standard"))) return null;
  // The description as its sheet shows it to anyone: secrets stay out of the chat.
  const text = description
    ? await foundry.applications.ux.TextEditor.implementation.enrichHTML(description, {
        secrets: false,
        relativeTo: item as never,
      })
    : "";
  const note = await postNote(actor, "ANTHOLOGY.Fade.Use.note", { item: item.name }, text && `<div>${text}</div>`);
  if (left !== null) await item.update({ "system.quantity": left - 1 });
  if (provokers.length) await postProvocation(refOf(actor), provokers, "item");
  return note;
}
