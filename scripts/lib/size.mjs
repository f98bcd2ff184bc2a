import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/**
 * What Foundry loads (JS + CSS, all five rule sets), gzipped. Issue 14 set 150 kB while FUDGE, OpenD6
 * and Fading Suns were their dice alone; with all five playable in full it was 175 kB, and running on
 * Foundry v13 and v14 from one bundle (issue 25: src/foundry and its Quench batch, 3.0 kB gzipped) made it 180 kB
 * (DEVELOPERS.md, "Size"): a world downloads it once, cached, and it still loads in well under a
 * second on a slow line.
 */
export const LOADED_GZIP_BUDGET = 180_000;

/**
 * Raw and gzipped (zlib's default level, as `gzip` does) sizes of the built files: `loaded` are the
 * ones a world downloads (system.json's esmodules, scripts and styles), `shipped` the rest of the
 * code in the release (source maps, the Node API bundle). Reads dist/ as the build left it.
 */
export function distSizes(dist) {
  const manifest = JSON.parse(readFileSync(path.join(dist, "system.json"), "utf8"));
  const loaded = [
    ...(manifest.esmodules ?? []),
    ...(manifest.scripts ?? []),
    ...(manifest.styles ?? []).map((s) => (typeof s === "string" ? s : s.src)),
  ];
  const shipped = [...loaded.map((f) => `${f}.map`), "api.mjs"].filter((f) => existsSync(path.join(dist, f)));
  const measure = (file) => {
    const data = readFileSync(path.join(dist, file));
    return { file, raw: data.length, gzip: gzipSync(data).length };
  };
  const files = { loaded: loaded.map(measure), shipped: shipped.map(measure) };
  const total = (list) => ({
    raw: list.reduce((sum, f) => sum + f.raw, 0),
    gzip: list.reduce((sum, f) => sum + f.gzip, 0),
  });
  return { ...files, loadedTotal: total(files.loaded) };
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const bytes = (n) => n.toLocaleString("en-US");

/** The sizes as a small table, one file a line, then the loaded total against the budget. */
export function formatSizes({ loaded, shipped, loadedTotal }) {
  const width = Math.max(...[...loaded, ...shipped].map((f) => f.file.length), "loaded by Foundry".length);
  const line = (name, { raw, gzip }) =>
    `${name.padEnd(width)}  ${bytes(raw).padStart(9)} B (${kib(raw).padStart(9)})  ${bytes(gzip).padStart(9)} B gzipped (${kib(gzip).padStart(9)})`;
  return [
    ...loaded.map((f) => line(f.file, f)),
    line("loaded by Foundry", loadedTotal) +
      `  budget ${bytes(LOADED_GZIP_BUDGET)} B gzipped: ${loadedTotal.gzip < LOADED_GZIP_BUDGET ? "within" : "OVER"}`,
    ...shipped.map((f) => line(f.file, f) + "  (shipped, not loaded)"),
  ].join("\n");
}
