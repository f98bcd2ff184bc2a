import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse, roll, rollCard, scriptedDie } from "../../src/dice";
import { launchBrowser, renderTemplate, screenshot } from "./harness";

function card(formula: string, faces: number[], options: { complication?: "note" | "remove" | "gm" } = {}) {
  return rollCard(roll(parse(formula), { die: scriptedDie(faces), ...options }));
}

let browser: Browser;

async function show(name: string, context: object): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 320, height: 260 } });
  const css = await import("node:fs").then((fs) => fs.readFileSync("dist/styles/anthology.css", "utf8"));
  await page.setContent(
    `<!doctype html><html><head><meta charset="utf-8"><style>${css}</style></head><body style="margin:8px;font-family:sans-serif">` +
      `<div id="message" class="chat-message">${renderTemplate("chat/roll-card.hbs", context)}</div></body></html>`,
  );
  await screenshot(page, `roll-card-${name}`);
  return page;
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe("roll card (template, compiled CSS, Chromium)", () => {
  it("shows each keep die's explosion chain, kept versus dropped, and the critical badge", async () => {
    const page = await show("keep-critical", { card: card("3k2x", [10, 7, 10, 2, 4]) });
    const dice = page.locator(".anthology-die");
    expect(await dice.allTextContents()).toEqual(["10+7", "10+2", "4"]);
    expect(await dice.evaluateAll((els) => els.map((e) => e.classList.contains("kept")))).toEqual([true, true, false]);
    expect(await page.locator(".anthology-die.dropped").getAttribute("title")).toBe("Dropped");
    expect(await page.textContent(".anthology-total-value")).toBe("29");
    expect(await page.locator(".anthology-roll-badge.good").textContent()).toBe("Critical");
    const dropped = await page.$eval(".anthology-die.dropped", (e) => getComputedStyle(e).textDecorationLine);
    expect(dropped).toBe("line-through");
    await page.close();
  });

  it("shows an impossible roll as an automatic failure with no dice", async () => {
    const page = await show("impossible", { card: card("5k0", []) });
    expect(await page.locator(".anthology-die").count()).toBe(0);
    expect(await page.textContent(".anthology-total-value")).toBe("\u2014");
    expect(await page.textContent(".anthology-roll-badge.bad")).toBe("Impossible: automatic failure");
    await page.close();
  });

  it("marks the Wild Die and a complication that removed dice", async () => {
    const page = await show("wild-complication", { card: card("3D+1", [5, 2, 1], { complication: "remove" }) });
    expect(await page.getAttribute(".anthology-die.wild", "title")).toBe("Removed by the complication");
    expect(await page.locator(".anthology-die.removed").count()).toBe(2);
    expect(await page.textContent(".anthology-roll-badge.bad")).toBe("Complication: Wild Die and highest die removed");
    expect(await page.textContent(".anthology-total-value")).toBe("3");
    const wildBorder = await page.$eval(".anthology-die.wild", (e) => getComputedStyle(e).borderTopColor);
    expect(wildBorder).toBe("rgb(184, 134, 11)");
    await page.close();
  });

  it("reads a FUDGE result on the ladder, with plus, minus and blank faces", async () => {
    const page = await show("fudge", { card: card("4dF+2", [3, 3, 1, 2]) });
    expect(await page.locator(".anthology-die").allTextContents()).toEqual(["+", "+", "\u2212", "\u00a0"]);
    expect(await page.textContent(".anthology-ladder")).toBe("Superb");
    expect(await page.textContent(".anthology-total-value")).toBe("3");
    await page.close();
    const beyond = await show("fudge-beyond", { card: card("4dF+4", [3, 3, 3, 3]) });
    expect(await beyond.textContent(".anthology-ladder")).toBe("Superb +5");
    await beyond.close();
  });

  it("shows a FUDGE roll against a difficulty with the result and relative degree", async () => {
    const outcome = roll(parse("4dF+2"), { die: scriptedDie([3, 2, 2, 1]) });
    const page = await show("fudge-versus", { card: rollCard(outcome, { target: 1 }) });
    expect(await page.textContent(".anthology-versus-target")).toMatch(/Against 1\s+\(Good\)/);
    expect(await page.textContent(".anthology-versus-result")).toBe("Success");
    expect(await page.textContent(".anthology-versus-degree")).toBe("Relative degree +1");
    const colour = await page.$eval(".anthology-versus-result", (e) => getComputedStyle(e).color);
    expect(colour).toBe("rgb(46, 107, 48)");
    await page.close();
  });

  it("escapes HTML in the flavor text", async () => {
    const page = await show("flavor", {
      card: card("1k1", [6]),
      flavor: `<img src=x onerror="document.title='x'">Attack`,
    });
    expect(await page.locator(".anthology-roll-flavor img").count()).toBe(0);
    expect(await page.textContent(".anthology-roll-flavor")).toContain("<img");
    await page.close();
  });
});
