import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSheet, launchBrowser, renderTemplate, screenshot } from "./harness";

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  const ctx = {
    document: { name: "Rope (50 ft)", img: "icons/svg/item-bag.svg" },
    editable: true,
    system: { quantity: 2, weight: 7.5, description: "" },
    systemFields: { description: { kind: "html" } },
    enriched: "<p>Hemp, <strong>sturdy</strong>.</p>",
    typeLabel: "TYPES.Item.opend6-gear",
    ruleSetLabel: "ANTHOLOGY.OpenD6.name",
    tab: { cssClass: "active" },
  };
  page = await openSheet(browser, "anthology item", [
    renderTemplate("sheets/item/header.hbs", ctx),
    renderTemplate("sheets/item/description.hbs", ctx),
  ]);
});
afterAll(async () => browser?.close());

describe("item sheet (header and description templates, compiled CSS, Chromium)", () => {
  it("shows the item's rule set and type", async () => {
    expect(await page.textContent(".anthology-badge.ruleset")).toBe("OpenD6");
    expect(await page.textContent(".anthology-badge.type")).toBe("Gear (OpenD6)");
  });

  it("edits quantity and weight through the data model's paths, with labels in words", async () => {
    expect(await page.inputValue('input[name="system.quantity"]')).toBe("2");
    expect(await page.inputValue('input[name="system.weight"]')).toBe("7.5");
    const labels = await page.locator(".anthology-fields label span").allTextContents();
    expect(labels).toEqual(["Quantity", "Weight"]);
    await page.fill('input[name="system.quantity"]', "5");
    expect(await page.inputValue('input[name="system.quantity"]')).toBe("5");
  });

  it("lays out the fields as a grid and shows the description", async () => {
    expect(await page.$eval(".anthology-fields", (e) => getComputedStyle(e).display)).toBe("grid");
    expect(await page.textContent("prose-mirror strong")).toBe("sturdy");
    await screenshot(page, "item-sheet");
  });
});
