#!/usr/bin/env node
// Exact odds timings for `npm run bench`: each pool cold (first computation in a fresh process, nothing
// precomputed at import) and warm (again in the same process with the cache cleared), the full table
// of XkYx for X <= 10, and 100,000 Monte Carlo rolls through the dice engine for comparison. Then the
// mass error over every keep pool of up to 100 dice, and the time to refuse hostile input (formulas
// too costly or too long, forged chat-message rolls), each in a fresh process.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { bundleEntry, importFile as load } from "./lib/bundle.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const POOLS = [
  "5k3x",
  "8k4x",
  "10k5x",
  "12k6x",
  "15k8x",
  "20k10x",
  // The Fade's pools with explosions below 10 (from effects).
  "6k3x7",
  "8k5x9",
  "10k4x9",
  "12k5x7",
  "12k5x8",
  "12k12x7",
  "100k100",
  "100k50x9",
  "100d1000",
];
// Monte Carlo only where a few hundred thousand dice are quick to throw.
const SAMPLED = new Set(POOLS.slice(0, 6));
// The engine bundled as Foundry loads it, built once into a temporary folder; the notation and the
// stored-roll checks beside it (not part of the engine's index).
const bundle = async () => ({
  dice: await bundleEntry(path.join(root, "src/dice/index.ts"), "dice.mjs"),
  notation: await bundleEntry(path.join(root, "src/dice/foundry-notation.ts"), "notation.mjs"),
  stored: await bundleEntry(path.join(root, "src/dice/stored-roll.ts"), "stored.mjs"),
});

const table = (dice) => {
  for (let x = 1; x <= 10; x += 1) for (let y = 1; y <= x; y += 1) dice.odds(`${x}k${y}x`);
};

async function child(files, task) {
  const dice = await load(files.dice);
  if (task.startsWith("mass:")) return massError(dice, task.slice(5));
  if (task.startsWith("hostile:")) return hostile(files, task.slice(8));
  const t0 = performance.now();
  if (task === "table") table(dice);
  else dice.odds(task);
  const cold = performance.now() - t0;
  dice.clearOddsCache();
  const t1 = performance.now();
  if (task === "table") table(dice);
  else dice.odds(task);
  const warm = performance.now() - t1;
  return { cold, warm };
}

/** Every XkY (or Negative Dice, XkYx, XkYx7) with X <= 100: the worst |mass - 1|, the largest truncated. */
function massError(dice, kind) {
  const suffix = kind.startsWith("x") ? kind : "";
  let worst = 0;
  let truncated = 0;
  let missed = 0;
  const t0 = performance.now();
  for (let n = 1; n <= 100; n += 1)
    for (let k = 1; k <= n; k += 1) {
      const o = dice.odds(kind === "negative" ? `${1 - n}k${k}` : `${n}k${k}${suffix}`);
      const error = Math.abs(1 - o.table().reduce((s, [, p]) => s + p, 0));
      if (error > 1e-9) missed += 1;
      worst = Math.max(worst, error);
      truncated = Math.max(truncated, o.truncated);
    }
  return { worst, truncated, missed, ms: performance.now() - t0 };
}

/** A forged chat message's roll: a pool of 3k2x with the given changes. */
const forged = (change) => ({
  class: "AnthologyRoll",
  formula: "3k2x",
  terms: [{ class: "KeepDice", number: 3, faces: 10, modifiers: ["k2", "x10"], results: [], evaluated: true }],
  total: 0,
  evaluated: true,
  ...change,
});

// Each builds its input, then returns the refusal to time (input built before the clock starts).
const HOSTILE = {
  "odds 100k100x2": (f) => () => refused(() => f.dice.odds("100k100x2")),
  "odds 100k50x2": (f) => () => refused(() => f.dice.odds("100k50x2")),
  "translate 100,000 digits": (f) => {
    const formula = "1".repeat(100_000);
    return () => refused(() => f.notation.translateFormula(formula));
  },
  "translate 1,999 digits + k1": (f) => {
    const formula = `${"1".repeat(1_997)}k1`;
    return () => refused(() => f.notation.translateFormula(formula));
  },
  "stored roll, 100,000-digit formula": (f) => {
    const data = forged({ formula: "1".repeat(100_000) });
    return () => f.stored.storedRollProblem(data).key;
  },
  "stored roll, a million results": (f) => {
    const results = new Array(1e6).fill({ result: 1 });
    const data = forged({ terms: [{ class: "KeepDice", number: 3, modifiers: [], results }] });
    return () => f.stored.storedRollProblem(data).key;
  },
  "stored roll, a million Foundry dice": (f) => {
    const results = new Array(1e6).fill({ result: 1 });
    const data = forged({ terms: [{ class: "Die", number: 1e6, faces: 6, results }] });
    return () => f.stored.storedRollProblem(data).key;
  },
};

function refused(run) {
  try {
    run();
    return "answered";
  } catch (error) {
    return error.code ?? error.name;
  }
}

async function hostile(files, name) {
  const loaded = {
    dice: await load(files.dice),
    notation: await load(files.notation),
    stored: await load(files.stored),
  };
  const refuse = HOSTILE[name](loaded);
  const t0 = performance.now();
  const outcome = refuse();
  return { ms: performance.now() - t0, outcome };
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

function run(files, task) {
  const result = spawnSync(process.execPath, [fileURLToPath(import.meta.url), "--child", JSON.stringify(files), task], {
    encoding: "utf8",
    maxBuffer: 1 << 20,
  });
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout);
}

if (process.argv[2] === "--child") {
  process.stdout.write(JSON.stringify(await child(JSON.parse(process.argv[3]), process.argv[4])));
} else {
  const files = await bundle();
  const dice = await load(files.dice);
  console.log("\nExact odds (ms; cold = first computation in a fresh process)");
  console.log("pool        cold ms   warm ms   Monte Carlo 100k: ms   max |error|");
  for (const task of [...POOLS, "table"]) {
    const row = run(files, task);
    const mc = SAMPLED.has(task) ? await monteCarlo(dice, task) : null;
    const name = task === "table" ? "XkYx X<=10" : task;
    const note = task === "table" ? "(55 pools)" : "";
    console.log(
      `${name.padEnd(11)} ${row.cold.toFixed(2).padStart(7)}   ${row.warm.toFixed(2).padStart(7)}   ` +
        (mc ? `${mc.ms.toFixed(0).padStart(20)}   ${mc.maxError.toExponential(2)}` : note.padStart(20)),
    );
  }

  console.log("\nMass error over every pool of up to 100 dice (5,050 each)");
  console.log("pools              worst |mass - 1|   largest truncated   pools off by > 1e-9   ms");
  for (const [label, kind] of [
    ["XkY", "plain"],
    ["Negative Dice", "negative"],
    ["XkYx", "x"],
    ["XkYx7", "x7"],
  ]) {
    const m = run(files, `mass:${kind}`);
    console.log(
      `${label.padEnd(18)} ${m.worst.toExponential(2).padStart(16)}   ${m.truncated.toExponential(2).padStart(17)}   ` +
        `${String(m.missed).padStart(19)}   ${m.ms.toFixed(0)}`,
    );
  }

  console.log("\nHostile input, refused (ms, cold, fresh process)");
  for (const name of Object.keys(HOSTILE)) {
    const h = run(files, `hostile:${name}`);
    console.log(`${name.padEnd(38)} ${h.ms.toFixed(2).padStart(9)}   ${h.outcome}`);
  }
}
