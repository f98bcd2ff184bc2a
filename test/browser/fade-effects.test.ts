import type { Browser } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Sheets from "../../src/rulesets/fade/sheets";
import { changesData, type NumberChange } from "../../src/foundry/effects";
import { dialogAnswers } from "../foundry/combat";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog, clickSheet, fadeActors, loadFadeWorld, target } from "../support/fade-world";
import { sourcePacks } from "../support/packs";
import { press } from "../support/play";
import { launchBrowser } from "./harness";
import { rawKeys, showDialog, showPosted, squash } from "./posted";

// Issue 30, "a roll with an effect", for The Fade: Garret swings his longsword with Blessed (+1k0 to
// hit) on him, then with the compendium's Blessing charm, which passes Blessed on; the dialog's pool
// and odds and the posted card, drawn in Chromium, roll 7k3 where his own pool is 6k3.

let browser: Browser;
let record: StandInRecord;
let sheets: typeof Sheets;
let garret: StandInActor;
let goblin: StandInActor;

const SWORD = "Longsword <i>of</i> Ash";
const BLESSED: NumberChange[] = [{ key: "system.effectBonuses.toHit.rolled", type: "add", value: 1 }];
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const hp = (actor: StandInActor) => (actor.system as unknown as { hp: { value: number } }).hp.value;

/** Garret's attack with no modifier: 10, 9, 8 kept of seven dice; a d10 of 6 (Body); 10, 10, 7 damage. */
async function swing(): Promise<StandInMessage> {
  answerDialog({ defense: "defense", location: "body" });
  fulfillment.push(10, 9, 8, 2, 3, 1, 4, 6, 10, 10, 7, 1, 1, 1, 1);
  await clickSheet(sheets, garret, "fadeAttack", SWORD);
  return lastMessage();
}

async function expectBlessedSwing(name: string): Promise<void> {
  const message = await swing();
  const dialog = await showDialog(browser, record, "rulesets/fade/roll-dialog.hbs", `fade-effects-${name}-dialog`);
  expect(await rawKeys(dialog)).toEqual([]);
  expect(await dialog.textContent(".anthology-roll-line-formula")).toBe("7k3");
  // 7k3 against the goblin's Defense 19 (6k3: 85.7%).
  expect(squash(await dialog.textContent(".anthology-roll-line-text"))).toBe("91.7% to reach 19 · critical 2.6%");
  await dialog.close();

  const card = await showPosted(browser, message, `fade-effects-${name}-card`);
  expect(await rawKeys(card)).toEqual([]);
  expect(await card.locator("#message i:not([class])").count()).toBe(0);
  expect(await card.locator(".anthology-roll-formula").first().textContent()).toBe("7k3");
  expect(await card.locator(".anthology-roll").first().locator(".anthology-die").count()).toBe(7);
  expect(squash(await card.textContent(".anthology-fade-card-versus"))).toBe("Against Goblin <script>'s Defense 19");
  expect(squash(await card.textContent(".anthology-fade-card-result"))).toBe("Hit");
  expect(squash(await card.textContent(".anthology-fade-card-note"))).toBe("27 damage, to the Body.");
  await card.close();
  expect(await press(message, "apply", 0)).toBe(true);
  expect(hp(goblin)).toBe(4);
}

beforeAll(async () => {
  ({ record, sheets } = await loadFadeWorld());
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

beforeEach(async () => {
  ({ garret, goblin } = await fadeActors());
  record.notifications.length = 0;
  fulfillment.length = 0;
  dialogAnswers.length = 0;
  target(goblin);
});

describe("The Fade: a roll with an effect, in Chromium", () => {
  it("without an effect the dialog's pool is Garret's own 6k3", async () => {
    answerDialog(null);
    await clickSheet(sheets, garret, "fadeAttack", SWORD);
    const dialog = await showDialog(browser, record, "rulesets/fade/roll-dialog.hbs", "fade-effects-none-dialog");
    expect(await dialog.textContent(".anthology-roll-line-formula")).toBe("6k3");
    expect(squash(await dialog.textContent(".anthology-roll-line-text"))).toBe("85.7% to reach 19 · critical 1.6%");
    await dialog.close();
  });

  it("Blessed on the actor: 7k3 in the dialog's line and odds and on the card", async () => {
    await garret.createEmbeddedDocuments("ActiveEffect", [{ name: "Blessed", ...changesData(BLESSED) }]);
    await expectBlessedSwing("actor");
  });

  it("the compendium's Blessing charm passes Blessed on: the same 7k3", async () => {
    const charm = sourcePacks()
      .find((p) => p.name === "fade-gear")!
      .docs.find((d) => d.name === "Blessing charm")!;
    const data = structuredClone(charm) as unknown as Record<string, unknown>;
    // As an import would: the stored (v13) effect in this generation's shape.
    const [effect] = data.effects as Array<{ changes: Array<{ key: string; value: string }> }>;
    const changes = effect!.changes.map((c) => ({ key: c.key, type: "add" as const, value: Number(c.value) }));
    data.effects = [{ ...effect, changes: undefined, ...changesData(changes) }];
    await garret.createEmbeddedDocuments("Item", [data]);
    await expectBlessedSwing("charm");
  });
});
