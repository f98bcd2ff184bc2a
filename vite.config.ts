import { readFileSync } from "node:fs";
import { defineConfig } from "vite";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as { version: string };

// One ES module for Foundry's esmodules entry. Not minified, and keepNames on, because Foundry
// rebuilds rolls and terms in chat messages by class name.
export default defineConfig({
  define: { __ANTHOLOGY_VERSION__: JSON.stringify(pkg.version) },
  publicDir: false,
  build: {
    outDir: "dist",
    emptyOutDir: false,
    sourcemap: true,
    minify: false,
    target: "es2022",
    lib: { entry: "src/index.ts", formats: ["es"], fileName: () => "anthology.mjs" },
    rolldownOptions: { output: { keepNames: true } },
  },
});
