#!/usr/bin/env node
// Regenerates template.json from the rule-set table (src/rulesets), the one place types are declared.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { format, resolveConfig } from "prettier";
import { runnerImport } from "vite";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { module } = await runnerImport(path.join(root, "src/rulesets/index.ts"), {
  configFile: false,
  logLevel: "error",
});
const file = path.join(root, "template.json");
const text = await format(JSON.stringify(module.templateJson()), { ...(await resolveConfig(file)), filepath: file });
await writeFile(file, text);
console.log("[sync] template.json written from src/rulesets");
