import { readFileSync } from "node:fs";
import { defineConfig } from "vitest/config";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as { version: string };
const define = { __ANTHOLOGY_VERSION__: JSON.stringify(pkg.version) };
/** The Foundry generations the stand-in plays (src/foundry/generation.ts lists the same two). */
const GENERATIONS = [13, 14] as const;

export default defineConfig({
  define,
  test: {
    reporters: ["default", "./test/support/summary-reporter.ts"],
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["test/unit/**/*.test.ts"], environment: "node", testTimeout: 60_000 },
      },
      // The adapter and browser suites run once per Foundry generation the stand-in plays (13, 14).
      ...GENERATIONS.map((generation) => ({
        extends: true as const,
        test: {
          name: `adapters v${generation}`,
          include: ["test/adapters/**/*.test.ts"],
          environment: "node",
          env: { ANTHOLOGY_FOUNDRY: String(generation) },
          setupFiles: ["test/support/deprecations.ts"],
          // Guards against a hang, not speed limits: on a loaded machine loading the system takes long.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      })),
      {
        extends: true,
        test: { name: "build", include: ["test/build/**/*.test.ts"], environment: "node", testTimeout: 60_000 },
      },
      ...GENERATIONS.map((generation) => ({
        extends: true as const,
        test: {
          name: `browser v${generation}`,
          include: ["test/browser/**/*.test.ts"],
          environment: "node",
          env: { ANTHOLOGY_FOUNDRY: String(generation) },
          setupFiles: ["test/support/deprecations.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      })),
    ],
    benchmark: { include: ["bench/**/*.bench.ts"] },
  },
});
