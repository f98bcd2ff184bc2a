import { beforeAll, describe, expect, it } from "vitest";
import { fulfillment } from "../foundry/dice";
import { installFoundry, loadWorld, type StandInRecord } from "../foundry/stand-in";
import { runBatch } from "../support/quench-runner";

// The Quench batch is meant for a live world; here it runs against the stand-in with dice where both
// blows of the exchange land, so every step of it (link, both applies, undo) runs on every test run.

let record: StandInRecord;

beforeAll(async () => {
  record = installFoundry({ ruleSet: "fudge" });
  await import("../../src");
  loadWorld(record);
});

describe("Quench batch: FUDGE at the table", () => {
  it("passes against the stand-in and cleans up what it created", async () => {
    const { fudgeBatch } = await import("../../src/rulesets/fudge/quench");
    // Violent Mickey rolls 0 (offense 3, defense −1); the bandit rolls +1 (offense 1, defense 1): both hit.
    fulfillment.push(2, 2, 2, 2, 3, 2, 2, 2);
    const results = await runBatch(fudgeBatch);
    expect(results.map((r) => r.name)).toHaveLength(2);
    expect(results.filter((r) => r.error).map((r) => `${r.name}: ${String(r.error)}`)).toEqual([]);
    expect(fulfillment).toEqual([]);
    expect((game as unknown as { actors: { size: number } }).actors.size).toBe(0);
    expect((game as unknown as { messages: { size: number } }).messages.size).toBe(0);
  });

  it("is registered with Quench under the system's id", () => {
    const batches: string[] = [];
    for (const fn of record.hooks.get("quenchReady") ?? []) fn({ registerBatch: (key: string) => batches.push(key) });
    expect(batches).toContain("anthology.fudge");
  });
});
