import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { rollCard } from "../../src/dice";
import type { PlayMessage } from "../../src/play/documents";
import type { StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { renderTemplate, screenshot } from "./harness";

// What a flow played on the stand-in put on screen, drawn in Chromium with the compiled CSS: the
// dialog from the view the flow rendered, and a posted card as the chat log draws it for this user.

const PREFIX = "systems/anthology/templates/";
const RAW_KEY = /ANTHOLOGY\.|TYPES\./;

/** Collapses a text's runs of white space, as a reader sees it. */
export const squash = (s: string | null | undefined) => (s ?? "").replace(/\s+/g, " ").trim();

async function page(browser: Browser, name: string, html: string, width: number): Promise<Page> {
  const css = readFileSync("dist/styles/anthology.css", "utf8");
  const p = await browser.newPage({ viewport: { width, height: 200 } });
  await p.setContent(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${css}</style></head>` +
      `<body style="margin:8px;font-family:sans-serif"><div id="message" class="chat-message">${html}</div></body></html>`,
  );
  await screenshot(p, name);
  return p;
}

/** The last view the stand-in rendered with this template (a roll dialog as its flow opened it). */
export function renderedView(record: StandInRecord, template: string): object {
  const found = record.rendered.filter((r) => r.path.endsWith(template)).at(-1);
  if (!found) throw new Error(`${template} was never rendered`);
  return found.data as object;
}

/** The last dialog the flow opened with this template (its path under templates/), in Chromium. */
export function showDialog(browser: Browser, record: StandInRecord, template: string, name: string): Promise<Page> {
  return page(browser, name, renderTemplate(template, renderedView(record, template)), 440);
}

/** A posted message's card (the kind's template and view, each roll drawn from its dice), in Chromium. */
export async function showPosted(browser: Browser, message: StandInMessage, name: string, width = 380): Promise<Page> {
  const cards = await import("../../src/play/cards");
  const read = cards.cardOf(message as unknown as PlayMessage);
  if (!read || "error" in read) throw new Error("not a card");
  const rollHtml = cards
    .replayRolls(message as unknown as PlayMessage)
    .map((r) => (r ? renderTemplate("chat/roll-card.hbs", { card: rollCard(r.outcome) }) : ""));
  return page(
    browser,
    name,
    renderTemplate(read.kind.template.slice(PREFIX.length), read.kind.view(read.card, { rollHtml })),
    width,
  );
}

/** Raw language keys left in the page's text or its labelling attributes. */
export async function rawKeys(p: Page): Promise<string[]> {
  const text = await p.locator("#message").innerText();
  const attributes = await p
    .locator("[title], [aria-label], [placeholder], [alt], option[label]")
    .evaluateAll((els) =>
      els.flatMap((e) => ["title", "aria-label", "placeholder", "alt", "label"].map((a) => e.getAttribute(a) ?? "")),
    );
  return [text, ...attributes].filter((s) => RAW_KEY.test(s));
}
