import type { SettingEntry } from "../plugin";
import { SYSTEM_ID } from "../../constants";

/** Whether a hit's Victory Points add to its damage, a point each (docs/rules-decisions.md). */
export const VP_DAMAGE: SettingEntry = {
  key: "fadingSunsVpDamage",
  name: "ANTHOLOGY.FadingSuns.Settings.vpDamage.name",
  hint: "ANTHOLOGY.FadingSuns.Settings.vpDamage.hint",
  type: "boolean",
  default: true,
};

export const FADING_SUNS_SETTINGS: readonly SettingEntry[] = [VP_DAMAGE];

/** The world's choice; the default where the setting is not registered (a test world, before init). */
export function vpDamageSetting(): boolean {
  try {
    return game.settings!.get(SYSTEM_ID as never, VP_DAMAGE.key as never) !== false;
  } catch {
    return true;
  }
}
