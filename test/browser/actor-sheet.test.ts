import { statSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSheet, launchBrowser, renderTemplate, screenshot } from "./harness";

const NAME = `<b>Zherynn</b> & "the Grey"`;

function context(overrides: Record<string, unknown> = {}) {
  return {
    document: { name: NAME, img: "icons/svg/mystery-man.svg", uuid: "Actor.abc123" },
    editable: true,
    system: { health: { value: -3, max: 24 }, notes: "<p>x</p>" },
    systemFields: { notes: { kind: "html" } },
    enriched: "<p>Met the <em>Grey Council</em> at dusk.</p>",
    typeLabel: "TYPES.Actor.fade-character",
    ruleSetLabel: "ANTHOLOGY.Fade.name",
    tab: { cssClass: "active" },
    ...overrides,
  };
}

function render(overrides: Record<string, unknown> = {}) {
  const ctx = context(overrides);
  return [renderTemplate("sheets/actor/header.hbs", ctx), renderTemplate("sheets/actor/notes.hbs", ctx)];
}

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openSheet(browser, "anthology actor", render());
});
afterAll(async () => browser?.close());

describe("actor sheet (header and notes templates, compiled CSS, Chromium)", () => {
  it("shows a name with HTML in it as text, never as markup", async () => {
    expect(await page.inputValue("input.anthology-name")).toBe(NAME);
    expect(await page.locator("#sheet b").count()).toBe(0);
    expect(await page.getAttribute("img.anthology-portrait", "alt")).toBe(NAME);
  });

  it("labels the rule set and type in words, with no raw i18n key anywhere", async () => {
    expect(await page.textContent(".anthology-badge.ruleset")).toBe("The Fade");
    expect(await page.textContent(".anthology-badge.type")).toBe("Character (The Fade)");
    const text = await page.locator("#sheet").innerText();
    expect(text).not.toMatch(/ANTHOLOGY\.|TYPES\./);
    const placeholders = await page
      .locator("[placeholder], [aria-label]")
      .evaluateAll((els) =>
        els.flatMap((e) => [e.getAttribute("placeholder"), e.getAttribute("aria-label")]).filter(Boolean),
      );
    expect(placeholders.join(" ")).not.toMatch(/ANTHOLOGY\.|TYPES\./);
  });

  it("binds health to the data model's paths and lets it go below zero", async () => {
    expect(await page.inputValue('input[name="system.health.value"]')).toBe("-3");
    expect(await page.getAttribute('input[name="system.health.value"]', "min")).toBeNull();
    expect(await page.inputValue('input[name="system.health.max"]')).toBe("24");
    expect(await page.getAttribute('input[name="system.health.max"]', "min")).toBe("0");
    // The visible label is tied to the value input.
    await page.click(".anthology-health-label");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("system.health.value");
  });

  it("renders the notes tab as Foundry's tab part with the enriched HTML in the editor", async () => {
    const tab = page.locator('section.tab[data-tab="notes"]');
    expect(await tab.getAttribute("data-group")).toBe("primary");
    expect(await tab.getAttribute("class")).toContain("active");
    expect(await page.getAttribute("prose-mirror", "name")).toBe("system.notes");
    expect(await page.textContent("prose-mirror em")).toBe("Grey Council");
  });

  it("applies the system stylesheet", async () => {
    const badge = await page.$eval(".anthology-badge.ruleset", (e) => getComputedStyle(e).backgroundColor);
    expect(badge).toBe("rgb(122, 59, 29)");
    const header = await page.$eval(".anthology-header", (e) => getComputedStyle(e).display);
    expect(header).toBe("flex");
    const file = await screenshot(page, "actor-sheet");
    expect(statSync(file).size).toBeGreaterThan(1000);
  });

  it("disables every input for a viewer who cannot edit", async () => {
    const readOnly = await openSheet(browser, "anthology actor", render({ editable: false }));
    const enabled = await readOnly.locator("input:not([disabled])").count();
    expect(enabled).toBe(0);
    await readOnly.close();
  });
});
