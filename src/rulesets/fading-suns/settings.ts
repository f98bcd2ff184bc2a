import type { SettingEntry } from "../plugin";
import { SYSTEM_ID } from "../../constants";
import {
  SUSTAINED_TASKS,
  WOUND_PENALTIES,
  formatSustainedTable,
  formatWoundPenalties,
  parseSustainedTable,
  parseWoundPenalties,
  type SustainedTask,
} from "./rules";

/** The optional quick complementary skills rule: half a complementary skill's rating as a goal bonus. */
export const QUICK_COMPLEMENTARY: SettingEntry = {
  key: "fadingSunsQuickComplementary",
  name: "ANTHOLOGY.FadingSuns.Settings.quickComplementary.name",
  hint: "ANTHOLOGY.FadingSuns.Settings.quickComplementary.hint",
  type: "boolean",
  default: false,
};

/** The wound penalties a GM may change, first wounded level first ("-2, -4, -6, -8, -10"). */
export const WOUND_PENALTY_TABLE: SettingEntry = {
  key: "fadingSunsWoundPenalties",
  name: "ANTHOLOGY.FadingSuns.Settings.woundPenalties.name",
  hint: "ANTHOLOGY.FadingSuns.Settings.woundPenalties.hint",
  type: "string",
  default: formatWoundPenalties(WOUND_PENALTIES),
  // Every actor's derived numbers are read from it.
  requiresReload: true,
};

/** The sustained action chart ("simple 5, complex 10, involved 15, obscure 20, arcane 25"). */
export const SUSTAINED_TABLE: SettingEntry = {
  key: "fadingSunsSustainedTasks",
  name: "ANTHOLOGY.FadingSuns.Settings.sustainedTasks.name",
  hint: "ANTHOLOGY.FadingSuns.Settings.sustainedTasks.hint",
  type: "string",
  default: formatSustainedTable(parseSustainedTable(undefined)),
};

export const FADING_SUNS_SETTINGS: readonly SettingEntry[] = [
  QUICK_COMPLEMENTARY,
  WOUND_PENALTY_TABLE,
  SUSTAINED_TABLE,
];

function read(key: string): unknown {
  try {
    return game.settings!.get(SYSTEM_ID as never, key as never);
  } catch {
    // Not registered (a world of another rule set, or before init): the text's.
    return undefined;
  }
}

/** Whether the world plays with quick complementary skills (off where the setting is not registered). */
export function quickComplementarySetting(): boolean {
  return read(QUICK_COMPLEMENTARY.key) === true;
}

/** The world's wound penalties, from the last level up (our default track where unreadable). */
export function woundPenaltiesSetting(): readonly number[] {
  return parseWoundPenalties(read(WOUND_PENALTY_TABLE.key));
}

/** The Victory Points a sustained task needs in this world (0 for no task). */
export function sustainedNeeded(task: SustainedTask | null | undefined): number {
  if (!task || !SUSTAINED_TASKS.some((t) => t.id === task)) return 0;
  return parseSustainedTable(read(SUSTAINED_TABLE.key))[task];
}
