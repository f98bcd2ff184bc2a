import { assert } from "vitest";
import type { QuenchBatchContext } from "@ethaks/fvtt-quench";

type Fn = () => unknown;

/**
 * Runs a Quench batch with a small Mocha-like runner (befores, each test, afters), so batches meant
 * for a live world are exercised against the stand-in on every test run.
 */
export async function runBatch(batch: (context: QuenchBatchContext) => void) {
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
