import type { SettingEntry } from "../plugin";
import { SYSTEM_ID } from "../../constants";
import {
  WOUND_CHART,
  formatTable,
  formatWoundChart,
  isInitiativeMethod,
  parseTable,
  parseWoundChart,
  readTables,
  type OpenD6Tables,
  type TableName,
  type HealthMode,
  type InitiativeMethod,
  type WoundChartLine,
} from "./rules";

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

/** The modifier tables, each as text a GM can edit ("Point Blank -5, Short 0, Medium 5, Long 10"). */
const table = (name: TableName, key: string, label: string, hint: string): SettingEntry => ({
  key,
  name: label,
  hint,
  type: "string",
  default: formatTable(name),
});
export const TABLE_SETTINGS: Readonly<Record<TableName, SettingEntry>> = {
  range: table(
    "range",
    "opend6RangeTable",
    "ANTHOLOGY.OpenD6.Settings.rangeTable.name",
    "ANTHOLOGY.OpenD6.Settings.rangeTable.hint",
  ),
  cover: table(
    "cover",
    "opend6CoverTable",
    "ANTHOLOGY.OpenD6.Settings.coverTable.name",
    "ANTHOLOGY.OpenD6.Settings.coverTable.hint",
  ),
  calledShot: table(
    "calledShot",
    "opend6CalledShotTable",
    "ANTHOLOGY.OpenD6.Settings.calledShotTable.name",
    "ANTHOLOGY.OpenD6.Settings.calledShotTable.hint",
  ),
  location: table(
    "location",
    "opend6LocationTable",
    "ANTHOLOGY.OpenD6.Settings.locationTable.name",
    "ANTHOLOGY.OpenD6.Settings.locationTable.hint",
  ),
  difficulty: table(
    "difficulty",
    "opend6DifficultyTable",
    "ANTHOLOGY.OpenD6.Settings.difficultyTable.name",
    "ANTHOLOGY.OpenD6.Settings.difficultyTable.hint",
  ),
  healing: table(
    "healing",
    "opend6HealingTable",
    "ANTHOLOGY.OpenD6.Settings.healingTable.name",
    "ANTHOLOGY.OpenD6.Settings.healingTable.hint",
  ),
};

/** The text's three ways of ordering combat. */
export const INITIATIVE_METHOD: SettingEntry = {
  key: "opend6Initiative",
  name: "ANTHOLOGY.OpenD6.Settings.initiative.name",
  hint: "ANTHOLOGY.OpenD6.Settings.initiative.hint",
  type: "string",
  choices: {
    firstAction: "ANTHOLOGY.OpenD6.Settings.initiative.firstAction",
    scene: "ANTHOLOGY.OpenD6.Settings.initiative.scene",
    round: "ANTHOLOGY.OpenD6.Settings.initiative.round",
  },
  default: "round",
};

/** The optional initiative bonus: high search or Reflexes add to the Perception roll. */
export const INITIATIVE_BONUS: SettingEntry = {
  key: "opend6InitiativeBonus",
  name: "ANTHOLOGY.OpenD6.Settings.initiativeBonus.name",
  hint: "ANTHOLOGY.OpenD6.Settings.initiativeBonus.hint",
  type: "boolean",
  default: false,
};

export const OPEND6_SETTINGS: readonly SettingEntry[] = [
  HEALTH_MODE,
  DEFENSE_BONUS,
  DAMAGE_BONUS,
  WOUND_CHART_SETTING,
  ...Object.values(TABLE_SETTINGS),
  INITIATIVE_METHOD,
  INITIATIVE_BONUS,
];

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

export function initiativeMethodSetting(): InitiativeMethod {
  const value = read(INITIATIVE_METHOD.key);
  return isInitiativeMethod(value) ? value : "round";
}

export function initiativeBonusSetting(): boolean {
  return read(INITIATIVE_BONUS.key) === true;
}

/** The world's modifier tables (a row that cannot be read keeps its default). */
export function tablesSetting(): OpenD6Tables {
  return readTables((name) => read(TABLE_SETTINGS[name].key));
}

/** The entries of the Wound-level chart and the tables that could not be read, as typed. */
export function unreadTableEntries(): string[] {
  return [
    ...parseWoundChart(read(WOUND_CHART_SETTING.key)).unread,
    ...Object.entries(TABLE_SETTINGS).flatMap(([name, s]) => parseTable(name as TableName, read(s.key)).unread),
  ];
}
