import { beforeAll, describe, expect, it } from "vitest";
import { installFoundry, loadWorld, type StandInRecord } from "../foundry/stand-in";
import { standInGeneration } from "../foundry/generation";
import { runBatch } from "../support/quench-runner";

// The batch a GM runs in a live v13 or v14 world; here it runs against the stand-in playing the test
// project's generation, so both its paths (Anthology's expiry on v13, core's on v14) run every time.

let record: StandInRecord;

beforeAll(async () => {
  record = installFoundry({ ruleSet: "opend6" });
  await import("../../src");
  loadWorld(record);
});

describe("Quench batch: Anthology on Foundry v13 and v14", () => {
  it("passes against the stand-in, names the path its lasting effect took, and cleans up", async () => {
    const { generationsBatch } = await import("../../src/quench/generations");
    const results = await runBatch(generationsBatch);
    expect(results.filter((r) => r.error).map((r) => `${r.name}: ${String(r.error)}`)).toEqual([]);
    expect(results).toHaveLength(5);
    expect(results.at(-1)!.name).toContain(
      standInGeneration() === 14 ? "core's registry, v14" : "Anthology's hook, v13",
    );
    expect((game as unknown as { actors: { size: number } }).actors.size).toBe(0);
    expect((game as unknown as { combats: { size: number } }).combats.size).toBe(0);
  });

  it("is registered with Quench under the system's id", () => {
    const batches: string[] = [];
    for (const fn of record.hooks.get("quenchReady") ?? []) fn({ registerBatch: (key: string) => batches.push(key) });
    expect(batches).toContain("anthology.generations");
  });
});
