import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newCard, type AppliedMark } from "../../src/play/card";
import type {
  FadeAttackData,
  FadeAttackRow,
  FadeCheckData,
  FadeDamageData,
  FadeDamageRow,
  FadeSkillData,
} from "../../src/rulesets/fade/chat/card-data";
import { rollDialogView } from "../../src/rulesets/fade/chat/dialog-form";
import { bleedCardView, type FadeBleedData } from "../../src/rulesets/fade/chat/bleed-view";
import {
  attackCardView,
  checkCardView,
  skillCardView,
  damageCardView,
  type FadeAppliedSummary,
} from "../../src/rulesets/fade/chat/views";
import { parse, roll, rollCard, scriptedDie } from "../../src/dice";
import { applyDamage, derive } from "../../src/rulesets/fade/rules";
import { fadeSource } from "../../src/rulesets/fade/data/source";
import { fighterItems, fighterSystem } from "../support/fade-fixtures";
import { launchBrowser, renderTemplate, screenshot } from "./harness";

// The Fade's cards and roll dialog: the real templates with the views the flows build, and the
// compiled CSS, in Chromium.

let browser: Browser;
const RAW_KEY = /ANTHOLOGY\.|TYPES\./;

const diceHtml = (formula: string, faces: number[]) =>
  renderTemplate("chat/roll-card.hbs", { card: rollCard(roll(parse(formula), { die: scriptedDie(faces) })) });

