import { beforeAll, describe, expect, it } from "vitest";
import { fulfillment } from "../foundry/dice";
import { installFoundry, loadWorld, type StandInRecord } from "../foundry/stand-in";
import { runBatch } from "../support/quench-runner";

// The Quench batch is meant for a live world; here it runs against the stand-in with dice where the
// shot misses, the Character Point turns it into a hit and the medicine roll heals, so every step of
// it (spend, apply, undo, healing) runs on every test run.

let record: StandInRecord;

beforeAll(async () => {
  record = installFoundry({ ruleSet: "opend6" });
  await import("../../src");
  loadWorld(record);
});

describe("Quench batch: OpenD6 at the table", () => {
  it("passes against the stand-in and cleans up what it created", async () => {
    const { opend6Batch } = await import("../../src/rulesets/opend6/quench");
    fulfillment.push(
      // marksmanship 5D: 1, 1, 1, 2 and the Wild Die 3 = 8, a miss against 10.
      ...[1, 1, 1, 2, 3],
      // The Character Point die 4: 12 hits. Damage 4D: 4, 4, 4, 4 = 16; the thug's Physique 3D: 1, 1, 2 = 4.
      ...[4, 4, 4, 4, 4, 1, 1, 2],
      // Medicine: Knowledge 3D and 2D = 5D: 2, 2, 2, 2 and the Wild Die 3 = 11 against Easy 10.
      ...[2, 2, 2, 2, 3],
    );
    const results = await runBatch(opend6Batch);
    expect(results.map((r) => r.name)).toHaveLength(4);
    expect(results.filter((r) => r.error).map((r) => `${r.name}: ${String(r.error)}`)).toEqual([]);
    expect(fulfillment).toEqual([]);
    expect((game as unknown as { actors: { size: number } }).actors.size).toBe(0);
    expect((game as unknown as { messages: { size: number } }).messages.size).toBe(0);
  });

  it("is registered with Quench under the system's id", () => {
    const batches: string[] = [];
    for (const fn of record.hooks.get("quenchReady") ?? []) fn({ registerBatch: (key: string) => batches.push(key) });
    expect(batches).toContain("anthology.opend6");
  });
});
