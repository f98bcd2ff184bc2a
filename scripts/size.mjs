#!/usr/bin/env node
// Prints the raw and gzipped sizes of the built JS and CSS (and the source map and Node API beside
// them). Run after `npm run build`. Usage: node scripts/size.mjs
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { distSizes, formatShares, formatSizes, ruleSetShares } from "./lib/size.mjs";

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../dist");
if (!existsSync(path.join(dist, "system.json"))) {
  console.error("[size] dist/ has no build: run `npm run build` first.");
  process.exit(1);
}
console.log(formatSizes(distSizes(dist)));
console.log(formatShares(ruleSetShares(dist)));
