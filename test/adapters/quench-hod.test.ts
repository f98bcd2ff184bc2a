import { assert, beforeAll, describe, expect, it } from "vitest";
import type { QuenchBatchContext } from "@ethaks/fvtt-quench";
import type { StandInRecord } from "../foundry/stand-in";
import { loadHodWorld } from "../support/hod-world";

// The Quench batch is meant for a live world; here it runs once against the stand-in with a small
// Mocha-like runner, so its code path is exercised on every test run.

let record: StandInRecord;

type Fn = () => unknown;

async function runBatch(batch: (context: QuenchBatchContext) => void) {
  const befores: Fn[] = [];
  const afters: Fn[] = [];
  const tests: Array<{ name: string; fn: Fn }> = [];
  const context = {
    describe: (_name: string, fn: Fn) => fn(),
    it: (name: string, fn: Fn) => tests.push({ name, fn }),
    before: (fn: Fn) => befores.push(fn),
    after: (fn: Fn) => afters.push(fn),
    assert,
  } as unknown as QuenchBatchContext;
  batch(context);
  const results: Array<{ name: string; error?: unknown }> = [];
  for (const fn of befores) await fn();
  for (const test of tests) {
    try {
      await test.fn();
      results.push({ name: test.name });
    } catch (error) {
      results.push({ name: test.name, error });
    }
  }
  for (const fn of afters) await fn();
  return results;
}

beforeAll(async () => {
  ({ record } = await loadHodWorld());
});

describe("Quench batch: Heroes of Destiny at the table", () => {
  it("passes against the stand-in and cleans up what it created", async () => {
    const { hodBatch } = await import("../../src/quench/hod");
    const results = await runBatch(hodBatch);
    expect(results).toHaveLength(6);
    expect(results.filter((r) => r.error).map((r) => `${r.name}: ${String(r.error)}`)).toEqual([]);
    expect((game as unknown as { actors: { size: number } }).actors.size).toBe(0);
    expect((game as unknown as { messages: { size: number } }).messages.size).toBe(0);
  });

  it("is registered with Quench under the system's id", () => {
    const batches: string[] = [];
    for (const fn of record.hooks.get("quenchReady") ?? []) fn({ registerBatch: (key: string) => batches.push(key) });
    expect(batches).toContain("anthology.hod");
  });
});
