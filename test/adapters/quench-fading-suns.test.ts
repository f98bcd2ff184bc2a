import { beforeAll, describe, expect, it } from "vitest";
import { fulfillment } from "../foundry/dice";
import { installFoundry, loadWorld, type StandInRecord } from "../foundry/stand-in";
import { runBatch } from "../support/quench-runner";

// The Quench batch is meant for a live world; here it runs against the stand-in with dice scripted so
// the contest has a winner and the sustained task gathers VP: Observe 3 + Perception 3 = 6 and
// Sneak 3 + Dexterity 3 = 6 (an NPC's defaults).

let record: StandInRecord;

beforeAll(async () => {
  record = installFoundry({ ruleSet: "fading-suns" });
  await import("../../src");
  loadWorld(record);
});

describe("Quench batch: Fading Suns at the table", () => {
  it("passes against the stand-in and cleans up what it created", async () => {
    const { fadingSunsBatch } = await import("../../src/rulesets/fading-suns/quench");
    // The watcher rolls 6 (3 VP), the sneak 4 (2 VP): the watcher wins by 1. Then the task: 5 (2 VP) and 2 (1 VP).
    fulfillment.push(6, 4, 5, 2);
    const results = await runBatch(fadingSunsBatch);
    expect(results.map((r) => r.name)).toHaveLength(2);
    expect(results.filter((r) => r.error).map((r) => `${r.name}: ${String(r.error)}`)).toEqual([]);
    expect(fulfillment).toEqual([]);
    expect((game as unknown as { actors: { size: number } }).actors.size).toBe(0);
    expect((game as unknown as { messages: { size: number } }).messages.size).toBe(0);
  });

  it("is registered with Quench under the system's id", () => {
    const batches: string[] = [];
    for (const fn of record.hooks.get("quenchReady") ?? []) fn({ registerBatch: (key: string) => batches.push(key) });
    expect(batches).toContain("anthology.fading-suns");
  });
});
