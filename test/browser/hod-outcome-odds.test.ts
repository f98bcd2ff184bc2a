import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleEntry } from "../../scripts/lib/bundle.mjs";
import { newCard, type CardRef } from "../../src/play/card";
import type { HodAttackData, HodAttackRow, HodSpecialData, HodSpecialRow } from "../../src/rulesets/hod/chat/card-data";
import { attackDialogView, dialogOutcomes, type HodAttackDialogInput } from "../../src/rulesets/hod/chat/dialog-form";
import { weaponOf } from "../../src/rulesets/hod/chat/documents";
import { attackCardView, specialCardView } from "../../src/rulesets/hod/chat/views";
import { specialAction } from "../../src/rulesets/hod/rules/special-actions";
import { format } from "../foundry/stand-in";
import { launchBrowser, renderTemplate, screenshot } from "./harness";

// Heroes of Destiny's outcome odds (issue 31) in the real attack dialog and attack card templates with
// the compiled CSS, in Chromium: each targeted token's chances to be hit, hurt and dropped, the
// dialog's list written anew as the form changes (the shared showOutcomes, bundled as Foundry loads it),
// and the same line on the card's row from what it stored.

let browser: Browser;
let lineModule: string;

const sword = weaponOf({
  name: "Longsword",
  system: { category: "heavySwords", damage: "1d8", speedClass: "standard", proficient: true },
});
const defenses = { primary: 15, passive: 13, vigor: 11, celerity: 14, spirit: 10 };
// Garret's longsword (1d20 + 6; 1d8 + 4) against the adapter tests' goblin (Threshold 3, 8 HP) and a
// fresher hobgoblin (Threshold 5, 14 HP, damage reduction 1).
const input: HodAttackDialogInput = {
  kind: "attack",
  source: { accuracy: 2, strength: 3, dexterity: 1, power: 1, size: 0 },
  weapon: sword,
  targets: [
    {
      name: "Goblin <i>",
      defenses,
      defense: "primary",
      track: { hp: 8, fatigue: 0, fullTop: 3, constitution: 1 },
    },
    {
      name: "Hobgoblin",
      defenses: { ...defenses, primary: 17 },
      defense: "primary",
      track: { hp: 14, fatigue: 2, fullTop: 5, reduction: 1, constitution: 2 },
    },
  ],
  damage: { nonlethal: false },
};

beforeAll(async () => {
  (globalThis as { game?: unknown }).game = { i18n: { format } };
  browser = await launchBrowser();
  lineModule = readFileSync(await bundleEntry(path.resolve("src/play/outcome-line.ts"), "outcome-line.mjs"), "utf8");
});
afterAll(async () => {
  await browser?.close();
  delete (globalThis as { game?: unknown }).game;
});

