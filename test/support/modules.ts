import type * as SharedData from "../../src/data";
import type * as FadeData from "../../src/rulesets/fade/data";
import type * as HodData from "../../src/rulesets/hod/data";
import type * as FudgeData from "../../src/rulesets/fudge/data";
import type * as FadingSunsData from "../../src/rulesets/fading-suns/data";
import type * as SharedSheets from "../../src/sheets";
import type * as FadeSheets from "../../src/rulesets/fade/sheets";
import type * as HodSheets from "../../src/rulesets/hod/sheets";
import type * as FudgeSheets from "../../src/rulesets/fudge/sheets";
import type * as FadingSunsSheets from "../../src/rulesets/fading-suns/sheets";

/** The shared sheets and every rule set's own, as tests that compare them need them. */
export type AllSheets = typeof SharedSheets &
  typeof FadeSheets &
  typeof HodSheets &
  typeof FudgeSheets &
  typeof FadingSunsSheets;
/** The shared data models and every rule set's own. */
export type AllData = typeof SharedData & typeof FadeData & typeof HodData & typeof FudgeData & typeof FadingSunsData;

/** Imports the sheet modules (after the stand-in's globals are installed). */
export async function loadAllSheets(): Promise<AllSheets> {
  return {
    ...(await import("../../src/sheets")),
    ...(await import("../../src/rulesets/fade/sheets")),
    ...(await import("../../src/rulesets/hod/sheets")),
    ...(await import("../../src/rulesets/fudge/sheets")),
    ...(await import("../../src/rulesets/fading-suns/sheets")),
  };
}

/** Imports the data model modules (after the stand-in's globals are installed). */
export async function loadAllData(): Promise<AllData> {
  return {
    ...(await import("../../src/data")),
    ...(await import("../../src/rulesets/fade/data")),
    ...(await import("../../src/rulesets/hod/data")),
    ...(await import("../../src/rulesets/fudge/data")),
    ...(await import("../../src/rulesets/fading-suns/data")),
  };
}
