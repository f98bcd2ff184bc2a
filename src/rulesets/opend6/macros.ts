import type { MacroParts } from "../plugin";
import { rollAttack, rollCheck, type OpenD6ActorDoc, type OpenD6ItemDoc } from "./chat/flow";
import { rollHealing } from "./chat/heal";
import { OPEND6_ATTRIBUTES, OPEND6_SKILL_IDS } from "./rules/traits";

/** OpenD6's sheet rolls as hotbar macros: each calls the flow its sheet button calls. */
export const opend6Macros: MacroParts = {
  icon: "icons/svg/d20-grey.svg",
  rolls: {
    // An attribute's check (`key`: "dexterity"...).
    attribute: {
      hasKey: (_actor, key) => (OPEND6_ATTRIBUTES as readonly string[]).includes(key),
      roll: (actor, _item, key) => rollCheck(actor as OpenD6ActorDoc, { kind: "attribute", id: key ?? "" }),
    },
    // A skill's check (`key`: "dodge", "blaster"...).
    skill: {
      hasKey: (_actor, key) => OPEND6_SKILL_IDS.includes(key),
      roll: (actor, _item, key) => rollCheck(actor as OpenD6ActorDoc, { kind: "skill", id: key ?? "" }),
    },
    // A weapon's attack; without one, an unarmed blow.
    attack: {
      item: "optional",
      itemTypes: ["weapon"],
      roll: (actor, item) => rollAttack(actor as OpenD6ActorDoc, (item as OpenD6ItemDoc | null) ?? null),
    },
    heal: { roll: (actor) => rollHealing(actor as OpenD6ActorDoc) },
  },
  kindOfItem: (item) => (item.type === "opend6-weapon" ? "attack" : null),
};
