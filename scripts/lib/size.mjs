import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { decode } from "@jridgewell/sourcemap-codec";

/**
 * What Foundry loads (JS + CSS, all five rule sets), gzipped, as a user feels it: a world downloads
 * it once, cached. Issue 14 set 150 kB while three rule sets were their dice alone, all five in full
 * made it 175 kB and Foundry v13 and v14 from one bundle 180 kB; issue 27 replaced that budget with
 * 250 kB, beside each rule set's share printed by the build (DEVELOPERS.md, "Size").
 */
export const LOADED_GZIP_BUDGET = 250_000;

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

/**
 * Each rule set's share of the module Foundry loads, from its source map: every stretch of the
 * minified code counts for the source file it came from, and files under `src/rulesets/<id>/` for
 * rule set `<id>`; the rest is the shared layer (or, with no source, the bundler's own glue). The
 * gzipped figures split the module's gzipped size in the same proportions (an estimate: gzip works
 * on the whole file).
 */
export function ruleSetShares(dist, module = "anthology.mjs") {
  const code = readFileSync(path.join(dist, module), "utf8");
  const map = JSON.parse(readFileSync(path.join(dist, `${module}.map`), "utf8"));
  const gzip = gzipSync(Buffer.from(code)).length;
  const lines = code.split("\n");
  const raw = new Map();
  const add = (part, n) => raw.set(part, (raw.get(part) ?? 0) + n);
  const partOf = (source) => {
    if (source === undefined) return "(bundler)";
    const match = /(?:^|\/)src\/rulesets\/([^/]+)\//.exec(source);
    return match && !match[1].includes(".") ? match[1] : "(shared)";
  };
  const decoded = decode(map.mappings);
  lines.forEach((line, lineNo) => {
    const segments = decoded[lineNo] ?? [];
    let covered = 0;
    segments.forEach((segment, i) => {
      const end = i + 1 < segments.length ? segments[i + 1][0] : line.length;
      if (i === 0 && segment[0] > 0) add("(bundler)", segment[0]);
      add(partOf(segment.length >= 4 ? map.sources[segment[1]] : undefined), end - segment[0]);
      covered = end;
    });
    if (!segments.length) add("(bundler)", line.length);
    else if (covered < line.length) add("(bundler)", line.length - covered);
  });
  const total = [...raw.values()].reduce((a, b) => a + b, 0);
  return [...raw.entries()]
    .map(([part, n]) => ({ part, raw: n, share: n / total, gzip: Math.round((gzip * n) / total) }))
    .sort((a, b) => b.raw - a.raw);
}

/** The shares as lines under the sizes. */
export function formatShares(shares) {
  const width = Math.max(...shares.map((s) => s.part.length));
  return [
    "shares of anthology.mjs by source (rule sets, the shared layer):",
    ...shares.map(
      (s) =>
        `  ${s.part.padEnd(width)}  ${bytes(s.raw).padStart(9)} B  ${(s.share * 100).toFixed(1).padStart(5)}%  ≈ ${bytes(s.gzip).padStart(7)} B gzipped`,
    ),
  ].join("\n");
}
