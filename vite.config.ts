import { readFileSync } from "node:fs";
import { defineConfig } from "vite";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as { version: string };

// One ES module for Foundry's esmodules entry, minified with a source map. keepNames on: Foundry
// registers sheets, data models and documents by class and rebuilds rolls and dice terms in chat
// messages by class name, so minification must not rename them.
export default defineConfig({
  define: { __ANTHOLOGY_VERSION__: JSON.stringify(pkg.version) },
  publicDir: false,
  build: {
    outDir: "dist",
    emptyOutDir: false,
    sourcemap: true,
    minify: true,
    target: "es2022",
    lib: { entry: "src/index.ts", formats: ["es"], fileName: () => "anthology.mjs" },
    // Vite leaves whitespace in a minified ES library; codegen: true takes it out too.
    rolldownOptions: { output: { keepNames: true, minify: { codegen: true } } },
  },
});
