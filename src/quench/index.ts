import type { Quench } from "@ethaks/fvtt-quench";
import { SYSTEM_ID } from "../constants";
import { allPlugins } from "../rulesets/plugins";
import { diceBatch } from "./dice";
import { generationsBatch } from "./generations";
import { registrationBatch } from "./registration";

/** Registers Anthology's Quench batches, then each rule set's; does nothing unless the Quench module is active. */
export function registerQuenchBatches(): void {
  Hooks.on(
    "quenchReady" as never,
    ((quench: Quench) => {
      quench.registerBatch(`${SYSTEM_ID}.registration`, registrationBatch, {
        displayName: "Anthology: registration",
        preSelected: true,
      });
      quench.registerBatch(`${SYSTEM_ID}.dice`, diceBatch, { displayName: "Anthology: dice", preSelected: true });
      quench.registerBatch(`${SYSTEM_ID}.generations`, generationsBatch, {
        displayName: "Anthology: Foundry v13 and v14",
        preSelected: true,
      });
      for (const plugin of allPlugins()) {
        for (const { id, displayName, batch } of plugin.quench ?? []) {
          quench.registerBatch(`${SYSTEM_ID}.${id}`, batch, { displayName, preSelected: true });
        }
      }
    }) as never,
  );
}