async function show(name: string, template: string, context: object, width = 320): Promise<Page> {
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

async function rawKeys(page: Page): Promise<string[]> {
  const text = await page.locator("#message").innerText();
  const titles = await page
    .locator("[title], [aria-label]")
    .evaluateAll((els) => els.flatMap((e) => [e.getAttribute("title") ?? "", e.getAttribute("aria-label") ?? ""]));
  return [text, ...titles].filter((s) => RAW_KEY.test(s));
}

const actor = { uuid: "Actor.a", name: `<img src=x onerror="alert(1)">Garret` };
const item = { uuid: "Actor.a.Item.s", name: "Longsword <i>of</i> Ash" };
const weapon = { baseDamage: "4k2", penetration: 4, damageType: "fire" };

function attackCard(
  rows: Array<{ name: string; data: FadeAttackRow; applied?: AppliedMark }>,
  data: Partial<FadeAttackData> = {},
) {
  const card = newCard<FadeAttackData, FadeAttackRow>({
    ruleSet: "fade",
    kind: "attack",
    actor,
    data: {
      item,
      weapon,
      choices: { modifiers: ["flanking", "calledShot"], calledShot: "head" },
      pool: "5k3",
      attackRoll: 0,
      luckReroll: false,
      rerolled: false,
      ...data,
    },
    targets: rows.map((r, i) => ({ uuid: `Actor.t${i}`, name: r.name, data: r.data })),
  });
  return { ...card, targets: card.targets.map((t, i) => ({ ...t, applied: rows[i]!.applied ?? null })) };
}

const hitRow: FadeAttackRow = {
  defense: { id: "defense", vsSpells: false, value: 19 },
  result: "criticalHit",
  damageRoll: 1,
  locationRoll: null,
  part: "head",
  damage: 27,
  dodge: null,
};

/** What applying a hit stores for the row (as the GM's apply writes it). */
function applied(summary: FadeAppliedSummary): AppliedMark {
  return { by: "gm1", at: 1, summary: summary as unknown as Record<string, unknown> };
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe("Fade attack card", () => {
  it("shows the roll once, then a row per target with its Defense, the result and the hit's damage", async () => {
    const card = attackCard([
      { name: "Goblin & co", data: hitRow },
      { name: "Second <b>goblin</b>", data: { ...hitRow, result: "miss", damageRoll: null, part: null, damage: null } },
    ]);
    const page = await show(
      "attack-critical",
      "rulesets/fade/attack-card.hbs",
      attackCardView(card, {
        rollHtml: [diceHtml("5k3", [10, 10, 10, 3, 2]), diceHtml("7k3", [10, 10, 7, 1, 1, 1, 1])],
      }),
      360,
    );
    expect(await rawKeys(page)).toEqual([]);
    expect(await page.locator("#message img, #message b").count()).toBe(0);
    expect(await page.textContent(".anthology-fade-card-title")).toBe(
      `<img src=x onerror="alert(1)">Garret attacks with Longsword <i>of</i> Ash`,
    );
    expect(await page.locator(".anthology-roll").count()).toBe(2);
    const rows = page.locator(".anthology-fade-card-row");
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).locator(".anthology-fade-card-versus").textContent()).toContain(
      "Against Goblin & co's Defense 19",
    );
    expect(await rows.nth(0).locator(".anthology-fade-card-result").textContent()).toBe("Critical hit");
    expect(
      await rows
        .nth(0)
        .locator(".anthology-fade-card-row .anthology-fade-card-note, .anthology-fade-card-note")
        .first()
        .textContent(),
    ).toContain("27 damage, to the Head");
    expect(await rows.nth(0).locator('button[data-anthology-action="apply"]').getAttribute("data-target")).toBe("0");
    // A miss has no damage and nothing to apply.
    expect(await rows.nth(1).locator(".anthology-fade-card-result").textContent()).toBe("Miss");
    expect(await rows.nth(1).locator("button").count()).toBe(0);
    expect(await page.locator(".anthology-fade-card-modifiers li").allTextContents()).toEqual([
      "Flanking (+1k0 to hit)",
      "Called shot (-2k0 to hit)",
    ]);
    expect(await page.locator('button[data-anthology-action="luckReroll"]').textContent()).toContain("Luck reroll");
    expect(await page.locator('button[data-anthology-action="rollDamage"]').count()).toBe(0);
    const colour = await rows
      .nth(0)
      .locator(".anthology-fade-card-result")
      .evaluate((e) => getComputedStyle(e).color);
    expect(colour).toBe("rgb(46, 107, 48)");
    await page.close();
  });

  it("notes a critical failure's -2k0 next turn; says when a spell meets defenses against spells", async () => {
    const card = attackCard(
      [
        {
          name: "Goblin",
          data: {
            defense: { id: "avoid", vsSpells: true, value: 14 },
            result: "criticalFailure",
            damageRoll: null,
            locationRoll: null,
            part: null,
            damage: null,
            dodge: null,
          },
        },
      ],
      { choices: {} },
    );
    const page = await show(
      "attack-critical-failure",
      "rulesets/fade/attack-card.hbs",
      attackCardView(card, { rollHtml: [diceHtml("6k3", [1, 2, 3, 1, 1, 1])] }),
    );
    expect(await rawKeys(page)).toEqual([]);
    expect(await page.textContent(".anthology-fade-card-result")).toBe(
      "Critical failure: -2k0 to all checks next turn",
    );
    expect(await page.textContent(".anthology-fade-card-versus")).toContain("Avoid against spells 14");
    expect(await page.locator('button[data-anthology-action="apply"]').count()).toBe(0);
    await page.close();
  });

  it("leaves the judgement to the GM without a target, and offers Roll damage", async () => {
    const page = await show(
      "attack-no-target",
      "rulesets/fade/attack-card.hbs",
      attackCardView(attackCard([]), { rollHtml: [diceHtml("6k3", [5, 5, 5, 1, 1, 1])] }),
    );
    expect(await page.textContent(".anthology-fade-card-versus")).toContain("No target");
    expect(await page.locator(".anthology-fade-card-result").count()).toBe(0);
    expect(await page.locator('button[data-anthology-action="rollDamage"]').count()).toBe(1);
    await page.close();
  });

  it("shows an applied row's every step, the HP change, the health state, the effect, and Undo", async () => {
    // The fighter takes a critical called shot to the body from a fire weapon.
    const derived = derive(fadeSource(fighterSystem, fighterItems).source);
    const result = applyDamage({
      damage: 27,
      penetration: 4,
      deflection: derived.deflection.body,
      soak: derived.soak,
      critical: true,
      damageType: "fire",
      energy: { resistances: { fire: 3 }, weaknesses: [] },
    });
    const card = attackCard([
      {
        name: "Garret <b>the Grey</b>",
        data: { ...hitRow, part: "body" },
        applied: applied({
          part: "body",
          steps: result.steps,
          negatedBy: result.negatedBy,
          hpBefore: 22,
          hpAfter: 22 + result.hpChange,
          hpChange: result.hpChange,
          healthState: "conscious",
          effectKey: "ANTHOLOGY.Fade.CalledShot.bodyCritical",
          statuses: ["fade-bleeding"],
          bleed: 6,
        }),
      },
    ]);
    const page = await show(
      "attack-applied",
      "rulesets/fade/attack-card.hbs",
      attackCardView(card, {
        rollHtml: [diceHtml("5k3", [10, 10, 10, 3, 2]), diceHtml("7k3", [10, 10, 7, 1, 1, 1, 1])],
      }),
      360,
    );
    expect(await rawKeys(page)).toEqual([]);
    expect(await page.locator("#message b").count()).toBe(0);
    const steps = await page.locator(".anthology-fade-step").allInnerTexts();
    expect(steps.map((s) => s.replace(/\s+/g, " "))).toEqual([
      "Deflection 5 less Penetration 4: 1 off the damage 27 → 26",
      "fire Resistance 3 off the damage 26 → 23",
      "Critical hit: damage doubled 23 → 46",
      "Divided by Soak 4, rounded down 46 → 11",
    ]);
    expect((await page.textContent(".anthology-fade-card-hp"))!.replace(/\s+/g, " ").trim()).toBe(
      "HP 22 → 11 (-11) Conscious",
    );
    expect(await page.textContent(".anthology-fade-card-effect")).toContain(
      "Called shot: Bleeds 1d5+2 damage a round for 2 rounds",
    );
    expect(await page.textContent(".anthology-fade-card-effect small")).toBe("Bleeds 6 a round");
    expect(await page.locator(".anthology-fade-card-statuses li").allTextContents()).toEqual(["Bleeding"]);
    expect(await page.isDisabled('button[data-anthology-action="apply"]')).toBe(true);
    expect(await page.textContent('button[data-anthology-action="apply"]')).toContain("Applied");
    expect(await page.locator('button[data-anthology-action="undo"]').count()).toBe(1);
    await page.close();
  });
});

