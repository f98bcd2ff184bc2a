import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Sheets from "../../src/rulesets/fudge/sheets";
import { hintLine } from "../../src/play/roll-dialog";
import { changesData, type NumberChange } from "../../src/foundry/effects";
import { dialogAnswers } from "../foundry/combat";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog } from "../support/fade-world";
import { clickSheet, fudgeActors, loadFudgeWorld, target } from "../support/fudge-world";
import { press } from "../support/play";
import { launchBrowser, screenshot } from "./harness";
import { rawKeys, showDialog, showPosted, squash } from "./posted";

// Issue 30, "a roll with an effect", for FUDGE: Mickey swings his broadsword with Blessed (+1 to every
// roll, +2 damage) on him, then with the compendium's Blessed gift, which passes on +1 to every roll;
// the dialog names the effects' +1 on its own line (Wounds keeps the wound penalty) and its odds line
// rolls 4dF+2, and the posted card, drawn in Chromium, rolls 4dF+2 (his own Good sword is 4dF+1).

let browser: Browser;
let record: StandInRecord;
let sheets: typeof Sheets;
let mickey: StandInActor;
let bandit: StandInActor;

const DIALOG = "rulesets/fudge/roll-dialog.hbs";
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const add = (key: string, value: number): NumberChange => ({ key, type: "add", value });
const itemId = (a: StandInActor, name: string) => a.items.find((i) => i.name === name)!.id;

/**
 * The attack dialog as Mickey's sheet opens it, with the line under it written as the open dialog
 * writes it (the flow's own dialog input and line, for the normal stance the test answers).
 */
async function attackDialog(name: string): Promise<Page> {
  const dialog = await showDialog(browser, record, DIALOG, `fudge-effects-${name}-dialog`);
  const { attackDialogInput } = await import("../../src/rulesets/fudge/chat/flow");
  const { attackChoices, attackLine } = await import("../../src/rulesets/fudge/chat/dialog-form");
  const sword = mickey.items.find((i) => i.name === "Broadsword")!;
  const input = attackDialogInput(mickey as never, sword as never);
  const rules = attackLine(input, attackChoices(input, [["stance", "normal"]]));
  const line = hintLine(rules.formula, rules, null);
  await dialog.evaluate(
    ([f, t]) => {
      document.querySelector(".anthology-roll-line-formula")!.textContent = f!;
      document.querySelector(".anthology-roll-line-text")!.textContent = t!;
    },
    [line.formula, line.text],
  );
  await screenshot(dialog, `fudge-effects-${name}-dialog`);
  return dialog;
}

async function expectBlessedSwing(name: string): Promise<void> {
  // Mickey swings at the bandit (4dF of 0: Great with the blessing); the GM answers for the bandit (−1).
  answerDialog({ stance: "normal" });
  fulfillment.push(2, 2, 2, 2);
  await clickSheet(sheets, mickey, "fudgeAttack", { item: "Broadsword" });
  const swing = lastMessage();
  const dialog = await attackDialog(name);
  expect(await rawKeys(dialog)).toEqual([]);
  expect(await dialog.textContent(".anthology-fudge-effects")).toBe("From effects: +1 to this roll");
  expect(await dialog.locator(".anthology-fudge-note").count()).toBe(1);
  expect(await dialog.textContent(".anthology-roll-line-formula")).toBe("4dF+2");
  expect(squash(await dialog.textContent(".anthology-roll-line-text"))).toMatch(/%/);
  await dialog.close();
  answerDialog({ stance: "normal", weapon: itemId(bandit, "Shortsword") });
  fulfillment.push(2, 2, 2, 1);
  await press(swing, "respond", 0);

  const card = await showPosted(browser, swing, `fudge-effects-${name}-card`);
  expect(await rawKeys(card)).toEqual([]);
  expect(await card.locator("#message b").count()).toBe(0);
  expect(await card.locator(".anthology-roll-formula").first().textContent()).toBe("4dF+2");
  expect(squash(await card.textContent(".anthology-fudge-card-row"))).toContain(
    "Offense Great against defense Mediocre: relative degree +3",
  );
  await card.close();
}

beforeAll(async () => {
  ({ record, sheets } = await loadFudgeWorld());
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

beforeEach(async () => {
  ({ mickey, bandit } = await fudgeActors());
  record.notifications.length = 0;
  fulfillment.length = 0;
  dialogAnswers.length = 0;
  target(bandit);
});

describe("FUDGE: a roll with an effect, in Chromium", () => {
  it("Blessed on the actor: the effects' +1 on its own line, 4dF+2 in the odds line and on the card", async () => {
    await mickey.createEmbeddedDocuments("ActiveEffect", [
      { name: "Blessed", ...changesData([add("system.bonuses.rolls", 1), add("system.bonuses.damage", 2)]) },
    ]);
    await expectBlessedSwing("actor");
  });

  it("wounded and Blessed: Wounds −1 and the effects' +1 each on their own line", async () => {
    await mickey.update({ "system.wounds.light": 1 });
    await mickey.createEmbeddedDocuments("ActiveEffect", [
      { name: "Blessed", ...changesData([add("system.bonuses.rolls", 1)]) },
    ]);
    answerDialog(null);
    await clickSheet(sheets, mickey, "fudgeAttack", { item: "Broadsword" });
    const dialog = await attackDialog("wounded");
    expect(await rawKeys(dialog)).toEqual([]);
    expect((await dialog.locator(".anthology-fudge-note").allTextContents()).map(squash)).toEqual([
      "Wounds: −1 to this roll",
      "From effects: +1 to this roll",
    ]);
    expect(await dialog.textContent(".anthology-roll-line-formula")).toBe("4dF+1");
    await dialog.close();
  });

  it("the compendium's Blessed gift passes its effect on: the same line and 4dF+2", async () => {
    const gift = JSON.parse(
      readFileSync(new URL("../../src/rulesets/fudge/packs/traits/blessed.json", import.meta.url), "utf8"),
    ) as Record<string, unknown>;
    delete gift._key;
    for (const effect of gift.effects as Array<Record<string, unknown>>) delete effect._key;
    await mickey.createEmbeddedDocuments("Item", [gift]);
    await expectBlessedSwing("gift");
  });
});
