#!/usr/bin/env node
// Run by .github/workflows/release.yml before building: node scripts/check-release.mjs <tag>
import { readFileSync } from "node:fs";
import { manifestProblems, releaseProblems } from "./lib/release.mjs";

const tag = process.argv[2] ?? process.env.GITHUB_REF_NAME ?? "";
const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
const manifest = JSON.parse(readFileSync(new URL("../system.json", import.meta.url), "utf8"));
const problems = [
  ...releaseProblems({ tag, pkg, githubRepository: process.env.GITHUB_REPOSITORY }),
  ...manifestProblems(manifest),
];
for (const problem of problems) console.error(`[release] ${problem}`);
if (problems.length) process.exit(1);
console.log(
  `[release] ${tag} matches package.json; system.json installs on Foundry ${manifest.compatibility.minimum}+ and is verified on ${manifest.compatibility.verified}`,
);
