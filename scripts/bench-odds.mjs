#!/usr/bin/env node
// Exact odds timings for `npm run bench`: each pool cold (first computation in a fresh process, nothing
// precomputed at import) and warm (again in the same process with the cache cleared), the full table
// of XkYx for X <= 10, and 100,000 Monte Carlo rolls through the dice engine for comparison.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { bundleEntry, importFile as load } from "./lib/bundle.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const POOLS = ["5k3x", "8k4x", "10k5x", "12k6x", "15k8x", "20k10x"];
// The engine bundled as Foundry loads it, built once into a temporary folder.
const bundle = () => bundleEntry(path.join(root, "src/dice/index.ts"), "dice.mjs");

async function child(file, task) {
  const dice = await load(file);
  const t0 = performance.now();
  if (task === "table") {
    for (let x = 1; x <= 10; x += 1) for (let y = 1; y <= x; y += 1) dice.odds(`${x}k${y}x`);
  } else dice.odds(task);
  const cold = performance.now() - t0;
  dice.clearOddsCache();
  const t1 = performance.now();
  if (task === "table") {
    for (let x = 1; x <= 10; x += 1) for (let y = 1; y <= x; y += 1) dice.odds(`${x}k${y}x`);
  } else dice.odds(task);
  const warm = performance.now() - t1;
  process.stdout.write(JSON.stringify({ cold, warm }));
}

async function monteCarlo(dice, formula) {
  const exact = new Map(dice.odds(formula).table());
  const die = dice.seededDie(2026);
  const plan = dice.parse(formula);
  const counts = new Map();
  const t0 = performance.now();
  for (let i = 0; i < 100_000; i += 1) {
    const { total } = dice.roll(plan, { die });
    counts.set(total, (counts.get(total) ?? 0) + 1);
  }
  const ms = performance.now() - t0;
  let maxError = 0;
  for (const [total, p] of exact) maxError = Math.max(maxError, Math.abs((counts.get(total) ?? 0) / 100_000 - p));
  return { ms, maxError };
}

if (process.argv[2] === "--child") {
  await child(process.argv[3], process.argv[4]);
} else {
  const file = await bundle();
  const rows = [];
  for (const task of [...POOLS, "table"]) {
    const run = spawnSync(process.execPath, [fileURLToPath(import.meta.url), "--child", file, task], {
      encoding: "utf8",
    });
    if (run.status !== 0) throw new Error(run.stderr);
    rows.push({ task, ...JSON.parse(run.stdout) });
  }
  const dice = await load(file);
  console.log("\nExact odds (ms; cold = first computation in a fresh process)");
  console.log("pool        cold ms   warm ms   Monte Carlo 100k: ms   max |error|");
  for (const row of rows) {
    const mc = row.task === "table" ? null : await monteCarlo(dice, row.task);
    const name = row.task === "table" ? "XkYx X<=10" : row.task;
    console.log(
      `${name.padEnd(11)} ${row.cold.toFixed(2).padStart(7)}   ${row.warm.toFixed(2).padStart(7)}   ` +
        (mc ? `${mc.ms.toFixed(0).padStart(20)}   ${mc.maxError.toExponential(2)}` : `${"(55 pools)".padStart(20)}`),
    );
  }
}
