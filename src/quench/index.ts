import type { Quench } from "@ethaks/fvtt-quench";
import { SYSTEM_ID } from "../constants";
import { diceBatch } from "./dice";
import { fadeBatch } from "../rulesets/fade/quench";
import { hodBatch } from "../rulesets/hod/quench/play";
import { hodSheetsBatch } from "../rulesets/hod/quench/sheets";
import { registrationBatch } from "./registration";
import { timeCountBatch } from "../rulesets/hod/quench/time-count";

/** Registers Anthology's Quench batches; does nothing unless the Quench module is active. */
export function registerQuenchBatches(): void {
  Hooks.on(
    "quenchReady" as never,
    ((quench: Quench) => {
      quench.registerBatch(`${SYSTEM_ID}.registration`, registrationBatch, {
        displayName: "Anthology: registration",
        preSelected: true,
      });
      quench.registerBatch(`${SYSTEM_ID}.dice`, diceBatch, { displayName: "Anthology: dice", preSelected: true });
      quench.registerBatch(`${SYSTEM_ID}.timeCount`, timeCountBatch, {
        displayName: "Anthology: Time Count (Heroes of Destiny worlds)",
        preSelected: true,
      });
      quench.registerBatch(`${SYSTEM_ID}.fade`, fadeBatch, {
        displayName: "Anthology: The Fade at the table",
        preSelected: true,
      });
      quench.registerBatch(`${SYSTEM_ID}.hodSheets`, hodSheetsBatch, {
        displayName: "Anthology: Heroes of Destiny actors and sheets",
        preSelected: true,
      });
      quench.registerBatch(`${SYSTEM_ID}.hod`, hodBatch, {
        displayName: "Anthology: Heroes of Destiny at the table",
        preSelected: true,
      });
    }) as never,
  );
}
