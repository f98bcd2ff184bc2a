import type { MacroParts } from "../plugin";
import {
  rollAttack,
  rollCheck,
  rollDamage,
  rollSkill,
  weaponOf,
  type FadeActorDoc,
  type FadeItemDoc,
} from "./chat/flow";
import { healFromSheet } from "./chat/heal";
import { fadeSkill } from "./rules/skills";

const weapon = { item: "required", itemTypes: ["weapon"] } as const;

/** The Fade's sheet rolls as hotbar macros: each calls the flow its sheet button calls. */
export const fadeMacros: MacroParts = {
  icon: "icons/svg/sword.svg",
  rolls: {
    attack: { ...weapon, roll: (actor, item) => rollAttack(actor as FadeActorDoc, item as FadeItemDoc) },
    fullAttack: {
      ...weapon,
      roll: (actor, item) => rollAttack(actor as FadeActorDoc, item as FadeItemDoc, { full: true }),
    },
    damage: {
      ...weapon,
      roll: (actor, item) => rollDamage(actor as FadeActorDoc, item as FadeItemDoc, weaponOf(item as FadeItemDoc)),
    },
    skill: {
      hasKey: (_actor, key) => fadeSkill(key) !== undefined,
      roll: (actor, _item, key) => rollSkill(actor as FadeActorDoc, key ?? ""),
    },
    dodge: { roll: (actor) => rollCheck(actor as FadeActorDoc) },
    heal: { roll: (actor) => healFromSheet(actor as FadeActorDoc) },
  },
  kindOfItem: (item) => (item.type === "fade-weapon" ? "attack" : null),
};
