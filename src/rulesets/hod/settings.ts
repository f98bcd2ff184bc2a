import type { SettingEntry } from "../plugin";
import { SYSTEM_ID } from "../../constants";

/** Whether NPCs use the static speed factor ("static") or roll it ("roll"), as the text allows the GM. */
export const NPC_SPEED: SettingEntry = {
  key: "npcSpeed",
  name: "ANTHOLOGY.Settings.npcSpeed.name",
  hint: "ANTHOLOGY.Settings.npcSpeed.hint",
  type: "string",
  choices: { static: "ANTHOLOGY.Settings.npcSpeed.static", roll: "ANTHOLOGY.Settings.npcSpeed.roll" },
  default: "static",
};

/** Heroes of Destiny: whether NPCs use the static speed factor ("static") or roll it ("roll"). */
export function npcSpeedSetting(): string {
  return String(game.settings!.get(SYSTEM_ID as never, NPC_SPEED.key as never));
}
