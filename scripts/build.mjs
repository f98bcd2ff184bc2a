#!/usr/bin/env node
// Builds the installable system: dist/ exactly as Foundry loads it (plus api.mjs, the public API
// for plain Node), and dist/anthology.zip.
// Usage: node scripts/build.mjs [--watch]
import { cp, mkdir, readFile, readdir, rm, stat, writeFile } from "node:fs/promises";
import { existsSync, watch as watchFs } from "node:fs";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { fileURLToPath } from "node:url";
import { compilePack } from "@foundryvtt/foundryvtt-cli";
import { zipSync } from "fflate";
import * as sass from "sass";
import { build as viteBuild, runnerImport } from "vite";
import { releaseFields } from "./lib/repository.mjs";
import { readPackSources } from "./lib/packs.mjs";
import { systemFiles } from "./lib/manifest.mjs";
import { distSizes, formatShares, formatSizes, ruleSetShares } from "./lib/size.mjs";
import {
  LangConflictError,
  mergedLang,
  ruleSetPacks,
  styleEntries,
  styleFiles,
  templateFiles,
} from "./lib/sources.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(root, "dist");
const watching = process.argv.includes("--watch");

const log = (msg) => console.log(`[build] ${msg}`);

class BuildError extends Error {}

async function readJson(file) {
  const text = await readFile(file, "utf8");
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new BuildError(`${path.relative(root, file)} is not valid JSON: ${error.message}`, { cause: error });
  }
}

async function stampManifest() {
  const pkg = await readJson(path.join(root, "package.json"));
  const source = await readJson(path.join(root, "system.json"));
  for (const key of ["version", "url", "bugs", "manifest", "download"]) {
    if (key in source) {
      throw new BuildError(`system.json must not set "${key}": the build stamps it from package.json.`);
    }
  }
  let fields;
  try {
    fields = releaseFields(pkg.repository, pkg.version);
  } catch (error) {
    throw new BuildError(error.message, { cause: error });
  }
  if (source.id !== pkg.name)
    throw new BuildError(`system.json id "${source.id}" differs from package.json name "${pkg.name}".`);
  // Each rule set's compendium packs join the manifest, grouped in a pack folder per rule set.
  let own;
  try {
    own = ruleSetPacks(root, source.id);
  } catch (error) {
    throw new BuildError(error.message, { cause: error });
  }
  const withPacks = {
    ...source,
    packs: [...(source.packs ?? []), ...own.packs.map((p) => p.entry)],
    ...(own.folders.length ? { packFolders: [...(source.packFolders ?? []), ...own.folders] } : {}),
  };
  // Keep the stamped fields in Foundry's usual place near the top, after id/title/description.
  const ordered = { id: source.id, title: source.title, description: source.description, ...fields, ...withPacks };
  await writeFile(path.join(dist, "system.json"), JSON.stringify(ordered, null, 2) + "\n");
  log(`system.json ${fields.version}: manifest ${fields.manifest}`);
  return ordered;
}

// The document types come from the rule-set table: system.json's documentTypes (what Foundry reads,
// v13 and v14 alike) and the repository's readable template.json must both match it. template.json
// does not ship: v14 warns about it and v16 drops it.
async function documentTypes() {
  const { module } = await runnerImport(path.join(root, "src/rulesets/index.ts"), {
    configFile: false,
    logLevel: "error",
  });
  const source = await readJson(path.join(root, "system.json"));
  if (!isDeepStrictEqual(source.documentTypes, module.manifestDocumentTypes())) {
    throw new BuildError(
      "system.json's documentTypes are out of date with the rule-set table (src/rulesets). Run `npm run sync`.",
    );
  }
  const committed = await readJson(path.join(root, "template.json"));
  if (!isDeepStrictEqual(committed, module.templateJson())) {
    throw new BuildError("template.json is out of date with the rule-set table (src/rulesets). Run `npm run sync`.");
  }
  log("system.json documentTypes and template.json match the registry");
}

async function bundle() {
  await viteBuild({ root, configFile: path.join(root, "vite.config.ts"), logLevel: "warn" });
  log("anthology.mjs (minified) + source map");
}

// The public API (src/api.ts) as one Foundry-free ES module that plain Node imports.
async function apiBundle() {
  await viteBuild({ root, configFile: path.join(root, "vite.config.ts"), mode: "api", logLevel: "warn" });
  log("api.mjs (the public API for Node)");
}

