#!/usr/bin/env node
// Outcome odds timings for `npm run bench`: every case of bench/outcomes/<rule set>.ts (one plausible
// attack as the sheets make it, through the rule set's public `outcomeOdds`), each timed cold (its first
// call in a fresh process, nothing computed at import) and warm (called again in the same process), then
// the slowest case per rule set. `node scripts/bench-outcomes.mjs fade` times one rule set's cases.
import { readdirSync } from "node:fs";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { bundleEntry, importFile as load } from "./lib/bundle.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const folder = path.join(root, "bench/outcomes");
// A live dialog redraws at 60 frames a second: a case slower than one frame is reported.
const FRAME_MS = 16;

async function child(file, index) {
  const { cases } = await load(file);
  const subject = cases[index];
  const t0 = performance.now();
  const first = subject.run();
  const cold = performance.now() - t0;
  const t1 = performance.now();
  subject.run();
  const warm = performance.now() - t1;
  return { cold, warm, odds: first && typeof first === "object" ? pick(first) : null };
}

const pick = (o) => ({ hit: o.hit, hurt: o.hurt, drop: o.drop });

function run(file, index) {
  const result = spawnSync(process.execPath, [fileURLToPath(import.meta.url), "--child", file, String(index)], {
    encoding: "utf8",
    maxBuffer: 1 << 20,
  });
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout);
}

const pct = (p) => (typeof p === "number" ? `${(p * 100).toFixed(1)}%` : "-");

if (process.argv[2] === "--child") {
  process.stdout.write(JSON.stringify(await child(process.argv[3], Number(process.argv[4]))));
} else {
  const only = process.argv[2];
  const ids = readdirSync(folder)
    .filter((f) => f.endsWith(".ts"))
    .map((f) => f.slice(0, -3))
    .filter((id) => !only || id === only)
    .sort();
  let slow = 0;
  console.log("\nOutcome odds per attack (ms; cold = first call in a fresh process)");
  const slowest = [];
  for (const id of ids) {
    const file = await bundleEntry(path.join(folder, `${id}.ts`), `${id}.mjs`);
    const { cases } = await load(file);
    console.log(`\n${id}`);
    console.log(`${"case".padEnd(58)} ${"cold ms".padStart(8)} ${"warm ms".padStart(8)}   hit / hurt / drop`);
    let worst = null;
    for (let i = 0; i < cases.length; i += 1) {
      const row = run(file, i);
      const odds = row.odds ? `${pct(row.odds.hit)} / ${pct(row.odds.hurt)} / ${pct(row.odds.drop)}` : "";
      console.log(
        `${cases[i].name.slice(0, 58).padEnd(58)} ${row.cold.toFixed(2).padStart(8)} ${row.warm.toFixed(2).padStart(8)}   ${odds}`,
      );
      if (!worst || row.cold > worst.cold) worst = { name: cases[i].name, cold: row.cold };
      if (row.cold >= FRAME_MS) slow += 1;
    }
    if (worst) slowest.push([id, worst]);
  }
  console.log("\nSlowest plausible case per rule set (cold ms)");
  for (const [id, worst] of slowest)
    console.log(`${id.padEnd(14)} ${worst.cold.toFixed(2).padStart(8)}   ${worst.name}`);
  if (slow) {
    console.log(`\n${slow} case(s) took ${FRAME_MS} ms or more cold.`);
    process.exitCode = 1;
  }
}
