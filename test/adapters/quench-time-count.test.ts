import { beforeAll, describe, expect, it } from "vitest";
import type { StandInRecord } from "../foundry/stand-in";
import { loadHodWorld } from "../support/hod-world";
import { runBatch } from "../support/quench-runner";

// The Time Count's Quench batch is meant for a live Heroes of Destiny world; here it runs once against
// the stand-in, so its code path (and the live count it checks) is exercised on every test run.

let record: StandInRecord;

beforeAll(async () => {
  ({ record } = await loadHodWorld());
});

describe("Quench batch: the Time Count", () => {
  it("passes against the stand-in and deletes what it created", async () => {
    const { timeCountBatch } = await import("../../src/rulesets/hod/quench/time-count");
    const results = await runBatch(timeCountBatch);
    expect(results.map((r) => r.name)).toContain("refuses a malformed act, changing nothing");
    expect(results.filter((r) => r.error).map((r) => `${r.name}: ${String(r.error)}`)).toEqual([]);
    expect((game as unknown as { combats: Map<string, unknown> }).combats.size).toBe(0);
    expect((game as unknown as { actors: { size: number } }).actors.size).toBe(0);
    // The lines its actors spoke (their initiative rolls) go with them.
    expect((game as unknown as { messages: { size: number } }).messages.size).toBe(0);
  });

  it("is registered with Quench under the system's id", () => {
    const batches: string[] = [];
    for (const fn of record.hooks.get("quenchReady") ?? []) fn({ registerBatch: (key: string) => batches.push(key) });
    expect(batches).toContain("anthology.timeCount");
  });
});
