import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newCard } from "../../src/play/card";
import type { FadeProvokeData, FadeProvokeRow } from "../../src/rulesets/fade/chat/card-data";
import { attackCardView, provokeCardView } from "../../src/rulesets/fade/chat/views";
import type { FadeAttackData, FadeAttackRow } from "../../src/rulesets/fade/chat/card-data";
import { launchBrowser, renderTemplate, screenshot } from "./harness";

// The attack-of-opportunity card and the attack card's note, from the real templates and compiled CSS.

let browser: Browser;
const RAW_KEY = /ANTHOLOGY\.|TYPES\./;
const mover = { uuid: "Actor.m", name: `<img src=x onerror="alert(1)">Garret` };

async function show(name: string, template: string, context: object) {
  const page = await browser.newPage({ viewport: { width: 320, height: 200 } });
  const css = await import("node:fs").then((fs) => fs.readFileSync("dist/styles/anthology.css", "utf8"));
  await page.setContent(
    `<!doctype html><html><head><meta charset="utf-8"><style>${css}</style></head>` +
      `<body style="margin:8px;font-family:sans-serif"><div id="message" class="chat-message">` +
      `${renderTemplate(template, context)}</div></body></html>`,
  );
  await screenshot(page, `fade-${name}`);
  return page;
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe("Fade attack-of-opportunity card", () => {
  it("says who provokes whom and why, with a prompt per threatener", async () => {
    const card = newCard<FadeProvokeData, FadeProvokeRow>({
      ruleSet: "fade",
      kind: "provoke",
      actor: mover,
      data: { reason: "move" },
      targets: [
        { uuid: "Actor.g", name: "Goblin <b>1</b>", data: { taken: null } },
        { uuid: "Actor.h", name: "Hobgoblin", data: { taken: "msg1" } },
      ],
    });
    const page = await show("provoke", "rulesets/fade/provoke-card.hbs", provokeCardView(card));
    expect(await page.locator("#message").innerText()).not.toMatch(RAW_KEY);
    expect(await page.locator("#message img, #message b").count()).toBe(0);
    const rows = page.locator(".anthology-fade-card-row");
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).locator(".anthology-fade-card-title").textContent()).toBe(
      `<img src=x onerror="alert(1)">Garret provokes an attack of opportunity from Goblin <b>1</b>`,
    );
    expect(await rows.nth(0).textContent()).toContain("by moving out of or through a threatened square");
    const button = rows.nth(0).locator('button[data-anthology-action="opportunity"]');
    expect(await button.getAttribute("data-target")).toBe("0");
    expect(await button.textContent()).toContain("Attack of opportunity");
    expect(await rows.nth(1).textContent()).toContain("Attack of opportunity taken.");
    await page.close();
  });

  it("notes on an attack card the foes a spell provoked", async () => {
    const card = newCard<FadeAttackData, FadeAttackRow>({
      ruleSet: "fade",
      kind: "attack",
      actor: mover,
      data: {
        item: { uuid: "Actor.m.Item.f", name: "Fire bolt" },
        weapon: { baseDamage: "2k1", spell: true },
        choices: { spell: true },
        pool: "4k2",
        attackRoll: 0,
        luckReroll: false,
        rerolled: false,
        provokes: ["Goblin <b>1</b>", "Hobgoblin"],
      },
      targets: [],
    });
    const page = await show("attack-provokes", "rulesets/fade/attack-card.hbs", attackCardView(card, { rollHtml: [] }));
    expect(await page.locator("#message").innerText()).not.toMatch(RAW_KEY);
    expect(await page.locator("#message b").count()).toBe(0);
    expect(await page.locator("#message").textContent()).toContain(
      "This provokes attacks of opportunity from: Goblin <b>1</b>, Hobgoblin",
    );
    await page.close();
  });
});
