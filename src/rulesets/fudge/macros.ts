import type { MacroParts } from "../plugin";
import { rollAttack, rollCheck, rollTactics, type FudgeActor } from "./chat/flow";
import { FUDGE_ATTRIBUTES, type FudgeAttribute } from "./rules/play";

/** FUDGE's sheet rolls as hotbar macros: each calls the flow its sheet button calls. */
export const fudgeMacros: MacroParts = {
  icon: "icons/svg/d20-grey.svg",
  rolls: {
    // An attribute's check (`key`: "strength"...).
    attribute: {
      hasKey: (_actor, key) => (FUDGE_ATTRIBUTES as readonly string[]).includes(key),
      roll: (actor, _item, key) => rollCheck(actor as FudgeActor, { kind: "attribute", id: key as FudgeAttribute }),
    },
    // A skill's check (the skill item).
    skill: {
      item: "required",
      itemTypes: ["skill"],
      roll: (actor, item) => rollCheck(actor as FudgeActor, { kind: "skill", id: (item as { id: string }).id }),
    },
    // A weapon's attack; without one, an unarmed attack.
    attack: {
      item: "optional",
      itemTypes: ["weapon"],
      roll: (actor, item) => rollAttack(actor as FudgeActor, (item ?? null) as Parameters<typeof rollAttack>[1]),
    },
    tactics: { roll: (actor) => rollTactics(actor as FudgeActor) },
  },
  kindOfItem: (item) => (item.type === "fudge-weapon" ? "attack" : item.type === "fudge-skill" ? "skill" : null),
};
