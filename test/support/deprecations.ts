/**
 * Test setup for the adapter and browser suites: under Foundry v14 a test fails when it leaves a
 * deprecation warning behind (anything Anthology does that v14 warns about and v16 removes).
 */
import { afterEach, expect } from "vitest";
import { deprecations, projectGeneration } from "../foundry/generation";

afterEach(() => {
  const left = deprecations.splice(0);
  if (projectGeneration() === 14) expect(left, "Foundry v14 deprecation warnings").toEqual([]);
});
