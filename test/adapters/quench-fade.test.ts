import { beforeAll, describe, expect, it } from "vitest";
import { installFoundry, loadWorld, type StandInRecord } from "../foundry/stand-in";
import { runBatch } from "../support/quench-runner";

// The Quench batch is meant for a live world; here it runs once against the stand-in, so its code path
// is exercised on every test run.

let record: StandInRecord;

beforeAll(async () => {
  record = installFoundry({ ruleSet: "fade" });
  await import("../../src");
  loadWorld(record);
});

describe("Quench batch: The Fade at the table", () => {
  it("passes against the stand-in and cleans up what it created", async () => {
    const { fadeBatch } = await import("../../src/rulesets/fade/quench");
    const results = await runBatch(fadeBatch);
    expect(results.map((r) => r.name)).toHaveLength(10);
    expect(results.filter((r) => r.error).map((r) => `${r.name}: ${String(r.error)}`)).toEqual([]);
    expect((game as unknown as { actors: { size: number } }).actors.size).toBe(0);
    expect((game as unknown as { messages: { size: number } }).messages.size).toBe(0);
    expect((game as unknown as { combats: { size: number } }).combats.size).toBe(0);
  });

  it("is registered with Quench under the system's id", () => {
    const batches: string[] = [];
    for (const fn of record.hooks.get("quenchReady") ?? []) fn({ registerBatch: (key: string) => batches.push(key) });
    expect(batches).toContain("anthology.fade");
  });
});
