#!/usr/bin/env node
// Time Count timings for `npm run bench`:
// 1. the Foundry-free scheduler against a naive one that re-sorts everyone before every action
//    (100,000 actions, each combatant acting with a speed factor of 1 to 22, seeded);
// 2. its Advance (the tracker's, which holds whoever is due and has not acted) per step;
// 3. the Foundry side: Anthology's Combat on the test stand-in for Foundry (test/foundry), the GM
//    recording actions and advancing, per action at 10 to 10,000 combatants.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createServer } from "vite";
import { bundleEntry, importFile } from "./lib/bundle.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ACTIONS = 100_000;

const sf = (die) => die(22);
const initiative = (die) => 4 + die(6);

function runScheduler(createTimeCount, n, actions) {
  const random = seededDie(n);
  const tc = createTimeCount(undefined, { historyLimit: 0 });
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

/** The tracker's Advance alone: every other step, one in ten of those due does not act and is held. */
function runAdvance(createTimeCount, n, steps) {
  const random = seededDie(n + 1);
  const tc = createTimeCount(undefined, { historyLimit: 0 });
  for (let i = 0; i < n; i += 1) tc.join(`c${i}`, initiative(random));
  let ms = 0;
  for (let step = 0; step < steps; step += 1) {
    const t0 = performance.now();
    const { acting } = tc.advanceHolding();
    ms += performance.now() - t0;
    acting.forEach((id, i) => {
      if (step % 2 === 0 || i % 10 !== 0) tc.acted(id, sf(random));
    });
  }
  return { ms, steps };
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
for (const n of [10, 100, 1000, 10_000]) {
  const fast = runScheduler(createTimeCount, n, ACTIONS);
  // The naive re-sort at 10,000 would take minutes: it is left out there.
  const naive = n <= 1000 ? runNaive(n, ACTIONS) : null;
  if (naive && fast.tc !== naive.tc)
    throw new Error(`The schedulers disagree at ${n} combatants: TC ${fast.tc} vs ${naive.tc}`);
  const per = (r) => ((r.ms * 1000) / r.done).toFixed(3);
  console.log(
    `${String(n).padStart(10)}   ${per(fast).padStart(9)}   ${(naive ? per(naive) : "-").padStart(13)}   ${String(fast.tc).padStart(8)}`,
  );
}

console.log("\nTime Count Advance (the tracker's, holding whoever did not act): µs per step");
console.log("combatants   per step");
for (const n of [10, 100, 1000, 10_000]) runAdvance(createTimeCount, n, 200);
for (const n of [10, 100, 1000, 10_000]) {
  const r = runAdvance(createTimeCount, n, 2000);
  console.log(`${String(n).padStart(10)}   ${((r.ms * 1000) / r.steps).toFixed(2).padStart(8)}`);
}

// The Foundry side, on the stand-in the adapter tests use, loaded through vite as vitest does.
const server = await createServer({
  root,
  configFile: false,
  logLevel: "error",
  appType: "custom",
  server: { middlewareMode: true, hmr: false, ws: false },
  optimizeDeps: { noDiscovery: true, include: [] },
  define: { __ANTHOLOGY_VERSION__: JSON.stringify("bench") },
});
try {
  const standIn = await server.ssrLoadModule("/test/foundry/stand-in.ts");
  const { combatLog, standInActor } = await server.ssrLoadModule("/test/foundry/combat.ts");
  const record = standIn.installFoundry({ ruleSet: "hod" });
  const log = console.log;
  console.log = () => {};
  await server.ssrLoadModule("/src/index.ts");
  standIn.loadWorld(record);
  console.log = log;
  // The stand-in's globals, installed on globalThis.
  const { CONFIG, game } = globalThis;
  const acting = [];
  globalThis.Hooks.on("anthology.timeCountAdvance", (_combat, step) => acting.push(...step.acting));

  /** An encounter of `n` NPCs (static SF, so no dice), started; the GM acts for everyone due, then advances. */
  async function runCombat(n, { minActs, minMs, maxActs }) {
    const Combat = CONFIG.Combat.documentClass;
    const Combatant = CONFIG.Combatant.documentClass;
    const random = seededDie(n + 2);
    const combat = new Combat({ id: `bench${n}` });
    game.combats.set(combat.id, combat);
    for (let i = 0; i < n; i += 1) {
      const name = `NPC ${i}`;
      combat.addCombatant(
        new Combatant({ id: `c${i}`, name, actor: standInActor(name), initiative: initiative(random) }),
      );
    }
    await combat.startCombat();
    acting.length = 0;
    let acts = 0;
    let advances = 0;
    let actMs = 0;
    let advanceMs = 0;
    while (acts < maxActs && (acts < minActs || actMs + advanceMs < minMs)) {
      if (!acting.length) {
        const t0 = performance.now();
        await combat.advanceCount();
        advanceMs += performance.now() - t0;
        advances += 1;
        continue;
      }
      const id = acting.shift();
      const t0 = performance.now();
      await combat.actCombatant(id, { action: "custom", speedFactor: sf(random) });
      actMs += performance.now() - t0;
      acts += 1;
      if (acts % 1000 === 0) {
        record.messages.length = 0;
        combatLog.updates.length = 0;
        combatLog.startTurns.length = 0;
        game.messages = new game.messages.constructor();
      }
    }
    game.combats.delete(combat.id);
    record.messages.length = 0;
    combatLog.updates.length = 0;
    combatLog.startTurns.length = 0;
    return { acts, advances, actMs, advanceMs, tc: combat.timeCount };
  }

  const sizes = [10, 100, 1000, 10_000];
  for (const n of sizes) await runCombat(n, { minActs: 200, minMs: 0, maxActs: 200 });
  console.log("\nTime Count on the Foundry side (Anthology's Combat on the test stand-in, GM's client)");
  console.log("combatants     acts   µs per act   µs per act with its share of Advance   µs per Advance");
  for (const n of sizes) {
    const r = await runCombat(n, { minActs: 2000, minMs: 2000, maxActs: 20_000 });
    const perAct = (r.actMs * 1000) / r.acts;
    const withAdvance = ((r.actMs + r.advanceMs) * 1000) / r.acts;
    const perAdvance = (r.advanceMs * 1000) / r.advances;
    console.log(
      `${String(n).padStart(10)}   ${String(r.acts).padStart(6)}   ${perAct.toFixed(1).padStart(10)}   ${withAdvance
        .toFixed(1)
        .padStart(36)}   ${perAdvance.toFixed(1).padStart(14)}`,
    );
  }
} finally {
  await server.close();
}
