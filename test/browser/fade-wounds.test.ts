import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newCard, type AppliedMark } from "../../src/play/card";
import type { FadeAttackData, FadeAttackRow, FadeSkillData } from "../../src/rulesets/fade/chat/card-data";
import { rollDialogView } from "../../src/rulesets/fade/chat/dialog-form";
import { healCardView, type FadeHealData, type FadeHealSummary } from "../../src/rulesets/fade/chat/heal-view";
import { attackCardView, skillCardView, type FadeAppliedSummary } from "../../src/rulesets/fade/chat/views";
import { derive, resolveHit } from "../../src/rulesets/fade/rules";
import { fadeSource } from "../../src/rulesets/fade/data/source";
import { fighterItems, fighterSystem } from "../support/fade-fixtures";
import { launchBrowser, renderTemplate, screenshot } from "./harness";

// Issue 28's Fade items as a user sees them: the real templates with the views the flows build, and
// the compiled CSS, in Chromium.

let browser: Browser;
const RAW_KEY = /ANTHOLOGY\.|TYPES\./;

async function show(name: string, template: string, context: object, width = 360): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 200 } });
  const css = await import("node:fs").then((fs) => fs.readFileSync("dist/styles/anthology.css", "utf8"));
  await page.setContent(
    `<!doctype html><html><head><meta charset="utf-8"><style>${css}</style></head>` +
      `<body style="margin:8px;font-family:sans-serif"><div id="message" class="chat-message">` +
      `${renderTemplate(template, context)}</div></body></html>`,
  );
  await screenshot(page, `fade-${name}`);
  return page;
}

