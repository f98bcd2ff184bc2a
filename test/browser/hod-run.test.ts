import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newCard, type AppliedMark } from "../../src/play/card";
import { runCardView, type HodRunData, type HodRunSummary } from "../../src/rulesets/hod/chat/run-view";
import { parse, roll, rollCard, scriptedDie } from "../../src/dice";
import { launchBrowser, renderTemplate, screenshot } from "./harness";

// Heroes of Destiny's run card and run dialog (Running and Sprinting): the real templates with the
// views the flows build, and the compiled CSS, in Chromium.

let browser: Browser;
const RAW_KEY = /ANTHOLOGY\.|TYPES\./;
const squash = (s: string | null) => (s ?? "").replace(/\s+/g, " ").trim();
const diceHtml = (formula: string, faces: number[]) =>
  renderTemplate("chat/roll-card.hbs", { card: rollCard(roll(parse(formula), { die: scriptedDie(faces) })) });

async function show(name: string, template: string, context: object): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 340, height: 200 } });
  const css = await import("node:fs").then((fs) => fs.readFileSync("dist/styles/anthology.css", "utf8"));
  await page.setContent(
    `<!doctype html><html><head><meta charset="utf-8"><style>${css}</style></head>` +
      `<body style="margin:8px;font-family:sans-serif"><div id="message" class="chat-message">` +
      `${renderTemplate(template, context)}</div></body></html>`,
  );
  await screenshot(page, `hod-${name}`);
  return page;
}

function runCard(data: HodRunData, summary: HodRunSummary | null) {
  const runner = { uuid: "Actor.g", name: "Garret <b>" };
  const made = newCard<HodRunData, Record<string, never>>({
    ruleSet: "hod",
    kind: "run",
    actor: runner,
    data,
    targets: [{ ...runner, data: {} }],
  });
  const applied: AppliedMark | null = summary ? ({ summary: { ...summary } } as unknown as AppliedMark) : null;
  return { ...made, targets: made.targets.map((t) => ({ ...t, applied })) };
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe("Heroes of Destiny run card", () => {
  it('shows the endurance check against DC 20 and, applied, the fatigue, the failures and "must stop running"', async () => {
    const card = runCard(
      {
        pace: "run",
        endurance: 0,
        sprint: null,
        penalty: 2,
        modifier: 0,
        begins: false,
        enduranceTotal: 3,
        sprintTotal: null,
      },
      { gained: 2, fatigue: 6, failures: 3, penalty: 3, stop: "failures", pace: null, speed: null },
    );
    const page = await show(
      "run",
      "rulesets/hod/run-card.hbs",
      runCardView(card, { rollHtml: [diceHtml("3d6", [1, 1, 1])] }),
    );
    expect(
      await page
        .locator("#message")
        .innerText()
        .then((t) => RAW_KEY.test(t)),
    ).toBe(false);
    expect(squash(await page.textContent(".anthology-hod-card-title"))).toBe("Garret <b> runs");
    expect(squash(await page.textContent(".anthology-hod-run-endurance"))).toBe(
      "Endurance: Athletics (Con) against DC 20, −2 for the earlier checks (\u221217)",
    );
    expect(squash(await page.textContent(".anthology-hod-run-applied"))).toBe(
      "+2 fatigue (now 6); 3 of 3 failed checks in this run; the next check takes −3.",
    );
    expect(squash(await page.textContent(".anthology-hod-run-stop"))).toContain("must stop running: fatigued");
    expect(await page.locator('button[data-anthology-action="undo"]').count()).toBe(1);
    await page.close();
  });

  it("shows a sprint's two checks, and the speed the sprint check gives once applied; unapplied, Apply", async () => {
    const data: HodRunData = {
      pace: "sprint",
      endurance: 0,
      sprint: 1,
      penalty: 0,
      modifier: 0,
      begins: true,
      enduranceTotal: 20,
      sprintTotal: 15,
    };
    const rolls = { rollHtml: [diceHtml("3d6+2", [6, 6, 6]), diceHtml("3d6+3", [4, 4, 4])] };
    const applied = await show(
      "sprint",
      "rulesets/hod/run-card.hbs",
      runCardView(
        runCard(data, { gained: 0, fatigue: 0, failures: 0, penalty: 2, stop: null, pace: "sprint", speed: 45 }),
        rolls,
      ),
    );
    expect(squash(await applied.textContent("#message"))).toContain("The run begins with this check.");
    expect(squash(await applied.textContent(".anthology-hod-run-sprint"))).toBe(
      "Sprint: Athletics (Str) against DC 10 (+5)",
    );
    expect(squash(await applied.textContent("#message"))).toContain("Sprinting at 45 ft.");
    await applied.close();
    const open = await show("sprint-open", "rulesets/hod/run-card.hbs", runCardView(runCard(data, null), rolls));
    expect(await open.locator('button[data-anthology-action="apply"]').isDisabled()).toBe(false);
    await open.close();
  });

  it("dialog: says what is due, asks the Athletics modifier and offers a sprinter the sprint check again", async () => {
    const page = await show("run-dialog", "rulesets/hod/run-dialog.hbs", {
      begins: false,
      failures: 1,
      endurance: true,
      sprint: false,
      reroll: true,
      penalty: 3,
      enduranceDc: 20,
      sprintDc: 10,
      modifierBound: { min: -10, max: 20 },
      formula: "3d6 - 1",
    });
    expect(
      await page
        .locator("#message")
        .innerText()
        .then((t) => RAW_KEY.test(t)),
    ).toBe(false);
    expect(squash(await page.textContent("#message"))).toContain("The run goes on (1 failed checks so far).");
    expect(await page.locator('input[name="modifier"]').getAttribute("max")).toBe("20");
    expect(await page.locator('input[name="reroll"]').count()).toBe(1);
    await page.close();
  });
});
