import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog } from "../support/fade-world";
import { loadFudgeWorld } from "../support/fudge-world";
import { as } from "../support/play";
import { answerAs, connectPlayers, postRequest, requestView, resultsCopy } from "../support/requests";
import { launchBrowser, renderTemplate, screenshot } from "./harness";

// Issue 30's browser test, "a roll request answered by two players": in a FUDGE world on the
// stand-in, the GM asks Mickey (p1's) and Pip (p2's) for Build against Good, each player answers from
// the card, the GM's client gathers both; the request card is then drawn by its real template, its
// view as a player's and the GM's clients render it, and the compiled CSS, in Chromium.

let browser: Browser;
let record: StandInRecord;
let mickey: StandInActor;
let pip: StandInActor;
const RAW_KEY = /ANTHOLOGY\.|TYPES\./;

type ActorClass = { create(data: object): Promise<StandInActor> };

async function show(name: string, view: object, width = 320): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 200 } });
  const css = readFileSync("dist/styles/anthology.css", "utf8");
  await page.setContent(
    `<!doctype html><html><head><meta charset="utf-8"><style>${css}</style></head>` +
      `<body style="margin:8px;font-family:sans-serif"><div id="message" class="chat-message">` +
      `${renderTemplate("play/roll-request.hbs", view)}</div></body></html>`,
  );
  await screenshot(page, `roll-request-${name}`);
  return page;
}

/** Both players answer the request from its card: Mickey ++00 (Superb), Pip -000 (Mediocre). */
async function answerBoth(request: StandInMessage): Promise<void> {
  answerDialog({ difficulty: "1", modifier: "0" });
  fulfillment.push(3, 3, 2, 2);
  await answerAs(record, "p1", request, 0);
  answerDialog({ difficulty: "1", modifier: "0" });
  fulfillment.push(1, 2, 2, 2);
  await answerAs(record, "p2", request, 1);
}

const rowsText = (page: Page) =>
  page
    .locator(".anthology-request-card-row")
    .evaluateAll((rows) => rows.map((r) => (r.textContent ?? "").replace(/\s+/g, " ").trim()));

beforeAll(async () => {
  ({ record } = await loadFudgeWorld());
  connectPlayers();
  const Actor = (CONFIG.Actor as unknown as { documentClass: ActorClass }).documentClass;
  mickey = await Actor.create({
    name: "Mickey",
    type: "fudge-character",
    system: { attributes: { build: 1 } },
    ownership: { p1: 3 },
  });
  pip = await Actor.create({
    name: `<img src=x onerror="alert(1)">Pip`,
    type: "fudge-character",
    system: { attributes: { build: 0 } },
    ownership: { p2: 3 },
  });
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe("a roll request answered by two players (FUDGE, in Chromium)", () => {
  it("shows a Roll button per actor, then both answered rows with their results", async () => {
    const request = await postRequest({ actors: [mickey, pip], choice: "attribute:build", difficulty: 1 });
    const before = await show("open", await requestView(request));
    expect(await before.locator("[data-anthology-action='answer']").count()).toBe(2);
    expect(await rowsText(before)).toEqual([
      "Mickey Waiting for the roll. Roll",
      `<img src=x onerror="alert(1)">Pip Waiting for the roll. Roll`,
    ]);
    await before.close();

    await answerBoth(request);
    const page = await show("answered", await requestView(request));
    expect((await page.textContent(".anthology-request-card-title"))?.trim()).toBe("The GM asks for a roll: Build");
    expect((await page.textContent(".anthology-request-card-note"))?.trim()).toBe("Difficulty: Good");
    expect(await rowsText(page)).toEqual([
      "Mickey 3 Superb: success (relative degree 2)",
      `<img src=x onerror="alert(1)">Pip -1 Mediocre: failure (relative degree -2)`,
    ]);
    // Success and failure in their tones; no button left; names as text; no raw key.
    expect(await page.locator(".anthology-request-card-result.good").count()).toBe(1);
    expect(await page.locator(".anthology-request-card-result.bad").count()).toBe(1);
    expect(await page.locator("[data-anthology-action]").count()).toBe(0);
    expect(await page.locator("#message img").count()).toBe(0);
    expect(await page.locator("#message").innerText()).not.toMatch(RAW_KEY);
    const colors = await page
      .locator(".anthology-request-card-result")
      .evaluateAll((els) => els.map((e) => getComputedStyle(e).color));
    expect(colors[0]).not.toBe(colors[1]);
    await page.close();
  });

  it("hidden from players: their card shows who rolled, the GM's copy the results", async () => {
    const request = await postRequest({
      actors: [mickey, pip],
      choice: "attribute:build",
      difficulty: 1,
      hidden: true,
    });
    await answerBoth(request);
    // What a player's client draws from the card everyone receives.
    const players = await show("hidden-players", await as("p1", () => requestView(request)));
    expect(await rowsText(players)).toEqual(["Mickey Rolled.", `<img src=x onerror="alert(1)">Pip Rolled.`]);
    expect(await players.locator("#message").innerText()).toContain("The results are for the GM only.");
    expect(await players.locator("#message").innerText()).not.toMatch(/Superb|Mediocre|success|failure/);
    await players.close();
    // The GM-only copy, whispered to the GMs.
    const copy = resultsCopy(record, request)!;
    expect(copy.whisper).toEqual(["user1"]);
    const gm = await show("hidden-gm", await requestView(copy));
    expect(await rowsText(gm)).toEqual([
      "Mickey 3 Superb: success (relative degree 2)",
      `<img src=x onerror="alert(1)">Pip -1 Mediocre: failure (relative degree -2)`,
    ]);
    expect(await gm.locator("#message").innerText()).toContain("The results (GM only).");
    expect(await gm.locator("[data-anthology-action]").count()).toBe(0);
    await gm.close();
  });

  it("draws the GM's dialog: the actors, the choices by group, the ladder and Hidden", async () => {
    const html = renderTemplate("play/request-dialog.hbs", {
      actors: [
        { uuid: "Actor.a", name: "Mickey", checked: true },
        { uuid: "Actor.b", name: `<b>Pip</b>`, checked: false },
      ],
      groups: [{ label: "Attributes", choices: [{ id: "attribute:build", label: "Build" }] }],
      difficultyLabel: "ANTHOLOGY.Fudge.Dialog.difficulty",
      ladder: [
        { value: 0, label: "Fair", selected: true },
        { value: 1, label: "Good", selected: false },
      ],
    });
    const page = await browser.newPage({ viewport: { width: 360, height: 240 } });
    const css = readFileSync("dist/styles/anthology.css", "utf8");
    await page.setContent(
      `<!doctype html><html><head><style>${css}</style></head><body><form>${html}</form></body></html>`,
    );
    await screenshot(page, "roll-request-dialog");
    expect(
      await page.locator("input[name='actor']:checked").evaluateAll((e) => e.map((i) => (i as HTMLInputElement).value)),
    ).toEqual(["Actor.a"]);
    expect(await page.locator("form b").count()).toBe(0);
    expect(await page.locator("select[name='difficulty']").inputValue()).toBe("0");
    expect(await page.locator("optgroup[label='Attributes'] option").count()).toBe(1);
    expect(await page.locator("input[name='hidden']").count()).toBe(1);
    expect(await page.locator("body").innerText()).not.toMatch(RAW_KEY);
    await page.close();
  });
});
