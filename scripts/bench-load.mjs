#!/usr/bin/env node
// What a user feels when a world loads, for `npm run bench`: the built module (dist/anthology.mjs)
// evaluated in headless Chromium, then Foundry's world-loading hooks (init, i18nInit, setup, ready)
// run against the test stand-in for Foundry (test/foundry), bundled for the browser. Each load is
// cold: a fresh browser context (its own renderer process, so no V8 or HTTP cache is shared), the
// module served from a local HTTP server with `no-store`. Timings are taken with performance.now()
// inside the page; the figure is their median and spread, never a test's assertion.
// Usage: node scripts/bench-load.mjs [--runs 15] [--rule-set fade] [--foundry 13|14]
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { availableParallelism, loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { build } from "vite";
import { CHROMIUM_ARGS, findChromium } from "./lib/chromium.mjs";
import { mergedLang, ruleSetFolders } from "./lib/sources.mjs";
import { distSizes } from "./lib/size.mjs";
/* global window, location, Hooks, CONFIG, game -- the page's, for the functions run in it */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(root, "dist");
const MODULE = "anthology.mjs";
const HOOKS = ["init", "i18nInit", "setup", "ready"];

const { values: options } = parseArgs({
  options: {
    runs: { type: "string", default: "15" },
    "rule-set": { type: "string", default: "fade" },
    foundry: { type: "string", default: "13" },
  },
});
const runs = Number(options.runs);
const ruleSet = options["rule-set"];
const generation = Number(options.foundry);
if (!Number.isInteger(runs) || runs < 3) fail("--runs takes a whole number of at least 3.");
if (generation !== 13 && generation !== 14) fail("--foundry takes 13 or 14.");
if (!ruleSetFolders(root).includes(ruleSet)) fail(`--rule-set takes one of ${ruleSetFolders(root).join(", ")}.`);

function fail(message) {
  console.error(`[bench-load] ${message}`);
  process.exit(1);
}

if (!existsSync(path.join(dist, MODULE)) || !existsSync(path.join(dist, "system.json")))
  fail(`dist/${MODULE} is missing: run \`npm run build\` first.`);
// The figures are the built module's: say so when src/ changed since the build.
const built = statSync(path.join(dist, MODULE)).mtimeMs;
const changed = readdirSync(path.join(root, "src"), { recursive: true }).some(
  (f) => statSync(path.join(root, "src", f)).mtimeMs > built,
);
if (changed)
  console.warn(`[bench-load] src/ changed after dist/${MODULE} was built: run \`npm run build\` to measure it.`);
let executablePath;
try {
  executablePath = findChromium();
} catch (error) {
  fail(error.message);
}
if (!executablePath) fail("no Chromium: run `npm run browser` (it finds or installs one) or set CHROMIUM_PATH.");

/**
 * The stand-in as one ES module for the page. Its Node-only pieces are swapped at bundle time: the
 * language strings (read from disk in Node) come in as data, `fileURLToPath` as a no-op, and the
 * generation (read from ANTHOLOGY_FOUNDRY in Node) as a constant.
 */
async function standInBundle() {
  const lang = JSON.stringify(mergedLang(root));
  const virtual = {
    "node:url": "export const fileURLToPath = (url) => String(url);",
    sources: `export const mergedLang = () => (${lang});`,
  };
  const output = await build({
    root,
    configFile: false,
    logLevel: "error",
    publicDir: false,
    define: { "process.env.ANTHOLOGY_FOUNDRY": JSON.stringify(String(generation)) },
    plugins: [
      {
        name: "bench-load-stand-in",
        enforce: "pre",
        resolveId(source) {
          if (source === "node:url") return "\0bench:node:url";
          if (source.endsWith("scripts/lib/sources.mjs")) return "\0bench:sources";
          return null;
        },
        load(id) {
          return id.startsWith("\0bench:") ? virtual[id.slice("\0bench:".length)] : null;
        },
      },
    ],
    build: {
      write: false,
      minify: false,
      target: "es2022",
      lib: { entry: path.join(root, "test/foundry/stand-in.ts"), formats: ["es"], fileName: () => "stand-in.mjs" },
    },
  });
  const chunk = [output].flat()[0].output.find((o) => o.type === "chunk" && o.isEntry);
  return chunk.code;
}

/** What the page asked the server for and did not get. */
const missing = [];

/** A local server as Foundry's would be: the system's files under /systems/anthology/, never cached. */
function serve(standIn) {
  const page =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>load bench</title><link rel="icon" href="data:,"></head><body>` +
    `<script type="module">import { installFoundry } from "/bench/stand-in.mjs";` +
    `try { installFoundry(${JSON.stringify({ ruleSet, generation })}); window.__standIn = "ok"; }` +
    ` catch (error) { window.__standIn = String(error?.stack ?? error); }</script></body></html>`;
  const server = createServer((req, res) => {
    const url = new URL(req.url, "http://localhost");
    const send = (type, body) => {
      res.writeHead(200, { "content-type": type, "cache-control": "no-store" });
      res.end(body);
    };
    if (url.pathname === "/") return send("text/html; charset=utf-8", page);
    if (url.pathname === "/bench/stand-in.mjs") return send("text/javascript", standIn);
    if (url.pathname === `/systems/anthology/${MODULE}`)
      return send("text/javascript", readFileSync(path.join(dist, MODULE)));
    missing.push(url.pathname);
    res.writeHead(404).end();
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

/**
 * Runs in the page: imports the module by its URL and fires the hooks Foundry fires while a world
 * loads, in Foundry's order, each timed on its own. `evaluate` starts when the module's last byte
 * arrived (its resource timing), so it is parsing, compiling and running the module's top level.
 */
async function loadInPage([moduleUrl, hooks]) {
  const t0 = performance.now();
  await import(moduleUrl);
  const t1 = performance.now();
  const [entry] = performance.getEntriesByName(new URL(moduleUrl, location.href).href);
  if (!entry) throw new Error(`no resource timing for ${moduleUrl}`);
  const times = { fetch: entry.responseEnd - t0, evaluate: t1 - entry.responseEnd };
  for (const hook of hooks) {
    const start = performance.now();
    Hooks.callAll(hook);
    times[hook] = performance.now() - start;
  }
  // What the hooks did, so a load that registered nothing cannot pass for a fast one.
  const loaded = {
    actorTypes: Object.keys(CONFIG.Actor.dataModels).length,
    ruleSet: game.settings.get("anthology", "ruleSet"),
  };
  return { times, loaded };
}

async function coldLoad(browser, base) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const problems = [];
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text() + (missing.length ? `: ${missing.join(", ")}` : ""));
    });
    await page.goto(base);
    const installed = await page
      .waitForFunction(() => window.__standIn, undefined, { timeout: 30_000 })
      .then((handle) => handle.jsonValue())
      .catch((error) => `${error.message}\n  ${problems.join("\n  ")}`);
    if (installed !== "ok") throw new Error(`the stand-in did not install in the page: ${installed}`);
    const { times, loaded } = await page.evaluate(loadInPage, [`/systems/anthology/${MODULE}`, HOOKS]);
    if (problems.length) throw new Error(`the page reported errors:\n  ${problems.join("\n  ")}`);
    if (!loaded.actorTypes || loaded.ruleSet !== ruleSet)
      throw new Error(`the module did not load the world: ${JSON.stringify(loaded)}`);
    return times;
  } finally {
    await context.close();
  }
}

const quantile = (sorted, q) => {
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  return sorted[low] + (sorted[Math.min(low + 1, sorted.length - 1)] - sorted[low]) * (at - low);
};

// Other work on the machine moves these figures: the load average says how busy it was.
const load = loadavg()[0].toFixed(1);
const standIn = await standInBundle();
const server = await serve(standIn);
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
try {
  // One load first, discarded: it starts the browser's helpers, not the module (each load is cold).
  await coldLoad(browser, base);
  const samples = [];
  for (let i = 0; i < runs; i += 1) samples.push(await coldLoad(browser, base));
  const rows = [
    ["module fetched", (t) => t.fetch],
    ["module evaluated", (t) => t.evaluate],
    ...HOOKS.map((hook) => [`${hook} hook`, (t) => t[hook]]),
    ["evaluation + init", (t) => t.evaluate + t.init],
    ["evaluation to ready", (t) => t.evaluate + HOOKS.reduce((sum, hook) => sum + t[hook], 0)],
  ];
  const ms = (x) => x.toFixed(1).padStart(6);
  console.log(
    `\nLoad in headless Chromium ${browser.version()}, on the stand-in for Foundry v${generation}, ` +
      `rule set "${ruleSet}": ${runs} cold loads, ms (${availableParallelism()} cores, load average ${load})`,
  );
  console.log(`${"".padEnd(20)}  median   (p25 –   p75)   (min –   max)`);
  for (const [name, pick] of rows) {
    const sorted = samples.map(pick).sort((a, b) => a - b);
    console.log(
      `${name.padEnd(20)}  ${ms(quantile(sorted, 0.5))}   (${ms(quantile(sorted, 0.25))} – ${ms(quantile(sorted, 0.75))})` +
        `   (${ms(sorted[0])} – ${ms(sorted.at(-1))})`,
    );
  }
  const sizes = distSizes(dist);
  const module = sizes.loaded.find((f) => f.file === MODULE);
  const bytes = (n) => n.toLocaleString("en-US");
  console.log(
    `${MODULE}: ${bytes(module.raw)} B, ${bytes(module.gzip)} B gzipped; ` +
      `loaded by Foundry (JS + CSS): ${bytes(sizes.loadedTotal.gzip)} B gzipped`,
  );
} finally {
  await browser.close();
  server.close();
}
