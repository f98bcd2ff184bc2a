import type { SettingEntry } from "../plugin";
import { SYSTEM_ID } from "../../constants";
import { WOUND_CHART, formatWoundChart, parseWoundChart, type HealthMode, type WoundChartLine } from "./rules";

/** Whether hits count in Wound levels or in Body Points (the text offers both). */
export const HEALTH_MODE: SettingEntry = {
  key: "opend6Health",
  name: "ANTHOLOGY.OpenD6.Settings.health.name",
  hint: "ANTHOLOGY.OpenD6.Settings.health.hint",
  type: "string",
  choices: {
    wounds: "ANTHOLOGY.OpenD6.Settings.health.wounds",
    bodyPoints: "ANTHOLOGY.OpenD6.Settings.health.bodyPoints",
  },
  default: "wounds",
};

/** The optional defense modifier: high Reflexes or dodge raise passive defense. */
export const DEFENSE_BONUS: SettingEntry = {
  key: "opend6DefenseBonus",
  name: "ANTHOLOGY.OpenD6.Settings.defenseBonus.name",
  hint: "ANTHOLOGY.OpenD6.Settings.defenseBonus.hint",
  type: "boolean",
  default: false,
};

/** The optional damage bonus: an attack's margin over the difficulty, a fifth rounded up, adds to damage. */
export const DAMAGE_BONUS: SettingEntry = {
  key: "opend6DamageBonus",
  name: "ANTHOLOGY.OpenD6.Settings.damageBonus.name",
  hint: "ANTHOLOGY.OpenD6.Settings.damageBonus.hint",
  type: "boolean",
  default: false,
};

/** The Wound-level chart, as text a GM can edit ("1 Stunned, 4 Wounded, ..."). */
export const WOUND_CHART_SETTING: SettingEntry = {
  key: "opend6WoundChart",
  name: "ANTHOLOGY.OpenD6.Settings.woundChart.name",
  hint: "ANTHOLOGY.OpenD6.Settings.woundChart.hint",
  type: "string",
  default: formatWoundChart(WOUND_CHART),
};

export const OPEND6_SETTINGS: readonly SettingEntry[] = [HEALTH_MODE, DEFENSE_BONUS, DAMAGE_BONUS, WOUND_CHART_SETTING];

function read(key: string): unknown {
  try {
    return game.settings!.get(SYSTEM_ID as never, key as never);
  } catch {
    // Not registered (a test world, a data model prepared before init): the defaults.
    return undefined;
  }
}

export function healthModeSetting(): HealthMode {
  return read(HEALTH_MODE.key) === "bodyPoints" ? "bodyPoints" : "wounds";
}

export function defenseBonusSetting(): boolean {
  return read(DEFENSE_BONUS.key) === true;
}

export function damageBonusSetting(): boolean {
  return read(DAMAGE_BONUS.key) === true;
}

/** The world's Wound-level chart (the default one when it cannot be read at all). */
export function woundChartSetting(): readonly WoundChartLine[] {
  return parseWoundChart(read(WOUND_CHART_SETTING.key)).chart;
}