describe("Fade damage card", () => {
  function damageCard(rows: Array<{ name: string; data: FadeDamageRow; applied?: AppliedMark }>) {
    const card = newCard<FadeDamageData, FadeDamageRow>({
      ruleSet: "fade",
      kind: "damage",
      actor,
      data: { item, weapon, choices: {}, pool: "7k3", damageRoll: 0 },
      targets: rows.map((r, i) => ({ uuid: `Actor.t${i}`, name: r.name, data: r.data })),
    });
    return { ...card, targets: card.targets.map((t, i) => ({ ...t, applied: rows[i]!.applied ?? null })) };
  }

  it("shows the damage dice, Penetration and type, where it lands on each target, and Apply", async () => {
    const card = damageCard([{ name: "Goblin & co", data: { locationRoll: 1, part: "body" } }]);
    const page = await show(
      "damage",
      "rulesets/fade/damage-card.hbs",
      damageCardView(card, { rollHtml: [diceHtml("7k3", [10, 10, 7, 1, 1, 1, 1]), diceHtml("1d10", [6])] }),
    );
    expect(await rawKeys(page)).toEqual([]);
    expect(await page.locator(".anthology-fade-card-facts dd").allTextContents()).toEqual(["4", "fire"]);
    expect(await page.textContent(".anthology-fade-card-row .anthology-fade-card-versus")).toContain(
      "On Goblin & co: the Body",
    );
    expect(await page.isEnabled('button[data-anthology-action="apply"]')).toBe(true);
    // Luck never rerolls damage.
    expect(await page.locator('button[data-anthology-action="luckReroll"]').count()).toBe(0);
    await page.close();
  });

  it("says when Deflection negates the hit and when the target dies", async () => {
    const dead = damageCard([
      {
        name: "Goblin",
        data: { locationRoll: null, part: "head" },
        applied: applied({
          part: "head",
          steps: applyDamage({ damage: 40, soak: 1 }).steps,
          negatedBy: null,
          hpBefore: 3,
          hpAfter: -37,
          hpChange: -40,
          healthState: "dead",
          effectKey: null,
          statuses: [],
          bleed: null,
        }),
      },
    ]);
    const page = await show(
      "damage-applied-dead",
      "rulesets/fade/damage-card.hbs",
      damageCardView(dead, { rollHtml: [diceHtml("7k3", [10, 10, 10, 10, 1, 1, 1])] }),
    );
    expect(await page.textContent(".anthology-fade-card-health")).toBe("Dead");
    await page.close();
    const negated = damageCard([
      {
        name: "Goblin",
        data: { locationRoll: null, part: "head" },
        applied: applied({
          part: "head",
          steps: applyDamage({ damage: 3, deflection: 6, soak: 2 }).steps,
          negatedBy: "deflection",
          hpBefore: 10,
          hpAfter: 10,
          hpChange: 0,
          healthState: "conscious",
          effectKey: null,
          statuses: [],
          bleed: null,
        }),
      },
    ]);
    const second = await show(
      "damage-applied-negated",
      "rulesets/fade/damage-card.hbs",
      damageCardView(negated, { rollHtml: [diceHtml("7k3", [1, 1, 1, 1, 1, 1, 1])] }),
    );
    expect(await second.textContent(".anthology-fade-applied .anthology-fade-card-result")).toBe(
      "Negated by Deflection",
    );
    expect(await rawKeys(second)).toEqual([]);
    await second.close();
  });
});

