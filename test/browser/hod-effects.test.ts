import { readFileSync } from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { changesData, type NumberChange } from "../../src/foundry/effects";
import { dialogAnswers } from "../foundry/combat";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { hodActors, item, loadHodWorld, noCombat, target } from "../support/hod-world";
import { loadAllSheets, type AllSheets } from "../support/modules";
import { press } from "../support/play";
import { launchBrowser } from "./harness";
import { rawKeys, showDialog, showPosted, squash } from "./posted";

// Issue 30, "a roll with an effect", for Heroes of Destiny: Garret swings his longsword with Blessed
// (+2 to hit, +1 damage) on him, then in the compendium's Blessed chain shirt, which passes on +1 to
// hit; the dialog's attack bonus, formula and chance and the posted card, drawn in Chromium, carry
// the effected numbers (his own longsword attack is 1d20 + 6, 60% against the goblin's Primary 15).

let browser: Browser;
let record: StandInRecord;
let sheets: AllSheets;
let garret: StandInActor;
let goblin: StandInActor;

type Action = (this: unknown, event: Event, target: HTMLElement) => Promise<void>;
const SWORD = "Longsword <i>of</i> Ash";
const DIALOG = "rulesets/hod/roll-dialog.hbs";
const add = (key: string, value: number): NumberChange => ({ key, type: "add", value });
const hp = (actor: StandInActor) => (actor.system as unknown as { hp: { value: number } }).hp.value;

/** The sheet's attack button on the longsword's row, against Primary: the card it posts. */
async function swing(dice: number[]): Promise<StandInMessage> {
  dialogAnswers.push({ defense: "primary" });
  fulfillment.push(...dice);
  const sword = item(garret, SWORD);
  const row = {
    dataset: {},
    closest: (selector: string) => (selector === "[data-item-id]" ? { dataset: { itemId: sword.id } } : null),
  } as unknown as HTMLElement;
  const sheet = new (sheets.HodActorSheet as unknown as new (o: object) => object)({ document: garret });
  const attack = (sheets.HodActorSheet.DEFAULT_OPTIONS.actions as unknown as Record<string, Action>).hodAttack!;
  await attack.call(sheet, new Event("click"), row);
  return record.messages.at(-1) as StandInMessage;
}

beforeAll(async () => {
  ({ record } = await loadHodWorld());
  sheets = await loadAllSheets();
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

beforeEach(async () => {
  ({ garret, goblin } = await hodActors());
  record.notifications.length = 0;
  fulfillment.length = 0;
  dialogAnswers.length = 0;
  target(goblin, "Goblin");
  noCombat();
});

describe("Heroes of Destiny: a roll with an effect, in Chromium", () => {
  it("Blessed on the actor: the dialog's +7 and 1d20 + 8 at 70%, the card's 16 that hits and its damage + 1", async () => {
    await garret.createEmbeddedDocuments("ActiveEffect", [
      { name: "Blessed", ...changesData([add("system.bonuses.attack", 2), add("system.bonuses.damage", 1)]) },
    ]);
    // 8 + 8 = 16 against Primary 15 (without the blessing, 14 misses); 1d8 + Strength 3 + Power 1 + 1 shows 5: 10.
    const message = await swing([8, 5]);
    const dialog = await showDialog(browser, record, DIALOG, "hod-effects-actor-dialog");
    expect(await rawKeys(dialog)).toEqual([]);
    expect(await dialog.locator(".anthology-hod-dialog-fixed li").first().textContent()).toBe("Attack bonus +7");
    expect(squash(await dialog.textContent(".anthology-roll-line"))).toBe("1d20 + 8 70.0% to hit");
    await dialog.close();

    const card = await showPosted(browser, message, "hod-effects-actor-card");
    expect(await rawKeys(card)).toEqual([]);
    expect(await card.locator("#message i:not([class]), #message script").count()).toBe(0);
    expect(await card.locator(".anthology-hod-card-modifiers li").allTextContents()).toEqual([
      "Attack bonus +7",
      "Proficient with the weapon (+1)",
    ]);
    expect(await card.locator(".anthology-roll-formula").allTextContents()).toEqual(["1d20+8", "1d8+5"]);
    expect(squash(await card.textContent(".anthology-hod-card-versus"))).toBe("Against Goblin's Primary 15 (+1)");
    expect(squash(await card.textContent(".anthology-hod-card-result"))).toBe("Hit");
    expect(squash(await card.textContent(".anthology-hod-card-hit"))).toBe("10 damage Lethal");
    await card.close();
    expect(await press(message, "apply", 0)).toBe(true);
    expect(hp(goblin)).toBe(1);
  });

  it("the compendium's Blessed chain shirt passes its effect on: 1d20 + 7 at 65% in the dialog and on the card", async () => {
    const shirt = JSON.parse(
      readFileSync(new URL("../../src/rulesets/hod/packs/armor/blessed-chain-shirt.json", import.meta.url), "utf8"),
    ) as Record<string, unknown>;
    delete shirt._key;
    for (const effect of shirt.effects as Array<Record<string, unknown>>) delete effect._key;
    await garret.createEmbeddedDocuments("Item", [shirt]);
    const message = await swing([8, 5]);
    const dialog = await showDialog(browser, record, DIALOG, "hod-effects-shirt-dialog");
    expect(await dialog.locator(".anthology-hod-dialog-fixed li").first().textContent()).toBe("Attack bonus +6");
    expect(squash(await dialog.textContent(".anthology-roll-line"))).toBe("1d20 + 7 65.0% to hit");
    await dialog.close();
    const card = await showPosted(browser, message, "hod-effects-shirt-card");
    expect(await rawKeys(card)).toEqual([]);
    expect(await card.locator(".anthology-roll-formula").first().textContent()).toBe("1d20+7");
    expect(squash(await card.textContent(".anthology-hod-card-versus"))).toBe("Against Goblin's Primary 15 (0)");
    expect(squash(await card.textContent(".anthology-hod-card-result"))).toBe("Hit");
    await card.close();
  });
});
