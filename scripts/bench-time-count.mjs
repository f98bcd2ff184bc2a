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
  // Who is due in each encounter, as each Advance announces it.
  const due = new Map();
  globalThis.Hooks.on("anthology.timeCountAdvance", (combat, step) => due.get(combat.id).push(...step.acting));

  /** An encounter of `n` NPCs (static SF, so no dice), started; `run` has the GM act for everyone due, then advance. */
  async function encounter(n) {
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
    const acting = [];
    due.set(combat.id, acting);
    const clear = () => {
      record.messages.length = 0;
      combatLog.updates.length = 0;
      combatLog.startTurns.length = 0;
      game.messages = new game.messages.constructor();
    };
    async function run(count) {
      const r = { acts: 0, advances: 0, actMs: 0, advanceMs: 0 };
      while (r.acts < count) {
        if (!acting.length) {
          const t0 = performance.now();
          await combat.advanceCount();
          r.advanceMs += performance.now() - t0;
          r.advances += 1;
          continue;
        }
        const id = acting.shift();
        const t0 = performance.now();
        await combat.actCombatant(id, { action: "custom", speedFactor: sf(random) });
        r.actMs += performance.now() - t0;
        r.acts += 1;
        if (r.acts % 500 === 0) clear();
      }
      clear();
      return r;
    }
    /** Foundry sorts every combatant again after each combatant change (setupTurns): its cost, for scale. */
    function setupTurns() {
      const t0 = performance.now();
      for (let i = 0; i < 20; i += 1) combat.setupTurns();
      return (performance.now() - t0) / 20;
    }
    const close = () => game.combats.delete(combat.id);
    return { run, setupTurns, close };
  }

  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  // TIME_COUNT_ROUNDS and TIME_COUNT_ACTS shorten the run (measuring an older, slower version).
  const ROUNDS = Number(process.env.TIME_COUNT_ROUNDS ?? 9);
  const PER_ROUND = Number(process.env.TIME_COUNT_ACTS ?? 1500);
  const SIZES = [10, 100, 1000, 10_000];
  // Every size plays a slice in each round, in turn, so a busy machine slows them all alike.
  const fights = [];
  for (const n of SIZES) {
    const fight = await encounter(n);
    await fight.run(300);
    fights.push({ n, fight, perAct: [], withAdvance: [], perAdvance: [] });
  }
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const f of fights) {
      const r = await f.fight.run(PER_ROUND);
      f.perAct.push((r.actMs * 1000) / r.acts);
      f.withAdvance.push(((r.actMs + r.advanceMs) * 1000) / r.acts);
      if (r.advances) f.perAdvance.push((r.advanceMs * 1000) / r.advances);
    }
  }
  console.log(
    `\nTime Count on the Foundry side (Anthology's Combat on the test stand-in, GM's client): ${ROUNDS} rounds of ` +
      `${PER_ROUND.toLocaleString("en")} acts at each size, median (best) µs`,
  );
  console.log("combatants   per act          per act with its share of Advance   per Advance          per setupTurns");
  const cell = (xs, width) =>
    (xs.length ? `${median(xs).toFixed(1)} (${Math.min(...xs).toFixed(1)})` : "-").padEnd(width);
  for (const f of fights) {
    const setup = f.fight.setupTurns() * 1000;
    f.fight.close();
    console.log(
      `${String(f.n).padStart(10)}   ${cell(f.perAct, 16)} ${cell(f.withAdvance, 35)} ${cell(f.perAdvance, 20)} ${setup.toFixed(0)}`,
    );
  }
  const ratio = median(fights.at(-1).withAdvance) / median(fights[0].withAdvance);
  console.log(`per act at ${SIZES.at(-1).toLocaleString("en")} / at ${SIZES[0]}: ${ratio.toFixed(2)}×`);
} finally {
  await server.close();
}