describe("Fade dodge card and roll dialog", () => {
  it("tells what a dodge adds to the defense", async () => {
    const card = newCard<FadeCheckData, Record<string, never>>({
      ruleSet: "fade",
      kind: "check",
      actor: { uuid: "Actor.a", name: "Garret" },
      data: { item: null, choices: {}, pool: "6k1", total: 9, impossible: false, luckReroll: false, rerolled: false },
      targets: [],
    });
    const page = await show(
      "dodge",
      "rulesets/fade/check-card.hbs",
      checkCardView(card, { rollHtml: [diceHtml("6k1", [9, 2, 3, 1, 1, 1])] }),
    );
    expect(await rawKeys(page)).toEqual([]);
    expect(await page.textContent(".anthology-fade-card-title")).toContain("Garret dodges");
    expect(await page.textContent(".anthology-fade-card-note")).toBe(
      "Adds 9 to the Defense or Avoid of the next attack against them this turn.",
    );
    expect(await page.locator('button[data-anthology-action="luckReroll"]').count()).toBe(1);
    await page.close();
  });

  it("shows a skill check against its DC, a critical failure, and the GM's total without one", async () => {
    const skill = (data: Partial<FadeSkillData>) =>
      newCard<FadeSkillData, Record<string, never>>({
        ruleSet: "fade",
        kind: "skill",
        actor: { uuid: "Actor.a", name: "Garret <b>" },
        data: {
          skill: "stealth",
          choices: {},
          pool: "6k3+2",
          total: 23,
          impossible: false,
          dc: 15,
          success: true,
          criticalFailure: false,
          luckReroll: false,
          rerolled: false,
          ...data,
        },
        targets: [],
      });
    const made = await show(
      "skill",
      "rulesets/fade/skill-card.hbs",
      skillCardView(skill({}), { rollHtml: [diceHtml("6k3+2", [9, 7, 5, 3, 2, 1])] }),
    );
    expect(await rawKeys(made)).toEqual([]);
    expect((await made.textContent(".anthology-fade-card-title"))!.replace(/\s+/g, " ").trim()).toBe(
      "Garret <b>: Stealth Free action",
    );
    expect(await made.textContent(".anthology-fade-skill-vs")).toBe("Against DC 15");
    expect(await made.textContent(".anthology-fade-card-result")).toBe("Success");
    await made.close();
    const fumbled = await show(
      "skill-critical-failure",
      "rulesets/fade/skill-card.hbs",
      skillCardView(skill({ total: 5, success: false, criticalFailure: true }), { rollHtml: [] }),
    );
    expect(await fumbled.textContent(".anthology-fade-card-result")).toBe(
      "Critical failure: −2k0 on the next turn's checks",
    );
    await fumbled.close();
    const open = await show(
      "skill-no-dc",
      "rulesets/fade/skill-card.hbs",
      skillCardView(skill({ dc: null, success: null }), { rollHtml: [] }),
    );
    expect(await open.textContent(".anthology-fade-skill-vs")).toBe("Total 23: the GM judges");
    expect(await open.locator(".anthology-fade-card-result").count()).toBe(0);
    await open.close();
  });

  it("offers the text's modifiers with the live chance to hit the target", async () => {
    const derived = derive(fadeSource(fighterSystem, fighterItems).source);
    const view = rollDialogView({
      kind: "attack",
      derived,
      weapon: { baseDamage: "4k2", canTwoHand: true },
      target: { name: "Goblin <i>", derived: derive({ ...fadeSource(fighterSystem).source, agility: 3, luck: 2 }) },
      statuses: new Set(["fade-critical-failure"]),
    });
    const page = await show("roll-dialog", "rulesets/fade/roll-dialog.hbs", view, 420);
    expect(await rawKeys(page)).toEqual([]);
    expect(await page.textContent(".anthology-fade-dialog-target")).toContain("Against Goblin <i>");
    const modifiers = await page
      .locator('input[name="modifiers"]')
      .evaluateAll((els) => els.map((e) => [(e as HTMLInputElement).value, (e as HTMLInputElement).checked]));
    expect(modifiers).toEqual([
      ["flanking", false],
      ["calledShot", false],
      ["charge", false],
      ["twoHanding", false],
      ["criticalFailure", true],
      ["armHit", false],
      ["armSevered", false],
    ]);
    expect(await page.getAttribute(".anthology-fade-odds", "data-anthology-odds")).toBe("4k3");
    expect(await page.getAttribute(".anthology-fade-odds", "data-anthology-odds-vs")).toBe("19");
    expect(await page.textContent(".anthology-fade-odds-hint")).toMatch(/^\d+(\.\d+)?% to reach 19 · critical /);
    expect(await page.locator('select[name="location"] option').count()).toBe(6);
    expect(await page.locator('select[name="defense"] option').count()).toBe(4);
    await page.close();
  });
});

