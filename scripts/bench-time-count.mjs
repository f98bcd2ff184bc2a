#!/usr/bin/env node
// Time Count timings for `npm run bench`: encounters of 10, 100 and 1,000 combatants advanced through
// 100,000 actions, each combatant acting with a speed factor of 1 to 22 (seeded), against a naive
// scheduler that re-sorts everyone before every action.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { bundleEntry, importFile } from "./lib/bundle.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ACTIONS = 100_000;

const sf = (die) => die(22);
const initiative = (die) => 4 + die(6);

function runScheduler(createTimeCount, n, actions) {
  const random = seededDie(n);
  const tc = createTimeCount();
  for (let i = 0; i < n; i += 1) tc.join(`c${i}`, initiative(random));
  let done = 0;
  const t0 = performance.now();
  while (done < actions) {
    const { acting } = tc.advance();
    for (const id of acting) {
      tc.acted(id, sf(random));
      done += 1;
    }
  }
  return { ms: performance.now() - t0, done, tc: tc.current };
}

/** The obvious way (and Foundry's, which re-sorts its turns on every combatant update): sort everyone
 * by next TC before every action; the first in line acts. */
function runNaive(n, actions) {
  const random = seededDie(n);
  const all = Array.from({ length: n }, (_, i) => ({ id: `c${i}`, tc: initiative(random), seq: i }));
  let seq = n;
  let current = 0;
  const t0 = performance.now();
  for (let done = 0; done < actions; done += 1) {
    all.sort((a, b) => a.tc - b.tc || a.seq - b.seq);
    const next = all[0];
    current = next.tc;
    next.tc = current + sf(random);
    next.seq = seq++;
  }
  return { ms: performance.now() - t0, done: actions, tc: current };
}

const { createTimeCount } = await importFile(
  await bundleEntry(path.join(root, "src/time-count/time-count.ts"), "time-count.mjs"),
);
// Speed factors and initiatives from the dice engine's seeded die, the same for both schedulers.
const { seededDie } = await importFile(await bundleEntry(path.join(root, "src/dice/random.ts"), "random.mjs"));
// Warm both up at every size first, so the figures compare steady-state code rather than compilation.
for (const n of [10, 100, 1000]) {
  runScheduler(createTimeCount, n, 20_000);
  runNaive(n, 20_000);
}
console.log(`\nTime Count: ${ACTIONS.toLocaleString("en")} actions (µs per action)`);
console.log("combatants   scheduler   naive re-sort   final TC");
for (const n of [10, 100, 1000]) {
  const fast = runScheduler(createTimeCount, n, ACTIONS);
  const naive = runNaive(n, ACTIONS);
  if (fast.tc !== naive.tc) throw new Error(`The schedulers disagree at ${n} combatants: TC ${fast.tc} vs ${naive.tc}`);
  const per = (r) => ((r.ms * 1000) / r.done).toFixed(3);
  console.log(
    `${String(n).padStart(10)}   ${per(fast).padStart(9)}   ${per(naive).padStart(13)}   ${String(fast.tc).padStart(8)}`,
  );
}
