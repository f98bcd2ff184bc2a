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
