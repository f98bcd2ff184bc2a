import type { SettingEntry } from "../plugin";
import { SYSTEM_ID } from "../../constants";
import { DEFAULT_TABLES, formatDamageTable, parseDamageTable, parseRangeTable, type FudgeTables } from "./rules/tables";

/** The wound table a GM may change: "from wound" pairs ("1 scratch, 4 light, 7 major, 10 critical, 13 coma"). */
export const WOUND_TABLE: SettingEntry = {
  key: "fudgeWoundTable",
  name: "ANTHOLOGY.Fudge.Settings.woundTable.name",
  hint: "ANTHOLOGY.Fudge.Settings.woundTable.hint",
  type: "string",
  default: formatDamageTable(DEFAULT_TABLES.wounds),
};

/** The graze table ("0 scratch, 5 light": below the first line, undamaged). */
export const GRAZE_TABLE: SettingEntry = {
  key: "fudgeGrazeTable",
  name: "ANTHOLOGY.Fudge.Settings.grazeTable.name",
  hint: "ANTHOLOGY.Fudge.Settings.grazeTable.hint",
  type: "string",
  default: formatDamageTable(DEFAULT_TABLES.grazes),
};

/** The ranged difficulties by range band, in ladder words. */
export const RANGE_TABLE: SettingEntry = {
  key: "fudgeRangeTable",
  name: "ANTHOLOGY.Fudge.Settings.rangeTable.name",
  hint: "ANTHOLOGY.Fudge.Settings.rangeTable.hint",
  type: "string",
  default: "close Mediocre, medium Fair, far Good, extreme Great",
};

export const FUDGE_SETTINGS: readonly SettingEntry[] = [WOUND_TABLE, GRAZE_TABLE, RANGE_TABLE];

function read(key: string): unknown {
  try {
    return game.settings!.get(SYSTEM_ID as never, key as never);
  } catch {
    // Not registered (a world of another rule set, or before init): the text's tables.
    return undefined;
  }
}

/** The world's tables (each the text's own where it cannot be read). */
export function fudgeTables(): FudgeTables {
  return {
    wounds: parseDamageTable(read(WOUND_TABLE.key), DEFAULT_TABLES.wounds),
    grazes: parseDamageTable(read(GRAZE_TABLE.key), DEFAULT_TABLES.grazes),
    ranges: parseRangeTable(read(RANGE_TABLE.key)),
  };
}
