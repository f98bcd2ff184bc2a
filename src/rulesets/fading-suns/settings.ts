import type { SettingEntry } from "../plugin";
import { SYSTEM_ID } from "../../constants";

/** The optional quick complementary skills rule: half a complementary skill's rating as a goal bonus. */
export const QUICK_COMPLEMENTARY: SettingEntry = {
  key: "fadingSunsQuickComplementary",
  name: "ANTHOLOGY.FadingSuns.Settings.quickComplementary.name",
  hint: "ANTHOLOGY.FadingSuns.Settings.quickComplementary.hint",
  type: "boolean",
  default: false,
};

export const FADING_SUNS_SETTINGS: readonly SettingEntry[] = [QUICK_COMPLEMENTARY];

/** Whether the world plays with quick complementary skills (off where the setting is not registered). */
export function quickComplementarySetting(): boolean {
  try {
    return game.settings!.get(SYSTEM_ID as never, QUICK_COMPLEMENTARY.key as never) === true;
  } catch {
    return false;
  }
}
