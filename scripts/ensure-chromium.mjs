#!/usr/bin/env node
// Makes sure the browser tests have a Chromium: the system one when there is one, otherwise Debian's
// `chromium` package through apt (a distribution package, not a download from a browser vendor).
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { findChromium } from "./lib/chromium.mjs";

const found = findChromium();
if (found) {
  console.log(`[browser] using ${found}`);
  process.exit(0);
}

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const hasApt = existsSync("/usr/bin/apt-get");
if (!isRoot || !hasApt) {
  console.error(
    "[browser] no Chromium found. Install one (Debian/Ubuntu: `sudo apt-get install chromium`) " +
      "or point CHROMIUM_PATH at a Chromium or Chrome binary, then run the tests again.",
  );
  process.exit(1);
}

console.log("[browser] no Chromium on this machine; installing Debian's chromium package with apt-get");
const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "chromium", "fonts-dejavu-core"], {
  stdio: "inherit",
  env,
});
const installed = findChromium();
if (!installed) {
  console.error("[browser] apt-get finished but no Chromium binary appeared at the usual paths.");
  process.exit(1);
}
console.log(`[browser] using ${installed}`);
