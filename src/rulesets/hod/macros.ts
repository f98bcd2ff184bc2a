import type { MacroParts } from "../plugin";
import { itemsOfType, type SheetItem } from "../../sheets/item-rows";
import {
  prepareHodSpell,
  rollHodAttack,
  rollHodCheck,
  rollHodDamage,
  rollHodSpecial,
  type HodActorDoc,
  type HodItemDoc,
} from "./chat/flow";
import { rollHodHealing } from "./chat/heal";
import { rollHodPoison } from "./chat/poison";
import { HOD_ATTRIBUTES, HOD_WEAPON_TYPE } from "./data";
import { specialAction, usesWeapon } from "./rules/special-actions";

const weapon = { item: "required", itemTypes: ["weapon"] } as const;

/** The weapon a special action takes when the macro names none: the first the sheet's list offers. */
function firstWeapon(actor: unknown): HodItemDoc | undefined {
  const items = (actor as { items: { contents: SheetItem[] } }).items.contents;
  return itemsOfType(items, HOD_WEAPON_TYPE)[0] as HodItemDoc | undefined;
}

/** Heroes of Destiny's sheet rolls as hotbar macros: each calls the flow its sheet button calls. */
export const hodMacros: MacroParts = {
  icon: "icons/svg/sword.svg",
  rolls: {
    attack: { ...weapon, roll: (actor, item) => rollHodAttack(actor as HodActorDoc, item as HodItemDoc) },
    damage: { ...weapon, roll: (actor, item) => rollHodDamage(actor as HodActorDoc, item as HodItemDoc) },
    // A spell's preparation (the spell is a weapon row with a spell).
    spell: { ...weapon, roll: (actor, item) => prepareHodSpell(actor as never, item as never) },
    // A 3d6 check with an attribute (`key`: "strength"...).
    check: {
      hasKey: (_actor, key) => (HOD_ATTRIBUTES as readonly string[]).includes(key),
      roll: (actor, _item, key) => rollHodCheck(actor as HodActorDoc, key ?? ""),
    },
    // A special action (`key`: its id), with the macro's weapon or the first the sheet lists.
    special: {
      item: "optional",
      itemTypes: ["weapon"],
      hasKey: (_actor, key) => specialAction(key) !== undefined,
      roll: (actor, item, key) => {
        const action = specialAction(key ?? "");
        const chosen = (item as HodItemDoc | null) ?? (action && usesWeapon(action) ? firstWeapon(actor) : undefined);
        return rollHodSpecial(actor as HodActorDoc, key ?? "", chosen ?? undefined);
      },
    },
    heal: { roll: (actor) => rollHodHealing(actor as HodActorDoc) },
    poison: { roll: (actor) => rollHodPoison(actor as HodActorDoc) },
  },
  kindOfItem: (item) => {
    if (item.type !== HOD_WEAPON_TYPE) return null;
    const system = (item as { system?: { category?: unknown } }).system;
    return system?.category === "spell" ? "spell" : "attack";
  },
};
