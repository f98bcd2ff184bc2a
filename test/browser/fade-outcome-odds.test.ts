import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleEntry } from "../../scripts/lib/bundle.mjs";
import { newCard } from "../../src/play/card";
import { outcomeViews } from "../../src/play/outcome-line";
import type { FadeAttackData, FadeAttackRow, FadeTargetNumbers } from "../../src/rulesets/fade/chat/card-data";
import { dialogOutcomes, rollDialogView, type FadeRollDialogInput } from "../../src/rulesets/fade/chat/dialog-form";
import { attackCardView } from "../../src/rulesets/fade/chat/views";
import { derive, type FadeDerived } from "../../src/rulesets/fade/rules";
import { fadeSource } from "../../src/rulesets/fade/data/source";
import { fighterSystem } from "../support/fade-fixtures";
import { format } from "../foundry/stand-in";
import { launchBrowser, renderTemplate, screenshot } from "./harness";

// Issue 31 in The Fade: the attack dialog's list of each target's chances to be hit, hurt and dropped,
// refreshed as the choices change (the shared showOutcomes, bundled as Foundry loads it), and the same
// line on each row of the posted card, with the real templates and compiled CSS in Chromium.

let browser: Browser;
let lineModule: string;

const attacker = derive(fadeSource(fighterSystem).source);
const goblin = derive({
  ...fadeSource(fighterSystem).source,
  agility: 3,
  luck: 2,
  endurance: 2,
  classHp: 8,
  speciesSize: 2,
  classSoak: 2,
  armor: [{ deflection: { body: 5 } }],
});
const targets = [
  { name: "Goblin <b>chain</b>", derived: goblin, hp: 10 },
  { name: "Wounded goblin", derived: { ...goblin, deflection: { ...goblin.deflection, body: 0 } }, hp: 3 },
];
const input: FadeRollDialogInput = {
  kind: "attack",
  derived: attacker,
  weapon: { baseDamage: "4k2", penetration: 4 },
  target: { name: targets[0]!.name, derived: goblin },
  targets,
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

async function show(name: string, template: string, context: object, width = 420): Promise<Page> {
  const css = readFileSync("dist/styles/anthology.css", "utf8");
  const page = await browser.newPage({ viewport: { width, height: 200 } });
  await page.setContent(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${css}</style></head>` +
      `<body style="margin:8px;font-family:sans-serif"><div id="root" class="chat-message">` +
      `${renderTemplate(template, context)}</div></body></html>`,
  );
  await screenshot(page, `fade-${name}`);
  return page;
}

const lines = (scope: Page | Locator) =>
  scope
    .locator(".anthology-outcome")
    .evaluateAll((items) => items.map((li) => [...li.querySelectorAll("span")].map((s) => s.textContent?.trim())));

const expectedLines = (choices: Parameters<typeof dialogOutcomes>[1]) =>
  outcomeViews(dialogOutcomes(input, choices)).map((v) => [v.name, v.hit, v.hurt, v.drop]);

describe("The Fade's outcome odds (templates, compiled CSS, Chromium)", () => {
  it("the attack dialog lists each target's chances, names as text, and refreshes with a called shot", async () => {
    const view = rollDialogView(input);
    const page = await show("outcome-dialog", "rulesets/fade/roll-dialog.hbs", {
      ...view,
      outcomes: outcomeViews(view.outcomes),
    });
    const before = await lines(page);
    expect(before).toEqual(expectedLines({ modifiers: [] }));
    expect(before.map((l) => l[0])).toEqual(["Goblin <b>chain</b>", "Wounded goblin"]);
    expect(await page.locator("#root b").count()).toBe(0);
    expect(await page.locator(".anthology-outcome-odds").isVisible()).toBe(true);
    // The list sits under the roll line.
    const line = await page.locator(".anthology-roll-line").boundingBox();
    const list = await page.locator(".anthology-outcome-odds").boundingBox();
    expect(list!.y).toBeGreaterThanOrEqual(line!.y + line!.height - 1);

    // The user ticks a called shot at the head: the dialog's line brings new outcomes.
    await page.evaluate(`window.game = { i18n: { format: ${formatInPage} } };`);
    await page.addScriptTag({ type: "module", content: `${lineModule}\nwindow.lineModule = { showOutcomes };` });
    await page.waitForFunction(() => "lineModule" in window);
    const called = { modifiers: ["calledShot" as const], calledShot: "head" as const };
    await page.evaluate(
      (next) =>
        (
          window as unknown as { lineModule: { showOutcomes(r: HTMLElement, o: unknown): void } }
        ).lineModule.showOutcomes(document.getElementById("root")!, next),
      dialogOutcomes(input, called),
    );
    const after = await lines(page);
    expect(after).toEqual(expectedLines(called));
    expect(after).not.toEqual(before);
    await screenshot(page, "fade-outcome-dialog-called-shot");
    await page.close();
  });

  it("each row of the attack card shows the line from the card's data", async () => {
    const numbers = (d: FadeDerived, hp: number): FadeTargetNumbers => ({
      deflection: d.deflection,
      soak: d.soak,
      hp,
      hpMax: d.hpMax,
      deathAt: d.deathAt,
      missing: [],
    });
    const row = (hit: boolean, t: (typeof targets)[number]): FadeAttackRow => ({
      defense: { id: "defense", vsSpells: false, value: t.derived.defense },
      result: hit ? "hit" : "miss",
      damageRoll: hit ? 1 : null,
      locationRoll: null,
      part: hit ? "body" : null,
      damage: hit ? 18 : null,
      dodge: null,
      numbers: numbers(t.derived, t.hp),
    });
    const card = newCard<FadeAttackData, FadeAttackRow>({
      ruleSet: "fade",
      kind: "attack",
      actor: { uuid: "Actor.a", name: "Garret" },
      data: {
        item: { uuid: "Actor.a.Item.s", name: "Longsword" },
        weapon: { baseDamage: "4k2", penetration: 4 },
        choices: { modifiers: [] },
        pool: attacker.physicalToHit,
        damagePool: "7k3",
        attackRoll: 0,
        luckReroll: false,
        rerolled: false,
      },
      targets: targets.map((t, i) => ({ uuid: `Actor.t${i}`, name: t.name, data: row(i === 0, t) })),
    });
    const page = await show(
      "outcome-card",
      "rulesets/fade/attack-card.hbs",
      attackCardView({ ...card, targets: card.targets.map((t) => ({ ...t, applied: null })) }, { rollHtml: [] }),
      360,
    );
    const rows = page.locator(".anthology-fade-card-row");
    expect(await rows.count()).toBe(2);
    // The row's header names its target; its line shows the three chances alone, so the name is read once.
    for (const [i, t] of targets.entries()) {
      expect(await rows.nth(i).locator(".anthology-fade-card-versus").innerText()).toContain(t.name);
      expect((await rows.nth(i).innerText()).split(t.name).length - 1).toBe(1);
    }
    const expected = expectedLines({ modifiers: [] }).map(([, ...chances]) => chances);
    expect(await lines(rows.nth(0))).toEqual([expected[0]]);
    expect(await lines(rows.nth(1))).toEqual([expected[1]]);
    expect(await page.locator("#root b").count()).toBe(0);
    await page.close();
  });
});

/** The page's own `format`: the three keys' English text (the stand-in's is Node's). */
const formatInPage = `(key, data) => ({
  "ANTHOLOGY.Outcome.hit": "Hit " + data.chance,
  "ANTHOLOGY.Outcome.hurt": "Hurt " + data.chance,
  "ANTHOLOGY.Outcome.drop": "Drop " + data.chance,
  "ANTHOLOGY.Outcome.label": data.name + ": " + data.hit + ", " + data.hurt + ", " + data.drop,
})[key] ?? key`;