// The shared stylesheet, then each rule set's (src/rulesets/<id>/styles/index.scss), which may @use
// the shared partials by name: one CSS file.
async function styles() {
  const loaded = new Set();
  const css = [];
  for (const entry of styleEntries(root)) {
    const result = sass.compile(entry, { style: "expanded", sourceMap: false, loadPaths: [path.join(root, "styles")] });
    for (const url of result.loadedUrls) loaded.add(fileURLToPath(url));
    css.push(result.css);
  }
  // A stylesheet nothing @uses would silently never ship: refuse it instead.
  const orphans = styleFiles(root).filter((f) => !loaded.has(f));
  if (orphans.length) {
    throw new BuildError(
      `styles not reachable from styles/anthology.scss or a rule set's styles/index.scss: ${orphans.map((f) => path.relative(root, f)).join(", ")}`,
    );
  }
  await mkdir(path.join(dist, "styles"), { recursive: true });
  await writeFile(path.join(dist, "styles/anthology.css"), css.join("\n") + "\n");
  log("styles/anthology.css");
}

// The shared templates and each rule set's, under the paths Foundry loads them from.
async function templates() {
  const files = templateFiles(root);
  for (const { shipped, source } of files) {
    await mkdir(path.dirname(path.join(dist, shipped)), { recursive: true });
    await cp(source, path.join(dist, shipped));
  }
  log(`templates/ (${files.length} files)`);
}

// Each language: the shared strings and every rule set's, merged; a key defined twice fails the build.
async function languages() {
  await mkdir(path.join(dist, "lang"), { recursive: true });
  const langs = (await readdir(path.join(root, "lang"))).filter((f) => f.endsWith(".json"));
  for (const file of langs) {
    let merged;
    try {
      merged = mergedLang(root, file.replace(/\.json$/, ""));
    } catch (error) {
      if (error instanceof LangConflictError || error instanceof SyntaxError) throw new BuildError(error.message);
      throw error;
    }
    await writeFile(path.join(dist, "lang", file), JSON.stringify(merged, null, 2) + "\n");
  }
  log(`lang/ (${langs.length} files, with each rule set's strings)`);
}

async function listFiles(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(full)));
    else out.push(full);
  }
  return out.sort();
}

async function packs(manifest) {
  const own = new Map(ruleSetPacks(root, manifest.id).packs.map((p) => [p.entry.name, p.source]));
  for (const pack of manifest.packs ?? []) {
    const src = own.get(pack.name) ?? path.join(root, "packs/_source", pack.name);
    const { entries, files } = await readPackSources(src);
    const dest = path.join(dist, pack.path);
    await rm(dest, { recursive: true, force: true });
    let packed = 0;
    await compilePack(src, dest, { recursive: true, log: false, transformEntry: () => void (packed += 1) });
    if (packed !== entries) {
      throw new BuildError(
        `pack ${pack.name}: ${files} source files hold ${entries} entries but ${packed} were packed.`,
      );
    }
    log(`packs/${pack.name} (${packed} entries)`);
  }
}

async function verify(manifest) {
  const missing = [];
  for (const file of systemFiles(manifest)) if (!existsSync(path.join(dist, file))) missing.push(file);
  if (missing.length) throw new BuildError(`system.json names files that dist/ lacks: ${missing.join(", ")}`);
}

async function zip() {
  const files = (await listFiles(dist)).filter((f) => path.basename(f) !== "anthology.zip");
  const entries = {};
  for (const file of files) {
    const rel = path.relative(dist, file).split(path.sep).join("/");
    entries[rel] = [new Uint8Array(await readFile(file)), { mtime: new Date("2020-01-01T00:00:00Z") }];
  }
  const data = zipSync(entries, { level: 9 });
  await writeFile(path.join(dist, "anthology.zip"), data);
  log(`anthology.zip (${files.length} files, ${(data.length / 1024).toFixed(1)} KiB)`);
}

async function buildAll() {
  const started = Date.now();
  await rm(dist, { recursive: true, force: true });
  await mkdir(dist, { recursive: true });
  const manifest = await stampManifest();
  await documentTypes();
  await bundle();
  await apiBundle();
  await styles();
  await templates();
  await languages();
  await packs(manifest);
  await verify(manifest);
  await zip();
  for (const line of formatSizes(distSizes(dist)).split("\n")) log(line);
  for (const line of formatShares(ruleSetShares(dist)).split("\n")) log(line);
  log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function main() {
  await buildAll();
  if (!watching) return;
  log("watching src, styles, templates, lang, packs/_source, system.json for changes (Ctrl+C to stop)");
  let timer;
  let running = Promise.resolve();
  const rebuild = (file) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = running.then(() => buildAll().catch((error) => console.error(`[build] ${error.message}`)));
      log(`change in ${file}`);
    }, 150);
  };
  for (const target of ["src", "styles", "templates", "lang", "packs/_source"]) {
    if ((await stat(path.join(root, target)).catch(() => null))?.isDirectory()) {
      watchFs(path.join(root, target), { recursive: true }, (_e, f) => rebuild(`${target}/${f}`));
    }
  }
  watchFs(path.join(root, "system.json"), () => rebuild("system.json"));
}

main().catch((error) => {
  console.error(`[build] failed: ${error instanceof BuildError ? error.message : error.stack}`);
  process.exitCode = 1;
});
