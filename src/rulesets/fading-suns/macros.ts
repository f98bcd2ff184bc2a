import type { MacroParts } from "../plugin";
import { rollAttack, rollGoal, type FsActorDoc, type FsItemDoc } from "./chat/flow";
import { FS_SKILL_TYPE, FS_WEAPON_TYPE } from "./data/source";
import { isNaturalSkill } from "./rules/traits";

/** Fading Suns' sheet rolls as hotbar macros: each calls the flow its sheet button calls. */
export const fadingSunsMacros: MacroParts = {
  icon: "icons/svg/d20-grey.svg",
  rolls: {
    // A natural skill's goal roll (`key`: its id, "dodge", "fight"...).
    goal: {
      hasKey: (_actor, key) => isNaturalSkill(key),
      roll: (actor, _item, key) => rollGoal(actor as FsActorDoc, { kind: "natural", id: key ?? "" }),
    },
    // A learned skill's goal roll (the skill item).
    learned: {
      item: "required",
      itemTypes: ["skill"],
      roll: (actor, item) => rollGoal(actor as FsActorDoc, { kind: "learned", id: (item as FsItemDoc).id }),
    },
    // A weapon's attack; without one, an unarmed attack.
    attack: {
      item: "optional",
      itemTypes: ["weapon"],
      roll: (actor, item) => rollAttack(actor as FsActorDoc, (item as FsItemDoc | null) ?? null),
    },
  },
  kindOfItem: (item) => (item.type === FS_WEAPON_TYPE ? "attack" : item.type === FS_SKILL_TYPE ? "learned" : null),
};