describe("Fade bleed card", () => {
  it("says who bleeds how much, then the HP and state once applied, with Undo; names stay text", async () => {
    const card = newCard<FadeBleedData, Record<string, never>>({
      ruleSet: "fade",
      kind: "bleed",
      actor,
      data: { bleed: 3 },
      targets: [{ ...actor, data: {} }],
    });
    const tick = { ...card, targets: card.targets.map((t) => ({ ...t, applied: null })) };
    const page = await show("bleed", "rulesets/fade/bleed-card.hbs", bleedCardView(tick));
    expect(await rawKeys(page)).toEqual([]);
    expect(await page.textContent(".anthology-fade-bleed")).toBe(`${actor.name} bleeds 3.`);
    expect(await page.locator("img").count()).toBe(0);
    expect(await page.locator('button[data-anthology-action="undo"]').count()).toBe(0);
    await page.close();

    const done = {
      ...card,
      targets: card.targets.map((t) => ({
        ...t,
        applied: { by: "gm1", at: 1, summary: { before: 1, after: -2, state: "unconscious" } },
      })),
    };
    const after = await show("bleed-applied", "rulesets/fade/bleed-card.hbs", bleedCardView(done));
    expect(await rawKeys(after)).toEqual([]);
    expect(await after.textContent(".anthology-fade-card-hp")).toMatch(/HP 1 → -2\s+Unconscious/);
    expect(await after.locator('button[data-anthology-action="undo"]').count()).toBe(1);
    await after.close();
  });
});
