// Bundles one Foundry-free entry of src/ as one ES module, as the build does for Foundry but left
// unminified (easier to profile), into a temporary folder, for the benchmarks to import.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";

export async function bundleEntry(entry, fileName) {
  const outDir = mkdtempSync(path.join(tmpdir(), "anthology-bench-"));
  await build({
    configFile: false,
    logLevel: "error",
    build: { outDir, minify: false, lib: { entry, formats: ["es"], fileName: () => fileName } },
  });
  return path.join(outDir, fileName);
}

export const importFile = async (file) => import(pathToFileURL(file).href);
