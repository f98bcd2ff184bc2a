import { readFileSync } from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { odds, oddsCard } from "../../src/dice";
import { launchBrowser, renderTemplate, screenshot } from "./harness";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function show(name: string, card: object) {
  const page = await browser.newPage({ viewport: { width: 300, height: 600 } });
  const css = readFileSync("dist/styles/anthology.css", "utf8");
  await page.setContent(
    `<!doctype html><html><head><meta charset="utf-8"><style>${css}</style></head><body style="margin:8px;font-family:sans-serif">` +
      renderTemplate("chat/odds-card.hbs", { odds: card }) +
      `</body></html>`,
  );
  await screenshot(page, `odds-${name}`);
  return page;
}

describe("/odds card (template, compiled CSS, Chromium)", () => {
  it("draws one bar per total, the longest for the most likely, with the figures in words", async () => {
    const page = await show("8k4x", oddsCard(odds("8k4x"), 30));
    const rows = page.locator(".anthology-odds-row");
    expect(await rows.count()).toBeGreaterThan(10);
    const widths = await page
      .locator(".anthology-odds-bar span")
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().width));
    const track = await page.$eval(".anthology-odds-bar", (e) => e.getBoundingClientRect().width);
    expect(Math.max(...widths)).toBeCloseTo(track, 0);
    expect(await page.locator("dt").allTextContents()).toEqual([
      "Average",
      "Chance of 30 or more",
      "Chance of a critical",
    ]);
    expect(await page.textContent(".anthology-odds-at-least")).toMatch(/^\d+\.\d%$/);
    expect(await page.locator(".anthology-odds-note").count()).toBe(2);
    expect(await page.locator("body").innerText()).not.toMatch(/ANTHOLOGY\./);
    await page.close();
  });

  it("says an impossible roll always fails, with no chart", async () => {
    const page = await show("impossible", oddsCard(odds("5k0")));
    expect(await page.textContent(".anthology-odds-impossible")).toBe("No dice can be kept: this check always fails.");
    expect(await page.locator(".anthology-odds-row").count()).toBe(0);
    await page.close();
  });
});