async function show(name: string, template: string, context: object, width = 440): Promise<Page> {
  const css = readFileSync("dist/styles/anthology.css", "utf8");
  const page = await browser.newPage({ viewport: { width, height: 200 } });
  await page.setContent(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${css}</style></head>` +
      `<body style="margin:8px;font-family:sans-serif"><div id="message" class="chat-message">` +
      `${renderTemplate(template, context)}</div></body></html>`,
  );
  await screenshot(page, `hod-${name}`);
  return page;
}

const lines = (page: Page) =>
  page
    .locator(".anthology-outcome")
    .evaluateAll((items) => items.map((li) => [...li.querySelectorAll("span")].map((s) => s.textContent?.trim())));

describe("Heroes of Destiny outcome odds (templates, compiled CSS, Chromium)", () => {
  it("shows each targeted token's chances in the attack dialog, and rewrites them as the form changes", async () => {
    const page = await show("outcome-dialog", "rulesets/hod/roll-dialog.hbs", attackDialogView(input));
    // The goblin worked by hand (test/adapters/hod-outcome-odds.test.ts): 12 faces of 20 hit, every hit
    // lowers its Threshold, 41 in 160 drop it.
    expect(await lines(page)).toEqual([
      ["Goblin <i>", "Hit 60.0%", "Hurt 60.0%", "Drop 25.6%"],
      ["Hobgoblin", "Hit 50.0%", "Hurt 50.0%", "Drop 0%"],
    ]);
    expect(await page.locator("#message i").count()).toBe(0);
    expect(await page.locator(".anthology-outcome-odds").isVisible()).toBe(true);
    // The user picks half cover (−4) and a damage multiplier of 3: the list is written anew.
    const next = dialogOutcomes(input, { defense: "primary", modifiers: ["coverHalf"], damageMultiplier: 3 });
    await page.addScriptTag({ type: "module", content: `${lineModule}\nwindow.lineModule = { showOutcomes };` });
    await page.waitForFunction(() => "lineModule" in window);
    // The page localises as en.json does (the keys the shared line uses).
    const en: Record<string, string> = {
      "ANTHOLOGY.Outcome.hit": "Hit {chance}",
      "ANTHOLOGY.Outcome.hurt": "Hurt {chance}",
      "ANTHOLOGY.Outcome.drop": "Drop {chance}",
      "ANTHOLOGY.Outcome.label": "{name}: {hit}, {hurt}, {drop}",
    };
    await page.evaluate(
      ({ i18n, outcomes }: { i18n: Record<string, string>; outcomes: unknown }) => {
        const fill = (k: string, d: Record<string, string>) =>
          (i18n[k] ?? k).replace(/\{(\w+)\}/g, (_: string, n: string) => d[n] ?? "");
        (window as unknown as { game: unknown }).game = { i18n: { format: fill } };
        const root = document.getElementById("message")!;
        (
          window as unknown as { lineModule: { showOutcomes(r: HTMLElement, o: unknown): void } }
        ).lineModule.showOutcomes(root, outcomes);
      },
      { i18n: en, outcomes: next },
    );
    // 1d20 + 2: 13 or more against 15, 15 or more against 17; three rolls of 1d8 + 4 drop the goblin whenever they hit.
    expect(await lines(page)).toEqual([
      ["Goblin <i>", "Hit 40.0%", "Hurt 40.0%", "Drop 40.0%"],
      ["Hobgoblin", "Hit 30.0%", "Hurt 30.0%", expect.stringMatching(/^Drop \d/)],
    ]);
    await screenshot(page, "hod-outcome-dialog-cover");
    await page.close();
  });

  it("shows the same line on the card's row, from the row's stored odds; a row without them shows none", async () => {
    const item: CardRef = { uuid: "Actor.a.Item.s", name: "Longsword" };
    const [goblin] = dialogOutcomes(input, { defense: "primary" });
    const stored: HodAttackRow["outcome"] = {
      bonus: 6,
      defense: 15,
      precise: false,
      spell: false,
      die: "d20",
      damage: "1d8 + 4",
      criticalDamage: "8 + 4",
      nonlethal: false,
      target: input.targets[0]!.track!,
    };
    const defense = {
      id: "primary",
      met: "primary",
      value: 15,
      stance: null,
      stanceModifier: 0,
      hit: true,
      critical: false,
      margin: 1,
      automatic: false,
    } as const;
    const card = newCard<HodAttackData, HodAttackRow>({
      ruleSet: "hod",
      kind: "attack",
      actor: { uuid: "Actor.a", name: "Garret" },
      data: {
        item,
        weapon: sword,
        choices: { defense: "primary" },
        modifiers: [{ id: "proficient", value: 1 }],
        base: 5,
        formula: "1d20 + 6",
        attackRoll: 0,
        natural: 10,
        total: 16,
        fumble: false,
        durabilityLeft: null,
        damageRolled: false,
        schedule: { state: "none" },
      },
      targets: [
        {
          uuid: "Actor.g",
          name: "Goblin <i>",
          data: {
            defense,
            damage: {
              roll: 1,
              extraRoll: null,
              formula: "1d8 + 4",
              rolled: 9,
              total: 9,
              critical: false,
              nonlethal: false,
              factor: 1,
            },
            outcome: stored,
          },
        },
        { uuid: "Actor.h", name: "Hobgoblin", data: { defense: { ...defense, value: 17 }, damage: null } },
      ],
    });
    const view = attackCardView({ ...card, targets: card.targets.map((t) => ({ ...t, applied: null })) }, {
      rollHtml: [],
    } as never);
    const page = await show("outcome-card", "rulesets/hod/attack-card.hbs", view, 340);
    // The row's header names its target; its line shows the three chances alone, so the name is read once.
    const row = page.locator(".anthology-hod-card-row").first();
    expect(await row.locator(".anthology-hod-card-versus").innerText()).toContain("Goblin <i>");
    expect((await row.innerText()).split("Goblin <i>").length - 1).toBe(1);
    expect(await lines(page)).toEqual([["Hit 60.0%", "Hurt 60.0%", "Drop 25.6%"]]);
    expect(goblin!.odds.drop).toBeCloseTo(41 / 160, 12);
    // The line sits in its own row, under the target's result.
    expect(await page.locator(".anthology-hod-card-row").first().locator(".anthology-outcome-odds").isVisible()).toBe(
      true,
    );
    expect(await page.locator(".anthology-hod-card-row").nth(1).locator(".anthology-outcome-odds").isVisible()).toBe(
      false,
    );
    await page.close();
  });

  it("shows a special action's line in its dialog and on its card's row (a quick strike)", async () => {
    const special = {
      ...input,
      targets: [input.targets[0]!],
      special: { action: specialAction("quickStrike")!, nameKey: "k", skillKey: null, defenses: null },
    };
    const dialog = await show("outcome-special-dialog", "rulesets/hod/roll-dialog.hbs", attackDialogView(special));
    // 1d20 + 6 against Primary 15: 9 or more, 12 faces. Half of 1d8 + 4 (4 to 6) against a Threshold of 3 and
    // 8 HP: never dying; a critical's half of 12 (6): no more. Every hit hurts, none drops.
    expect(await lines(dialog)).toEqual([["Goblin <i>", "Hit 60.0%", "Hurt 60.0%", "Drop 0%"]]);
    await dialog.close();
    const [odds] = dialogOutcomes(special, { defense: "primary" });
    const stored: HodSpecialRow["odds"] = {
      action: "quickStrike",
      bonus: 6,
      defenses: { primary: 15 },
      weaponDefense: "primary",
      precise: false,
      spell: false,
      die: "d20",
      damage: {
        source: { strength: 3, dexterity: 1, power: 1, size: 0 },
        weapon: { category: "heavySwords", damage: "1d8", composite: false, nonlethal: false },
        modifier: 0,
        extraDice: "",
      },
      nonlethal: false,
      target: input.targets[0]!.track!,
    };
    const result = {
      id: "primary",
      met: "primary",
      value: 15,
      stance: null,
      stanceModifier: 0,
      hit: true,
      critical: false,
      margin: 1,
      automatic: false,
    } as const;
    const card = newCard<HodSpecialData, HodSpecialRow>({
      ruleSet: "hod",
      kind: "special",
      actor: { uuid: "Actor.a", name: "Garret" },
      data: {
        special: "quickStrike",
        item: { uuid: "Actor.a.Item.s", name: "Longsword" },
        weapon: sword,
        choices: { defense: "primary" },
        die: "d20",
        skillRank: null,
        modifiers: [{ id: "proficient", value: 1 }],
        base: 5,
        formula: "1d20 + 6",
        attackRoll: 0,
        natural: 10,
        total: 16,
        fumble: false,
        durabilityLeft: null,
        fatigue: 0,
        unconsciousCheck: null,
        checked: false,
        preparing: false,
        schedule: { state: "none" },
      },
      targets: [
        {
          uuid: "Actor.g",
          name: "Goblin <i>",
          data: {
            results: [result],
            chosen: null,
            outcomes: ["ANTHOLOGY.HoD.Special.quickStrike.hit"],
            damage: null,
            odds: stored,
          },
        },
        { uuid: "Actor.h", name: "Hobgoblin", data: { results: [result], chosen: null, outcomes: [], damage: null } },
      ],
    });
    const view = specialCardView({ ...card, targets: card.targets.map((t) => ({ ...t, applied: null })) }, {
      rollHtml: [],
    } as never);
    const page = await show("outcome-special-card", "rulesets/hod/special-card.hbs", view, 340);
    // As on the attack card: the row's header names its target, its line shows the three chances alone.
    const row = page.locator(".anthology-hod-card-row").first();
    expect((await row.innerText()).split("Goblin <i>").length - 1).toBe(1);
    expect(await lines(page)).toEqual([["Hit 60.0%", "Hurt 60.0%", "Drop 0%"]]);
    expect(odds!.odds).toMatchObject({ hit: 0.6, hurt: 0.6, drop: 0 });
    expect(await page.locator(".anthology-hod-card-row").first().locator(".anthology-outcome-odds").isVisible()).toBe(
      true,
    );
    expect(await page.locator(".anthology-hod-card-row").nth(1).locator(".anthology-outcome-odds").isVisible()).toBe(
      false,
    );
    await page.close();
  });
});
