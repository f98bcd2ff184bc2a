import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";
import { CHROMIUM_ARGS, findChromium } from "../../scripts/lib/chromium.mjs";
import { templateFiles, templateSource } from "../../scripts/lib/sources.mjs";
import { foundryHandlebars } from "../foundry/handlebars";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const screenshots = path.join(root, "test-results/screenshots");
const hbs = foundryHandlebars();

// Foundry registers every template loaded by loadTemplates as a partial under its path.
for (const { shipped, source } of templateFiles(root)) {
  hbs.registerPartial(`systems/anthology/${shipped}`, readFileSync(source, "utf8"));
}

/** Renders one of the system's real templates (its path under templates/ as shipped) with a context. */
export function renderTemplate(relative: string, context: object): string {
  const source = readFileSync(templateSource(root, `templates/${relative}`), "utf8");
  return hbs.compile(source, { strict: false })(context);
}

/** Renders a template from its source file: a rule set kept outside src/rulesets (test/dice-pool). */
export function renderTemplateFile(file: string, context: object): string {
  return hbs.compile(readFileSync(file, "utf8"), { strict: false })(context);
}

function compiledCss(): string {
  const file = path.join(root, "dist/styles/anthology.css");
  try {
    return readFileSync(file, "utf8");
  } catch {
    throw new Error("dist/styles/anthology.css is missing: run `npm run build` first (`npm test` does).");
  }
}

export async function launchBrowser(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error("No Chromium: run `npm run browser` (part of `npm test`) or set CHROMIUM_PATH.");
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}

/**
 * Opens a page holding the rendered parts inside the element Foundry's ApplicationV2 sheet would
 * render them into, with the compiled system CSS.
 */
export async function openSheet(browser: Browser, classes: string, parts: string[], extraCss = ""): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 620, height: 520 } });
  await page.setContent(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>body{margin:0;font-family:sans-serif;background:#fff}</style>` +
      `<style>${compiledCss()}${extraCss}</style></head><body>` +
      `<div class="application sheet ${classes}" id="sheet"><form class="window-content">${parts.join("\n")}</form></div>` +
      `</body></html>`,
  );
  return page;
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshots, { recursive: true });
  const file = path.join(screenshots, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
