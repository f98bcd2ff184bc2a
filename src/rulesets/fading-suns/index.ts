import type { RuleSetPlugin } from "../plugin";
import { FadingSunsActorData, FadingSunsArmorData, FadingSunsSkillData, FadingSunsWeaponData } from "./data";

/** Fading Suns' Foundry side: its data models, sheets and cards. */
export const plugin: RuleSetPlugin = {
  id: "fading-suns",
  dataModels: {
    Actor: { character: FadingSunsActorData, npc: FadingSunsActorData },
    Item: { weapon: FadingSunsWeaponData, armor: FadingSunsArmorData, skill: FadingSunsSkillData },
  },
};
