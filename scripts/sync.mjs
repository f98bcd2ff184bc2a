#!/usr/bin/env node
// Regenerates what declares the document types from the rule-set table (src/rulesets), the one place
// types are declared: system.json's `documentTypes` (what Foundry v13 and v14 read) and template.json
// (the readable list kept in the repository; it does not ship).
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { format, resolveConfig } from "prettier";
import { runnerImport } from "vite";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { module } = await runnerImport(path.join(root, "src/rulesets/index.ts"), {
  configFile: false,
  logLevel: "error",
});

async function writeJson(file, data) {
  const text = await format(JSON.stringify(data), { ...(await resolveConfig(file)), filepath: file });
  await writeFile(file, text);
}

const template = path.join(root, "template.json");
await writeJson(template, module.templateJson());
console.log("[sync] template.json written from src/rulesets");

const manifestFile = path.join(root, "system.json");
const manifest = JSON.parse(await readFile(manifestFile, "utf8"));
await writeJson(manifestFile, { ...manifest, documentTypes: module.manifestDocumentTypes() });
console.log("[sync] system.json documentTypes written from src/rulesets");
