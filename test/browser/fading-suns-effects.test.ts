import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newCard } from "../../src/play/card";
import type { FsAttackData, FsAttackRow } from "../../src/rulesets/fading-suns/chat/card-data";
import { attackCardView } from "../../src/rulesets/fading-suns/chat/views";
import { parse, roll, rollCard, scriptedDie } from "../../src/dice";
import { installFoundry, loadWorld } from "../foundry/stand-in";
import { launchBrowser, renderTemplate, screenshot } from "./harness";

// Issue 30, point 3: a Fading Suns attack card rolled with an Active Effect's bonuses (+2 to the goal,
// +1 damage), drawn by the real template and CSS in Chromium: the Effects part and the damage's effects.

let browser: Browser;
const squash = (s: string | null) => (s ?? "").replace(/\s+/g, " ").trim();

beforeAll(async () => {
  const record = installFoundry({ ruleSet: "fading-suns" });
  await import("../../src");
  loadWorld(record);
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => browser?.close());

async function show(context: object): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 400, height: 200 } });
  const css = readFileSync("dist/styles/anthology.css", "utf8");
  await page.setContent(
    `<!doctype html><html><head><meta charset="utf-8"><style>${css}</style></head>` +
      `<body style="margin:8px;font-family:sans-serif"><div id="message" class="chat-message">` +
      `${renderTemplate("rulesets/fading-suns/attack-card.hbs", context)}</div></body></html>`,
  );
  await screenshot(page, "fading-suns-attack-effects");
  return page;
}

describe("Fading Suns attack card with an effect's bonuses", () => {
  it("names the Effects part of the goal and the effects in the damage", async () => {
    // Rapier: 11 natural, weapon +1, the blessing +2: 14; DMG 4 + Strength 1 + effects 1 = 6.
    const card = newCard<FsAttackData, FsAttackRow>({
      ruleSet: "fading-suns",
      kind: "attack",
      actor: { uuid: "Actor.a", name: "Erian" },
      data: {
        item: { uuid: "Actor.a.Item.w", name: "Rapier" },
        weapon: { damage: 4, goal: 1, skill: "melee", kind: "melee" },
        choices: { fightAction: "strike" },
        natural: 11,
        parts: [
          { id: "weapon", value: 1 },
          { id: "effects", value: 2 },
        ],
        goal: 14,
        roll: 12,
        reroll: null,
        damage: { base: 4, strength: 1, stance: 0, action: 0, effects: 1 },
        effectDice: 0,
      },
      targets: [
        {
          uuid: "Actor.b",
          name: "Brute",
          data: {
            defense: { own: 1, conditions: 0, burst: 0, value: 1 },
            goal: 13,
            outcome: "success",
            victoryPoints: 6,
            hit: true,
            damage: 6,
            armor: 2,
          },
        },
      ],
    });
    const page = await show(attackCardView(card, { rollHtml: [diceHtml([12])] }));
    expect(await page.locator("#message").innerText()).not.toMatch(/ANTHOLOGY\./);
    expect(squash(await page.textContent(".anthology-fs-damage"))).toBe(
      "Damage 6 (DMG 4, Strength +1, stance +0, action +0) · effects +1",
    );
    expect((await page.locator(".anthology-fs-card-modifiers li").allTextContents()).map(squash)).toEqual([
      "Weapon +1",
      "Effects +2",
    ]);
    await page.close();
  });
});

function diceHtml(faces: number[]): string {
  return renderTemplate("chat/roll-card.hbs", { card: rollCard(roll(parse("1d20"), { die: scriptedDie(faces) })) });
}
