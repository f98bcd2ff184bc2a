import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleEntry } from "../../scripts/lib/bundle.mjs";
import { outcomeOdds } from "../../src/dice";
import { outcomeViews, type TargetOutcome } from "../../src/play/outcome-line";
import { format } from "../foundry/stand-in";
import { launchBrowser, renderTemplate, screenshot } from "./harness";

// The outcome chances every attack dialog and card row shows per target (issue 31): the shared partial
// with the compiled CSS, and the dialog's live refresh (outcome-line.ts's showOutcomes, bundled as
// Foundry loads it) writing the list anew, in Chromium.

const outcomes: TargetOutcome[] = [
  { name: "Brigand", odds: outcomeOdds(0.625, 0.4125, 0.03125) },
  { name: `<img src=x onerror="window.hacked=1">Wolf`, odds: outcomeOdds(1, 0.9995, 0) },
];

let browser: Browser;
let lineModule: string;

beforeAll(async () => {
  (globalThis as { game?: unknown }).game = { i18n: { format } };
  browser = await launchBrowser();
  lineModule = readFileSync(await bundleEntry(path.resolve("src/play/outcome-line.ts"), "outcome-line.mjs"), "utf8");
});
afterAll(async () => {
  await browser?.close();
  delete (globalThis as { game?: unknown }).game;
});

async function show(name: string, views: object[], options: object = {}): Promise<Page> {
  const css = readFileSync("dist/styles/anthology.css", "utf8");
  const page = await browser.newPage({ viewport: { width: 420, height: 160 } });
  await page.setContent(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${css}</style></head>` +
      `<body style="margin:8px;font-family:sans-serif"><div class="anthology" id="root">` +
      renderTemplate("play/outcome-odds.hbs", { ...options, outcomes: views }) +
      `</div></body></html>`,
  );
  await screenshot(page, `outcome-odds-${name}`);
  return page;
}

const lines = (page: Page) =>
  page
    .locator(".anthology-outcome")
    .evaluateAll((items) => items.map((li) => [...li.querySelectorAll("span")].map((s) => s.textContent?.trim())));

describe("outcome chances per target (partial, compiled CSS, Chromium)", () => {
  it("shows each target's name and its chances to be hit, hurt and dropped, a name's HTML as text", async () => {
    const page = await show("two-targets", outcomeViews(outcomes));
    expect(await lines(page)).toEqual([
      ["Brigand", "Hit 62.5%", "Hurt 41.3%", "Drop 3.1%"],
      [`<img src=x onerror="window.hacked=1">Wolf`, "Hit 100%", "Hurt >99.9%", "Drop 0%"],
    ]);
    expect(await page.locator("img").count()).toBe(0);
    expect(await page.getAttribute(".anthology-outcome", "title")).toBe("Brigand: Hit 62.5%, Hurt 41.3%, Drop 3.1%");
    expect(await page.locator(".anthology-outcome-odds").isVisible()).toBe(true);
    // The chances sit on one line at a dialog's width.
    const boxes = await page
      .locator(".anthology-outcome:first-child span")
      .evaluateAll((spans) =>
        spans.map((s) => s.getBoundingClientRect()).map((r) => ({ top: r.top, bottom: r.bottom })),
      );
    expect(Math.max(...boxes.map((b) => b.top))).toBeLessThan(Math.min(...boxes.map((b) => b.bottom)));
    await page.close();
  });

  it("on a card row, which names its target already, shows the three chances alone (unnamed=true)", async () => {
    const page = await show("unnamed", outcomeViews(outcomes.slice(0, 1)), { unnamed: true });
    expect(await lines(page)).toEqual([["Hit 62.5%", "Hurt 41.3%", "Drop 3.1%"]]);
    expect(await page.locator(".anthology-outcome-name").count()).toBe(0);
    expect(await page.locator("#root").innerText()).not.toContain("Brigand");
    // The tooltip still says whose chances they are.
    expect(await page.getAttribute(".anthology-outcome", "title")).toBe("Brigand: Hit 62.5%, Hurt 41.3%, Drop 3.1%");
    await page.close();
  });

  it("takes no room with no target", async () => {
    const page = await show("none", []);
    expect(await page.locator(".anthology-outcome-odds").isVisible()).toBe(false);
    await page.close();
  });

  it("refreshes a dialog's list live: the new targets' lines replace the old, as text", async () => {
    const page = await show("refresh-before", outcomeViews(outcomes.slice(0, 1)));
    await page.evaluate(
      `window.game = { i18n: { format: (k, d) => k.split(".").pop() + ":" + (d.chance ?? d.name) } };`,
    );
    await page.addScriptTag({ type: "module", content: `${lineModule}\nwindow.lineModule = { showOutcomes };` });
    await page.waitForFunction(() => "lineModule" in window);
    await page.evaluate((next) => {
      const root = document.getElementById("root")!;
      (window as unknown as { lineModule: { showOutcomes(r: HTMLElement, o: unknown): void } }).lineModule.showOutcomes(
        root,
        next,
      );
    }, outcomes.slice(1));
    expect(await lines(page)).toEqual([
      [`<img src=x onerror="window.hacked=1">Wolf`, "hit:100%", "hurt:>99.9%", "drop:0%"],
    ]);
    expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
    await page.evaluate(() => {
      const root = document.getElementById("root")!;
      (window as unknown as { lineModule: { showOutcomes(r: HTMLElement, o: unknown): void } }).lineModule.showOutcomes(
        root,
        [],
      );
    });
    expect(await page.locator(".anthology-outcome").count()).toBe(0);
    expect(await page.locator(".anthology-outcome-odds").isVisible()).toBe(false);
    await page.close();
  });
});
