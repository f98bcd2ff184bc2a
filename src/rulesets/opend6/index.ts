import type { RuleSetPlugin } from "../plugin";
import { OpenD6ActorData, OpenD6ArmorData, OpenD6WeaponData } from "./data";
import { OPEND6_SETTINGS } from "./settings";

/** OpenD6's Foundry side: its data models, sheets, cards and world settings. */
export const plugin: RuleSetPlugin = {
  id: "opend6",
  dataModels: {
    Actor: { character: OpenD6ActorData, npc: OpenD6ActorData },
    Item: { weapon: OpenD6WeaponData, armor: OpenD6ArmorData },
  },
  settings: OPEND6_SETTINGS,
};