const rawKeys = async (page: Page) => [await page.locator("#message").innerText()].filter((s) => RAW_KEY.test(s));
const actor = { uuid: "Actor.a", name: "Garret <b>" };

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe("The Fade, issue 28: wounds and healing on screen", () => {
  it("the attack dialog: Default to the Body, and a lost part greyed out", async () => {
    const derived = derive(fadeSource(fighterSystem, fighterItems).source);
    const view = rollDialogView({
      kind: "attack",
      derived,
      weapon: { baseDamage: "4k2" },
      target: { name: "Goblin", derived, missing: ["leftArm"] },
    });
    const page = await show("dialog-wounds", "rulesets/fade/roll-dialog.hbs", view, 420);
    expect(await rawKeys(page)).toEqual([]);
    const box = page.locator('input[name="defaultBody"]');
    expect(await box.count()).toBe(1);
    expect(await box.isChecked()).toBe(false);
    expect(await page.locator("label", { has: box }).innerText()).toContain("Default to the Body");
    const gone = page.locator('select[name="location"] option[value="leftArm"]');
    expect(await gone.isDisabled()).toBe(true);
    expect(await gone.innerText()).toBe("Left Arm (gone)");
    expect(await page.locator('select[name="location"] option:disabled').count()).toBe(1);
    await page.close();
  });

  it("an applied row rolled again off a lost arm, and absorption stopped at the maximum", async () => {
    const hit = resolveHit({
      damage: 27,
      part: "body",
      calledShot: false,
      critical: false,
      coupDeGrace: false,
      penetration: 4,
      damageType: "fire",
      target: {
        derived: {
          deflection: { ...derive(fadeSource(fighterSystem).source).deflection, body: 5 },
          soak: 4,
          deathAt: -4,
          hpMax: 10,
        },
        energy: { absorptions: ["fire"] },
        hp: 8,
      },
    });
    const summary: FadeAppliedSummary = {
      part: "body",
      steps: hit.damage.steps,
      negatedBy: null,
      hpBefore: 8,
      hpAfter: hit.hpAfter,
      hpChange: hit.damage.hpChange,
      healthState: "conscious",
      effectKey: null,
      statuses: [],
      bleed: null,
      rerolledFrom: ["leftArm"],
    };
    const card = newCard<FadeAttackData, FadeAttackRow>({
      ruleSet: "fade",
      kind: "attack",
      actor,
      data: {
        item: { uuid: "Actor.a.Item.s", name: "Firebrand" },
        weapon: { baseDamage: "4k2", penetration: 4, damageType: "fire" },
        choices: { modifiers: [], defaultBody: true },
        pool: "6k3",
        attackRoll: 0,
        luckReroll: false,
        rerolled: false,
      },
      targets: [
        {
          uuid: "Actor.t",
          name: "Goblin",
          data: {
            defense: { id: "defense", vsSpells: false, value: 19 },
            result: "hit",
            damageRoll: 1,
            locationRoll: null,
            part: "body",
            damage: 27,
            dodge: null,
          },
        },
      ],
    });
    const mark: AppliedMark = { by: "gm1", at: 1, summary: summary as unknown as Record<string, unknown> };
    const page = await show(
      "applied-wounds",
      "rulesets/fade/attack-card.hbs",
      attackCardView({ ...card, targets: card.targets.map((t) => ({ ...t, applied: mark })) }, { rollHtml: [] }),
    );
    expect(await rawKeys(page)).toEqual([]);
    const text = (await page.locator("#message").innerText()).replace(/\s+/g, " ");
    expect(text).toContain("Hits default to the Body (no location roll).");
    expect(text).toContain("The location landed on the Left Arm, which is gone: rolled again.");
    expect(text).toContain("Absorbs fire: 6 HP of healing, 2 HP up to the maximum of 10");
    expect(text).toContain("HP 8 → 10 (+2)");
    await page.close();
  });

  it("a skill check with no kept dice says it is impossible, not a critical failure", async () => {
    const card = newCard<FadeSkillData, Record<string, never>>({
      ruleSet: "fade",
      kind: "skill",
      actor,
      data: {
        skill: "stealth",
        choices: {},
        pool: "0k0",
        total: 0,
        impossible: true,
        dc: null,
        success: false,
        criticalFailure: false,
        luckReroll: false,
        rerolled: false,
      },
      targets: [],
    });
    const page = await show("skill-impossible", "rulesets/fade/skill-card.hbs", skillCardView(card, { rollHtml: [] }));
    expect(await rawKeys(page)).toEqual([]);
    expect(await page.textContent(".anthology-fade-card-result")).toBe("Impossible: no kept dice, automatic failure");
    await page.close();
  });

  it("a heal card: the amount, what heals, and once applied the Resistance's bonus and the HP", async () => {
    const card = newCard<FadeHealData, Record<string, never>>({
      ruleSet: "fade",
      kind: "heal",
      actor,
      data: { amount: 4, source: "Holy light <i>" },
      targets: [
        { uuid: "Actor.t", name: "Goblin <b>", data: {} },
        { uuid: "Actor.u", name: "Ghoul", data: {} },
      ],
    });
    const summary: FadeHealSummary = {
      amount: 4,
      bonus: 2,
      resistance: "holy",
      before: 3,
      after: 9,
      healed: 6,
      state: "conscious",
    };
    const mark: AppliedMark = { by: "gm1", at: 1, summary: summary as unknown as Record<string, unknown> };
    const view = healCardView({
      ...card,
      targets: card.targets.map((t, i) => ({ ...t, applied: i === 0 ? mark : null })),
    });
    const page = await show("heal", "rulesets/fade/heal-card.hbs", view);
    expect(await rawKeys(page)).toEqual([]);
    expect(await page.locator("#message b, #message i:not([class])").count()).toBe(0);
    expect(await page.textContent(".anthology-fade-card-title")).toBe("Garret <b> heals 4 HP");
    const rows = page.locator(".anthology-fade-card-row");
    expect(await rows.count()).toBe(2);
    const first = (await rows.nth(0).innerText()).replace(/\s+/g, " ");
    expect(first).toContain("Holy Resistance: +2 to the healing");
    expect(first).toContain("HP 3 → 9 (+6)");
    await page.close();
  });
});
