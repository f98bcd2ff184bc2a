import { readFileSync } from "node:fs";
import { defineConfig } from "vite";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as { version: string };

// Two single-file ES bundles into dist/, both stamped with package.json's version (src/version.ts):
// - the default mode: anthology.mjs, Foundry's esmodules entry, minified with a source map;
// - `--mode api`: api.mjs, the Foundry-free public API (src/api.ts) for plain Node, left readable.
// Class names survive both: Foundry registers sheets, data models and documents by class and rebuilds
// rolls and dice terms in chat messages by class name, so minification must not rename a class. The
// minified bundle keeps only class names (the minifier leaves class bindings alone), not every
// function's: that saves the bundle 7 kB gzipped against keeping all names (test/build/bundle.test.ts
// checks every class handed to Foundry still carries its source name).
export default defineConfig(({ mode }) => {
  const api = mode === "api";
  return {
    define: { __ANTHOLOGY_VERSION__: JSON.stringify(pkg.version) },
    publicDir: false,
    build: {
      outDir: "dist",
      emptyOutDir: false,
      sourcemap: !api,
      minify: !api,
      target: "es2022",
      lib: api
        ? { entry: "src/api.ts", formats: ["es"], fileName: () => "api.mjs" }
        : { entry: "src/index.ts", formats: ["es"], fileName: () => "anthology.mjs" },
      // Vite leaves whitespace in a minified ES library; codegen: true takes it out too.
      rolldownOptions: {
        output: api
          ? { keepNames: true }
          : {
              minify: {
                codegen: true,
                compress: { keepNames: { class: true, function: false } },
                mangle: { keepNames: { class: true, function: false } },
              },
            },
      },
    },
  };
});
