import { readFileSync } from "node:fs";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newCard } from "../../src/play/card";
import { outcomeViews } from "../../src/play/outcome-line";
import type { FsAttackData, FsAttackRow } from "../../src/rulesets/fading-suns/chat/card-data";
import { attackDialogInput, weaponOf } from "../../src/rulesets/fading-suns/chat/attack-math";
import { rollDialogView } from "../../src/rulesets/fading-suns/chat/dialog-form";
import { dialogOutcomes, foeOf, targetNumbersOf, type FoeActor } from "../../src/rulesets/fading-suns/chat/outcomes";
import { attackCardView } from "../../src/rulesets/fading-suns/chat/views";
import type { StandInActor } from "../foundry/documents";
import { installFoundry, loadWorld } from "../foundry/stand-in";
import { bruteItemData, bruteSystem, erianItemData, erianSystem } from "../support/fading-suns-fixtures";
import { launchBrowser, renderTemplate, screenshot } from "./harness";

// Fading Suns' outcome odds (issue 31) as a user sees them: the attack dialog's line per targeted token
// and the same line on each row of the posted card, the real views, templates and compiled CSS in
// Chromium. Erian knocks out (Dexterity 6 + Melee 5 + the rapier's 1 − 4, twice in one action − 2 = 6)
// the brute (Defense 1, 9 Vitality, armor 2) and a thug (Defense 0, 3 Vitality, no armor).

let browser: Browser;
let erian: StandInActor;
let brute: StandInActor;
let thug: StandInActor;

function actor(name: string, type: string, system: object, items: object[] = []): StandInActor {
  const Actor = (CONFIG.Actor as unknown as { documentClass: new (d: object) => StandInActor }).documentClass;
  return new Actor({ name, type, system, items: items.map((item, i) => ({ _id: `item${i}`, ...item })) });
}

const asFoe = (a: StandInActor) => a as unknown as FoeActor;
const rapier = () => weaponOf(erian.items.find((i) => i.type === "fading-suns-weapon")! as never);
const attacker = () => erian.system as unknown as Parameters<typeof attackDialogInput>[0];

async function show(name: string, template: string, context: object): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 440, height: 200 } });
  const css = readFileSync("dist/styles/anthology.css", "utf8");
  await page.setContent(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${css}</style></head>` +
      `<body style="margin:8px;font-family:sans-serif"><div id="message" class="chat-message">` +
      `${renderTemplate(template, context)}</div></body></html>`,
  );
  await page.setViewportSize({ width: 440, height: await page.evaluate(() => document.body.scrollHeight + 16) });
  await screenshot(page, `fading-suns-${name}`);
  return page;
}

const lines = (within: Page | Locator) =>
  within
    .locator(".anthology-outcome")
    .evaluateAll((items) => items.map((li) => [...li.querySelectorAll("span")].map((s) => s.textContent?.trim())));

beforeAll(async () => {
  const record = installFoundry({ ruleSet: "fading-suns" });
  await import("../../src");
  loadWorld(record);
  erian = actor("Erian", "fading-suns-character", erianSystem, erianItemData);
  brute = actor("Brute <b>Joe</b>", "fading-suns-npc", bruteSystem, bruteItemData);
  thug = actor("Thug", "fading-suns-npc", {
    characteristics: { endurance: 2 },
    defense: 0,
    vitality: { value: 3, max: null },
  });
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const EXPECTED = [
  // 1-5 hit; 3 off 9 Vitality; the knock-out roll 4 + 3 − 3 = 4 fails on 5-20: 25% × 80%.
  ["Brute <b>Joe</b>", "Hit 25.0%", "Hurt 25.0%", "Drop 20.0%"],
  // 1-6 hit; 5 off 3 Vitality puts it down.
  ["Thug", "Hit 30.0%", "Hurt 30.0%", "Drop 30.0%"],
];

describe("Fading Suns outcome odds in Chromium", () => {
  it("shows the attack dialog's chances per targeted token under the goal, names as text", async () => {
    const targets = [brute, thug].map((a) => targetNumbersOf(asFoe(a)));
    const input = {
      ...attackDialogInput(attacker(), rapier()),
      target: { name: targets[0]!.name, defense: targets[0]!.defense },
      targets: 2,
      initial: { fightAction: "knockOut" as const },
    };
    const view = rollDialogView(input);
    const outcomes = dialogOutcomes(attacker(), rapier(), targets, { fightAction: "knockOut", attacks: 2 });
    const page = await show("outcome-dialog", "rulesets/fading-suns/roll-dialog.hbs", {
      ...view,
      outcomes: outcomeViews(outcomes),
    });
    expect(await lines(page)).toEqual(EXPECTED);
    expect(await page.locator("#message b").count()).toBe(0);
    expect(await page.locator(".anthology-outcome-odds").isVisible()).toBe(true);
    expect(await page.locator(".anthology-outcome").nth(1).getAttribute("title")).toBe(
      "Thug: Hit 30.0%, Hurt 30.0%, Drop 30.0%",
    );
    await page.close();
  });

  it("shows the same line on each row of the posted card, from the card's own data", async () => {
    const row = (
      a: StandInActor,
      own: number,
      goal: number,
      roll: number,
    ): { uuid: string; name: string; data: FsAttackRow } => ({
      uuid: `Actor.${a.id}`,
      name: a.name,
      data: {
        defense: { own, conditions: 0, burst: 0, value: own },
        goal,
        outcome: roll <= goal ? "success" : "failure",
        victoryPoints: roll <= goal ? Math.floor(roll / 2) : 0,
        hit: roll <= goal,
        damage: roll <= goal ? 5 : null,
        armor: (a.system as unknown as { derived: { armor: number } }).derived.armor,
        foe: foeOf(asFoe(a)),
      },
    });
    const card = newCard<FsAttackData, FsAttackRow>({
      ruleSet: "fading-suns",
      kind: "attack",
      actor: { uuid: "Actor.erian", name: "Erian" },
      data: {
        item: { uuid: "Actor.erian.Item.item0", name: "Rapier <b>fine</b>" },
        weapon: rapier(),
        choices: { fightAction: "knockOut", attacks: 2 },
        natural: 11,
        parts: [
          { id: "weapon", value: 1 },
          { id: "fightAction", value: -4 },
          { id: "multiAttack", value: -2 },
        ],
        goal: 6,
        roll: 6,
        reroll: null,
        damage: { base: 4, strength: 1, stance: 0, action: 0 },
        effectDice: 0,
      },
      // A 6: the brute's goal is 5 (missed), the thug's 6 (a critical, hit).
      targets: [row(brute, 1, 5, 6), row(thug, 0, 6, 6)],
    });
    const page = await show(
      "outcome-card",
      "rulesets/fading-suns/attack-card.hbs",
      attackCardView(card, { rollHtml: [] }),
    );
    const rows = page.locator(".anthology-fs-card-row");
    expect(await rows.count()).toBe(2);
    // The row's header names its target; its line shows the three chances alone, so the name is read once.
    for (const [i, [name]] of EXPECTED.entries()) {
      expect(await rows.nth(i).locator(".anthology-fs-card-versus").innerText()).toContain(name);
      expect((await rows.nth(i).innerText()).split(name!).length - 1).toBe(1);
    }
    expect(await lines(rows.nth(0))).toEqual([EXPECTED[0]!.slice(1)]);
    expect(await lines(rows.nth(1))).toEqual([EXPECTED[1]!.slice(1)]);
    expect(await page.locator("#message b").count()).toBe(0);
    await page.close();
  });
});
