#!/usr/bin/env node
// Regenerates template.json from the rule-set registry (src/rules), the one place types are declared.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { runnerImport } from "vite";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { module } = await runnerImport(path.join(root, "src/rules/registry.ts"), { configFile: false, logLevel: "error" });
await writeFile(path.join(root, "template.json"), JSON.stringify(module.templateJson(), null, 2) + "\n");
console.log("[sync] template.json written from src/rules");
