import { readFileSync } from "node:fs";
import { defineConfig } from "vitest/config";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as { version: string };
const define = { __ANTHOLOGY_VERSION__: JSON.stringify(pkg.version) };

export default defineConfig({
  define,
  test: {
    reporters: ["default", "./test/support/summary-reporter.ts"],
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["test/unit/**/*.test.ts"], environment: "node", testTimeout: 60_000 },
      },
      { extends: true, test: { name: "adapters", include: ["test/adapters/**/*.test.ts"], environment: "node" } },
      {
        extends: true,
        test: { name: "build", include: ["test/build/**/*.test.ts"], environment: "node", testTimeout: 60_000 },
      },
      {
        extends: true,
        test: {
          name: "browser",
          include: ["test/browser/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
    benchmark: { include: ["bench/**/*.bench.ts"] },
  },
});
