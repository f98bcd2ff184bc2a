import type { Browser } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Sheets from "../../src/rulesets/opend6/sheets";
import { changesData } from "../../src/foundry/effects";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog, target } from "../support/fade-world";
import { clickSheet, loadOpenD6World, opend6Actors } from "../support/opend6-world";
import { sourcePacks } from "../support/packs";
import { press } from "../support/play";
import { launchBrowser } from "./harness";
import { rawKeys, showDialog, showPosted, squash } from "./posted";

// Issue 30, "a roll with an effect", for OpenD6: Kira fires her pistol with a Blessed effect on her
// (+1D to attacks and damage) and then with the compendium's Blessed amulet, whose effect it passes
// on; the dialog's odds line and the posted card drawn in Chromium show the effected dice (6D, 5D).

let browser: Browser;
let record: StandInRecord;
let sheets: typeof Sheets;
let kira: StandInActor;
let thug: StandInActor;

const PISTOL = "Pistol <b>of</b> Doom";
const DIALOG = "rulesets/opend6/roll-dialog.hbs";
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const setting = (key: string, value: unknown) => game.settings!.set("anthology" as never, key as never, value as never);
/** "Blessed": +1D to attacks and damage, in this Foundry generation's shape (read once the world is loaded). */
const blessed = () =>
  changesData([
    { key: "system.bonuses.attack", type: "add", value: 3 },
    { key: "system.bonuses.damage", type: "add", value: 3 },
  ]);

/** Kira fires at the thug at Short range: 6D of 2s and a Wild Die 1 (11, a hit), 5D of 3s damage, 3D of 2s. */
async function fire(): Promise<StandInMessage> {
  answerDialog({ range: "short", cover: "none", posture: "standing", aim: "0", actions: "1" });
  fulfillment.push(2, 2, 2, 2, 2, 1, 3, 3, 3, 3, 3, 2, 2, 2);
  await clickSheet(sheets, kira, "od6Attack", { item: PISTOL });
  return lastMessage();
}

async function expectBlessedRoll(name: string): Promise<void> {
  const message = await fire();
  const dialog = await showDialog(browser, record, DIALOG, `opend6-effects-${name}-dialog`);
  expect(await rawKeys(dialog)).toEqual([]);
  expect(await dialog.textContent(".anthology-opend6-odds-formula")).toBe("6D");
  expect(squash(await dialog.textContent(".anthology-roll-line-text"))).toMatch(/\d+(\.\d)?% to reach 10/);
  await dialog.close();
  const card = await showPosted(browser, message, `opend6-effects-${name}-card`);
  expect(await rawKeys(card)).toEqual([]);
  expect(await card.locator("#message b").count()).toBe(0);
  expect(squash(await card.textContent("#message"))).toContain("6D");
  expect(await card.textContent(".anthology-opend6-card-versus")).toBe("Thug <script>: 11 against 10 (defense 10)");
  expect(await card.textContent(".anthology-opend6-card-row .anthology-opend6-card-result")).toBe("Hit");
  expect(await card.textContent(".anthology-opend6-card-row .anthology-opend6-card-note")).toBe(
    "Damage 15 against resistance 6 (3D)",
  );
  // Six dice in the to-hit roll (the Wild Die one of them), five in the damage.
  expect(await card.locator(".anthology-die").count()).toBeGreaterThanOrEqual(11);
  await card.close();
  expect(await press(message, "apply", 0)).toBe(true);
}

beforeAll(async () => {
  ({ record, sheets } = await loadOpenD6World());
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

beforeEach(async () => {
  await setting("opend6Health", "wounds");
  ({ kira, thug } = await opend6Actors());
  fulfillment.length = 0;
  record.notifications.length = 0;
  target(thug);
});

describe("OpenD6: a roll with an effect, in Chromium", () => {
  it("an effect on the actor: the dialog's odds are 6D's and the card shows the sixth die and 5D damage", async () => {
    await kira.createEmbeddedDocuments("ActiveEffect", [{ name: "Blessed", ...blessed() }]);
    await expectBlessedRoll("actor");
  });

  it("the compendium's Blessed amulet passes its effect on: the same 6D and 5D", async () => {
    const amulet = sourcePacks()
      .find((p) => p.name === "opend6-armor")!
      .docs.find((d) => d.name === "Blessed amulet")!;
    await kira.createEmbeddedDocuments("Item", [structuredClone(amulet) as unknown as Record<string, unknown>]);
    await expectBlessedRoll("amulet");
  });
});
