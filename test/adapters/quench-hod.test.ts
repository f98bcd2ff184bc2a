import { beforeAll, describe, expect, it } from "vitest";
import type { StandInRecord } from "../foundry/stand-in";
import { loadHodWorld } from "../support/hod-world";
import { runBatch } from "../support/quench-runner";

// The Quench batch is meant for a live world; here it runs once against the stand-in, so its code path
// is exercised on every test run.

let record: StandInRecord;

beforeAll(async () => {
  ({ record } = await loadHodWorld());
});

describe("Quench batch: Heroes of Destiny at the table", () => {
  it("passes against the stand-in and cleans up what it created", async () => {
    const { hodBatch } = await import("../../src/rulesets/hod/quench/play");
    const results = await runBatch(hodBatch);
    expect(results).toHaveLength(8);
    expect(results.filter((r) => r.error).map((r) => `${r.name}: ${String(r.error)}`)).toEqual([]);
    expect((game as unknown as { actors: { size: number } }).actors.size).toBe(0);
    expect((game as unknown as { messages: { size: number } }).messages.size).toBe(0);
  });

  it("spells, healing and effects: passes against the stand-in and cleans up what it created", async () => {
    const { hodMagicBatch } = await import("../../src/rulesets/hod/quench/magic");
    const results = await runBatch(hodMagicBatch);
    expect(results).toHaveLength(5);
    expect(results.filter((r) => r.error).map((r) => `${r.name}: ${String(r.error)}`)).toEqual([]);
    expect((game as unknown as { actors: { size: number } }).actors.size).toBe(0);
    expect((game as unknown as { messages: { size: number } }).messages.size).toBe(0);
  });

  it("is registered with Quench under the system's id", () => {
    const batches: string[] = [];
    for (const fn of record.hooks.get("quenchReady") ?? []) fn({ registerBatch: (key: string) => batches.push(key) });
    expect(batches).toEqual(expect.arrayContaining(["anthology.hod", "anthology.hodSheets", "anthology.hodMagic"]));
  });
});
