import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rollCard } from "../../src/dice";
import { percent } from "../../src/dice/odds-card";
import type * as Cards from "../../src/play/cards";
import type { PlayMessage } from "../../src/play/documents";
import type * as Sheets from "../../src/rulesets/opend6/sheets";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog, target } from "../support/fade-world";
import { clickSheet, loadOpenD6World, opend6Actors } from "../support/opend6-world";
import { launchBrowser, renderTemplate, screenshot } from "./harness";

// Issue 31 for OpenD6, in Chromium with the compiled CSS: the attack dialog lists each targeted
// token's chances to be hit, hurt and dropped, and the posted card's row shows the same line. Played
// on the Foundry stand-in as the GM (the real sheet button, dice scripted), then drawn from the real
// templates with the views the flow built.

let browser: Browser;
let record: StandInRecord;
let sheets: typeof Sheets;
let cards: typeof Cards;
let kira: StandInActor;
let thug: StandInActor;
let wolf: StandInActor;

const PREFIX = "systems/anthology/templates/";
const renderedWith = (path: string) => record.rendered.filter((r) => r.path.endsWith(path)).at(-1)!.data as object;

async function page(name: string, html: string, width: number): Promise<Page> {
  const css = readFileSync("dist/styles/anthology.css", "utf8");
  const p = await browser.newPage({ viewport: { width, height: 200 } });
  await p.setContent(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${css}</style></head>` +
      `<body style="margin:8px;font-family:sans-serif"><div id="message" class="chat-message">${html}</div></body></html>`,
  );
  await screenshot(p, `opend6-outcome-${name}`);
  return p;
}

/** Each line of the outcome list: the target's name, then its three chances. */
const lines = (p: Page) =>
  p
    .locator(".anthology-outcome")
    .evaluateAll((items) => items.map((li) => [...li.querySelectorAll("span")].map((s) => s.textContent?.trim())));

beforeAll(async () => {
  ({ record, sheets } = await loadOpenD6World());
  cards = await import("../../src/play/cards");
  browser = await launchBrowser();
  ({ kira, thug } = await opend6Actors());
  const Actor = (CONFIG.Actor as unknown as { documentClass: { create(d: object): Promise<StandInActor> } })
    .documentClass;
  wolf = await Actor.create({
    name: "Wolf",
    type: "opend6-npc",
    system: { attributes: { reflexes: "3D", physique: "2D" }, wounds: "severelyWounded", bodyPoints: { max: 10 } },
  });
});
afterAll(async () => browser?.close());

describe("OpenD6 outcome odds on screen", () => {
  it("lists each target's chances in the attack dialog and on each row of the card", async () => {
    const { api } = await import("../../src/api");
    const targets = (game.user as unknown as { targets: Set<unknown> }).targets;
    target(thug, "Thug <b>grim</b>");
    targets.add({ actor: wolf, name: "Wolf" });
    answerDialog({ range: "short", cover: "none", posture: "standing", aim: "0", actions: "1" });
    // 19 hits both. Thug: damage 12 against 6; Wolf: damage 3, 3, 3, 3 = 12 against 2, 2 = 4.
    fulfillment.push(5, 5, 4, 3, 2, 3, 3, 3, 3, 2, 2, 2, 3, 3, 3, 3, 2, 2);
    await clickSheet(sheets, kira, "od6Attack", { item: "Pistol <b>of</b> Doom" });
    const od6 = api.rules.opend6;
    const line = (name: string, resistance: string, wounds: "none" | "severelyWounded") => {
      const o = od6.outcomeOdds({
        attack: "5D",
        defense: 10,
        damage: "4D",
        resistance,
        health: { mode: "wounds", wounds },
      });
      return [name, `Hit ${percent(o.hit)}`, `Hurt ${percent(o.hurt)}`, `Drop ${percent(o.drop)}`];
    };
    const expected = [line("Thug <b>grim</b>", "3D", "none"), line("Wolf", "2D", "severelyWounded")];

    const dialog = await page(
      "dialog",
      renderTemplate("rulesets/opend6/roll-dialog.hbs", renderedWith("rulesets/opend6/roll-dialog.hbs")),
      440,
    );
    expect(await lines(dialog)).toEqual(expected);
    // A name with HTML in it is shown as text.
    expect(await dialog.locator(".anthology-outcome-odds b").count()).toBe(0);
    expect(await dialog.locator(".anthology-outcome-odds").isVisible()).toBe(true);
    await dialog.close();

    const message = record.messages.at(-1) as StandInMessage;
    const read = cards.cardOf(message as unknown as PlayMessage);
    if (!read || "error" in read) throw new Error("not a card");
    const rollHtml = cards
      .replayRolls(message as unknown as PlayMessage)
      .map((r) => (r ? renderTemplate("chat/roll-card.hbs", { card: rollCard(r.outcome) }) : ""));
    const card = await page(
      "card",
      renderTemplate(read.kind.template.slice(PREFIX.length), read.kind.view(read.card, { rollHtml })),
      380,
    );
    // One line in each row, the row's own target.
    expect(await card.locator(".anthology-opend6-card-row .anthology-outcome-odds").count()).toBe(2);
    // The row's header names its target; its line shows the three chances alone, so the name is read once.
    const rows = card.locator(".anthology-opend6-card-row");
    for (const [i, name] of ["Thug <b>grim</b>", "Wolf"].entries()) {
      expect(await rows.nth(i).locator(".anthology-opend6-card-versus").innerText()).toContain(name);
      expect((await rows.nth(i).innerText()).split(name).length - 1).toBe(1);
    }
    expect(await lines(card)).toEqual(expected.map(([, ...chances]) => chances));
    await card.close();
  });
});
