import { statSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openSheet, renderTemplate, screenshot } from "./harness";

// The Effects tab every actor sheet has (issue 30, point 2), rendered from its real template with the
// compiled CSS in Chromium, for an owner and for a viewer who cannot edit.

const rows = [
  {
    id: "e1",
    itemId: "",
    name: `<img src=x onerror="window.hacked=1">Dazed`,
    img: "icons/svg/daze.svg",
    disabled: false,
    source: "on this actor",
    statuses: ["Dazed"],
    changes: ["system.speed add -2"],
    lasting: "Rounds left: 1",
  },
  {
    id: "e2",
    itemId: "i1",
    name: "Ward",
    img: "icons/svg/aura.svg",
    disabled: true,
    source: "from Ring <b>of</b> Ash",
    statuses: [],
    changes: [],
    lasting: "Counts 2 rounds in combat; out of combat it lasts until removed",
  },
];

const render = (editable: boolean, effects = rows) =>
  renderTemplate("sheets/actor/effects.hbs", { effects, editable, tab: { cssClass: "active" } });

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openSheet(browser, "anthology actor", [render(true)]);
});
afterAll(async () => browser?.close());

describe("the Effects tab (template, compiled CSS, Chromium)", () => {
  it("lists each effect with its source, statuses, changes and what is left, as text", async () => {
    const effects = page.locator("tr.anthology-effect");
    expect(await effects.count()).toBe(2);
    expect(await effects.nth(0).locator(".anthology-effect-label").textContent()).toContain("<img");
    expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
    expect(await effects.nth(0).locator(".anthology-effect-status").textContent()).toBe("Dazed");
    expect(await effects.nth(0).locator("code").textContent()).toBe("system.speed add -2");
    expect(await effects.nth(0).locator(".anthology-effect-lasting").textContent()).toBe("Rounds left: 1");
    expect(await effects.nth(1).locator(".anthology-effect-source").textContent()).toBe("from Ring <b>of</b> Ash");
    expect(await effects.nth(1).getAttribute("data-item-id")).toBe("i1");
    expect(await effects.nth(0).getAttribute("data-item-id")).toBeNull();
    expect(await page.locator("#sheet").innerText()).not.toMatch(/ANTHOLOGY\./);
  });

  it("gives the owner edit, switch and delete on each row and Add effect; a switched-off row is dimmed", async () => {
    const first = page.locator("tr.anthology-effect").nth(0);
    expect(
      await first.locator("[data-action]").evaluateAll((b) => b.map((e) => e.getAttribute("data-action"))),
    ).toEqual(["effectEdit", "effectToggle", "effectDelete"]);
    expect(await first.locator("[data-action=effectToggle]").getAttribute("aria-pressed")).toBe("true");
    const second = page.locator("tr.anthology-effect").nth(1);
    expect(await second.locator("[data-action=effectToggle]").getAttribute("aria-pressed")).toBe("false");
    expect(await second.evaluate((e) => Number(getComputedStyle(e).opacity))).toBeLessThan(1);
    expect(await first.evaluate((e) => getComputedStyle(e).opacity)).toBe("1");
    expect(await page.locator("[data-action=effectCreate]").count()).toBe(1);
    const file = await screenshot(page, "effects-tab");
    expect(statSync(file).size).toBeGreaterThan(1000);
  });

  it("shows a viewer who cannot edit only the effects and Edit (which opens Foundry's read-only sheet)", async () => {
    const viewer = await openSheet(browser, "anthology actor", [render(false)]);
    expect(
      await viewer.locator("[data-action]").evaluateAll((b) => b.map((e) => e.getAttribute("data-action"))),
    ).toEqual(["effectEdit", "effectEdit"]);
    await viewer.close();
  });

  it("dims a suppressed effect (its item not equipped) and says why, its switch still its own", async () => {
    const stowed = {
      ...rows[1]!,
      id: "e3",
      name: "Blessed",
      disabled: false,
      suppressed: true,
      source: "from Blessed mail",
      changes: ["system.bonuses.attack add 1"],
    };
    const sheet = await openSheet(browser, "anthology actor", [render(true, [rows[0]!, stowed])]);
    const row = sheet.locator("tr.anthology-effect").nth(1);
    expect(await row.getAttribute("class")).toContain("suppressed");
    expect(await row.locator(".anthology-effect-suppressed").textContent()).toBe(
      "Suppressed: its item is not equipped",
    );
    expect(await row.evaluate((e) => Number(getComputedStyle(e).opacity))).toBeLessThan(1);
    expect(await row.locator("[data-action=effectToggle]").getAttribute("aria-pressed")).toBe("true");
    expect(await sheet.locator("tr.anthology-effect").nth(0).locator(".anthology-effect-suppressed").count()).toBe(0);
    await screenshot(sheet, "effects-tab-suppressed");
    await sheet.close();
  });

  it("says so when there is nothing", async () => {
    const empty = await openSheet(browser, "anthology actor", [render(true, [])]);
    expect(await empty.locator("tbody").innerText()).toBe("No effects or statuses.");
    await empty.close();
  });
});
