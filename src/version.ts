/**
 * The package version. Vite's `define` (vite.config.ts, vitest.config.ts) writes package.json's
 * version over `__ANTHOLOGY_VERSION__` in every bundle and test run; code loaded by anything that
 * does not stamp it (a plain TypeScript transpiler) reads the fallback instead of failing.
 */
export const VERSION: string = typeof __ANTHOLOGY_VERSION__ === "string" ? __ANTHOLOGY_VERSION__ : "0.0.0-dev";
