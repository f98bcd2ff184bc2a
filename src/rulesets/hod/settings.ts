import type { SettingEntry } from "../plugin";
import { SYSTEM_ID } from "../../constants";

/** Whether NPCs use the static speed factor ("static") or roll it ("roll"), as the text allows the GM. */
export const NPC_SPEED: SettingEntry = {
  key: "npcSpeed",
  name: "ANTHOLOGY.HoD.Settings.npcSpeed.name",
  hint: "ANTHOLOGY.HoD.Settings.npcSpeed.hint",
  type: "string",
  choices: { static: "ANTHOLOGY.HoD.Settings.npcSpeed.static", roll: "ANTHOLOGY.HoD.Settings.npcSpeed.roll" },
  default: "static",
};

/** Heroes of Destiny: whether NPCs use the static speed factor ("static") or roll it ("roll"). */
export function npcSpeedSetting(): string {
  return String(game.settings!.get(SYSTEM_ID as never, NPC_SPEED.key as never));
}

/** The optional Impairments rule: a hit whose damage exceeds the Threshold of Pain leaves an impairment of its type. */
export const IMPAIRMENTS: SettingEntry = {
  key: "hodImpairments",
  name: "ANTHOLOGY.HoD.Settings.impairments.name",
  hint: "ANTHOLOGY.HoD.Settings.impairments.hint",
  type: "boolean",
  default: false,
};

/** Heroes of Destiny: whether the optional Impairments rule is in play. */
export function impairmentsSetting(): boolean {
  return game.settings!.get(SYSTEM_ID as never, IMPAIRMENTS.key as never) === true;
}

/** The optional Simultaneous Actions rule: each attacker hitting one target on a count beyond the first lowers its Threshold for impairments. */
export const SIMULTANEOUS: SettingEntry = {
  key: "hodSimultaneous",
  name: "ANTHOLOGY.HoD.Settings.simultaneous.name",
  hint: "ANTHOLOGY.HoD.Settings.simultaneous.hint",
  type: "boolean",
  default: false,
};

/** Heroes of Destiny: whether the optional Simultaneous Actions rule is in play. */
export function simultaneousSetting(): boolean {
  return game.settings!.get(SYSTEM_ID as never, SIMULTANEOUS.key as never) === true;
}
