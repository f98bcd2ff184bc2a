import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newCard, type AppliedMark, type CardRef } from "../../src/play/card";
import type {
  HodAttackData,
  HodAttackRow,
  HodCheckData,
  HodDamageData,
  HodDefenseResult,
  HodSpecialData,
  HodSpecialRow,
  HodStanceData,
} from "../../src/rulesets/hod/chat/card-data";
import {
  attackCardView,
  checkCardView,
  restCardView,
  damageCardView,
  specialCardView,
  stanceCardView,
  type HodAppliedSummary,
} from "../../src/rulesets/hod/chat/views";
import { attackDialogView, checkDialogView, damageDialogView } from "../../src/rulesets/hod/chat/dialog-form";
import { weaponOf } from "../../src/rulesets/hod/chat/documents";
import { parse, roll, rollCard, scriptedDie } from "../../src/dice";
import { applyDamage, type HodDamageState } from "../../src/rulesets/hod/rules/health";
import { specialAction } from "../../src/rulesets/hod/rules/special-actions";
import { launchBrowser, renderTemplate, screenshot } from "./harness";

// Heroes of Destiny's cards and roll dialog: the real templates with the views the flows build, and
// the compiled CSS, in Chromium.

let browser: Browser;
const RAW_KEY = /ANTHOLOGY\.|TYPES\./;

const diceHtml = (formula: string, faces: number[]) =>
  renderTemplate("chat/roll-card.hbs", { card: rollCard(roll(parse(formula), { die: scriptedDie(faces) })) });

async function show(name: string, template: string, context: object, width = 340): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 200 } });
  const css = await import("node:fs").then((fs) => fs.readFileSync("dist/styles/anthology.css", "utf8"));
  await page.setContent(
    `<!doctype html><html><head><meta charset="utf-8"><style>${css}</style></head>` +
      `<body style="margin:8px;font-family:sans-serif"><div id="message" class="chat-message">` +
      `${renderTemplate(template, context)}</div></body></html>`,
  );
  await screenshot(page, `hod-${name}`);
  return page;
}

async function rawKeys(page: Page): Promise<string[]> {
  const text = await page.locator("#message").innerText();
  const titles = await page
    .locator("[title], [aria-label], option")
    .evaluateAll((els) =>
      els.flatMap((e) => [e.getAttribute("title") ?? "", e.getAttribute("aria-label") ?? "", e.textContent ?? ""]),
    );
  return [text, ...titles].filter((s) => RAW_KEY.test(s));
}

const squash = (s: string | null) => (s ?? "").replace(/\s+/g, " ").trim();

const sword = weaponOf({
  name: "Longsword",
  system: {
    category: "lightSwords",
    damage: "1d8",
    speedClass: "standard",
    proficient: true,
    durability: { value: 1, max: 10 },
  },
});

const actor: CardRef = { uuid: "Actor.a", name: `<img src=x onerror="alert(1)">Garret` };
const item: CardRef = { uuid: "Actor.a.Item.s", name: "Longsword <i>of</i> Ash" };

/** A card's rows with their targets' names and, for applied rows, the mark the GM wrote. */
type Rows<T> = Array<{ name: string; data: T; applied?: AppliedMark }>;

function card<D, T>(kind: string, data: D, rows: Rows<T>, by: CardRef = actor) {
  const made = newCard<D, T>({
    ruleSet: "hod",
    kind,
    actor: by,
    data,
    targets: rows.map((r, i) => ({ uuid: `Actor.t${i}`, name: r.name, data: r.data })),
  });
  return { ...made, targets: made.targets.map((t, i) => ({ ...t, applied: rows[i]!.applied ?? null })) };
}

/** What applying a hit stores for its row (as the GM's apply writes it). */
function applied(before: HodDamageState, damage: number, nonlethal = false): AppliedMark {
  const r = applyDamage(before, { damage, nonlethal });
  const summary: HodAppliedSummary = {
    damage,
    nonlethal,
    before,
    after: {
      hp: r.hp,
      fatigue: r.fatigue,
      thresholdOfPain: r.thresholdOfPain,
      bonusHp: r.bonusHp,
      invigoration: r.invigoration,
    },
    wounded: r.wounded,
    dying: r.dying,
    dead: r.dead,
    unconsciousCheck: r.unconsciousCheck,
  };
  return { by: "gm1", at: 1, summary: summary as unknown as Record<string, unknown> };
}

const attackData: HodAttackData = {
  item,
  weapon: sword,
  choices: { defense: "primary", modifiers: ["flanked", "coverHalf"] },
  modifiers: [
    { id: "proficient", value: 1 },
    { id: "flanked", value: 2 },
    { id: "coverHalf", value: -4 },
    { id: "stance", value: -2 },
  ],
  base: 5,
  formula: "1d20 + 2",
  attackRoll: 0,
  natural: 20,
  total: 22,
  fumble: false,
  durabilityLeft: null,
  damageRolled: false,
  schedule: { state: "due", tc: 6 },
};

const hitDefense: HodDefenseResult = {
  id: "primary",
  met: "primary",
  value: 17,
  stance: "cautious",
  stanceModifier: 2,
  hit: true,
  critical: true,
  margin: 5,
  automatic: false,
};

const critRow: HodAttackRow = {
  defense: hitDefense,
  damage: {
    roll: 1,
    extraRoll: null,
    formula: "8 + 4",
    rolled: 12,
    total: 12,
    critical: true,
    nonlethal: false,
    factor: 1,
  },
};

const missRow: HodAttackRow = {
  defense: { ...hitDefense, value: 25, stance: null, stanceModifier: 0, hit: false, critical: false, margin: -3 },
  damage: null,
};

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe("Heroes of Destiny attack card", () => {
  it("shows the bonus and modifiers and the d20 once, then a row per target: the defense met, the outcome, the damage rolled with it", async () => {
    const attack = card<HodAttackData, HodAttackRow>("attack", attackData, [
      { name: "Goblin & co", data: critRow },
      { name: "Second <b>goblin</b>", data: missRow },
    ]);
    const page = await show(
      "attack-critical",
      "rulesets/hod/attack-card.hbs",
      attackCardView(attack, { rollHtml: [diceHtml("1d20+2", [20]), diceHtml("8+4", [])] }),
      380,
    );
    expect(await rawKeys(page)).toEqual([]);
    expect(await page.locator("#message img, #message b").count()).toBe(0);
    expect(await page.locator("#message i:not([inert])").count()).toBe(0);
    expect(await page.textContent(".anthology-hod-card-title")).toBe(
      `<img src=x onerror="alert(1)">Garret attacks with Longsword <i>of</i> Ash`,
    );
    expect(await page.locator(".anthology-hod-card-modifiers li").allTextContents()).toEqual([
      "Attack bonus +5",
      "Proficient with the weapon (+1)",
      "Target flanked, melee only (+2)",
      "Target in half cover (−4)",
      "Stance −2",
    ]);
    expect(await page.locator(".anthology-roll").count()).toBe(2);
    const rows = page.locator(".anthology-hod-card-row");
    expect(await rows.count()).toBe(2);
    expect(squash(await rows.nth(0).locator(".anthology-hod-card-versus").textContent())).toBe(
      "Against Goblin & co's Primary 17 (+5) (Cautious stance)",
    );
    expect(await rows.nth(0).locator(".anthology-hod-card-result").textContent()).toBe("Critical hit");
    expect(squash(await rows.nth(0).locator(".anthology-hod-card-hit").textContent())).toBe("12 damage Lethal");
    expect(await rows.nth(0).locator('button[data-anthology-action="apply"]').getAttribute("data-target")).toBe("0");
    // A miss has no damage and nothing to apply.
    expect(await rows.nth(1).locator(".anthology-hod-card-result").textContent()).toBe("Miss");
    expect(squash(await rows.nth(1).locator(".anthology-hod-card-versus").textContent())).toBe(
      "Against Second <b>goblin</b>'s Primary 25 (−3)",
    );
    expect(await rows.nth(1).locator("button").count()).toBe(0);
    expect(await page.textContent(".anthology-hod-card-schedule")).toBe(
      `Recorded on the Time Count: <img src=x onerror="alert(1)">Garret acted at TC 6.`,
    );
    expect(await page.locator('button[data-anthology-action="rollDamage"]').count()).toBe(0);
    const colour = await rows
      .nth(0)
      .locator(".anthology-hod-card-result")
      .evaluate((e) => getComputedStyle(e).color);
    expect(colour).toBe("rgb(46, 107, 48)");
    await page.close();
  });

  it("lists what the roller typed in the dialog, for the GM to see before applying", async () => {
    const typed = card<HodAttackData, HodAttackRow>(
      "attack",
      { ...attackData, choices: { ...attackData.choices, modifier: 3, damageModifier: -2, extraDice: "1d6" } },
      [{ name: "Goblin", data: critRow }],
    );
    const page = await show("attack-typed", "rulesets/hod/attack-card.hbs", attackCardView(typed, { rollHtml: [] }));
    expect(await rawKeys(page)).toEqual([]);
    expect(squash(await page.textContent(".anthology-hod-card-typed"))).toBe(
      "Typed in the dialog: +3 to hit, -2 damage, 1d6 extra damage",
    );
    // Nothing typed, nothing listed.
    const plain = await show(
      "attack-untyped",
      "rulesets/hod/attack-card.hbs",
      attackCardView(card<HodAttackData, HodAttackRow>("attack", attackData, []), { rollHtml: [] }),
    );
    expect(await plain.locator(".anthology-hod-card-typed").count()).toBe(0);
    await page.close();
    await plain.close();
  });

  it("tells a fumble's cost, a weapon that may break, and that the attacker was not due", async () => {
    const fumbled = card<HodAttackData, HodAttackRow>(
      "attack",
      {
        ...attackData,
        natural: 1,
        total: 3,
        fumble: true,
        durabilityLeft: 0,
        schedule: { state: "notDue", tc: 6, next: 9 },
      },
      [{ name: "Goblin", data: { ...missRow, defense: { ...missRow.defense, value: 17, margin: -14 } } }],
    );
    const page = await show(
      "attack-fumble",
      "rulesets/hod/attack-card.hbs",
      attackCardView(fumbled, { rollHtml: [diceHtml("1d20+2", [1])] }),
    );
    expect(await rawKeys(page)).toEqual([]);
    expect(await page.textContent(".anthology-hod-card-row .anthology-hod-card-result")).toBe("Critical fumble");
    expect(await page.textContent(".anthology-hod-card-fumble")).toContain("the turn ends");
    expect(await page.textContent(".anthology-hod-card-durability")).toBe(
      "Longsword <i>of</i> Ash is down to 0 durability and may break.",
    );
    expect(await page.textContent(".anthology-hod-card-schedule")).toContain("acts at TC 9, the count is at 6");
    expect(await page.locator("button").count()).toBe(0);
    await page.close();
  });

  it("leaves the judgement to the GM without a target, and offers Roll damage", async () => {
    const page = await show(
      "attack-no-target",
      "rulesets/hod/attack-card.hbs",
      attackCardView(card<HodAttackData, HodAttackRow>("attack", { ...attackData, schedule: { state: "none" } }, []), {
        rollHtml: [diceHtml("1d20+2", [20])],
      }),
    );
    expect(await page.textContent(".anthology-hod-card-versus")).toContain("No target");
    expect(await page.locator(".anthology-hod-card-result").count()).toBe(0);
    expect(await page.textContent(".anthology-hod-card-note")).toContain("Natural 20: a critical hit");
    expect(await page.locator(".anthology-hod-card-schedule").count()).toBe(0);
    expect(await page.locator('button[data-anthology-action="rollDamage"]').textContent()).toContain("Roll damage");
    await page.close();
  });

  it("shows an applied row's every step: Threshold of Pain, fatigue, bonus HP, Invigoration, HP, the check due, Undo", async () => {
    const before = { hp: 8, fatigue: 10, thresholdOfPain: 3, bonusHp: 2, invigoration: 1 };
    const hit = card<HodAttackData, HodAttackRow>("attack", attackData, [
      { name: "Goblin <b>the Grey</b>", data: critRow, applied: applied(before, 12) },
    ]);
    const page = await show(
      "attack-applied",
      "rulesets/hod/attack-card.hbs",
      attackCardView(hit, { rollHtml: [diceHtml("1d20+2", [20]), diceHtml("8+4", [])] }),
      380,
    );
    expect(await rawKeys(page)).toEqual([]);
    expect(await page.locator("#message b").count()).toBe(0);
    expect(await page.textContent(".anthology-hod-applied-title")).toBe("Goblin <b>the Grey</b> takes 12 damage");
    const steps = (await page.locator(".anthology-hod-step").allInnerTexts()).map(squash);
    expect(steps).toEqual([
      "Above the Threshold of Pain (3): the Threshold goes to fatigue, the rest to hit points",
      "Fatigue +3 10 → 13",
      "Bonus hit points absorb 2",
      "Invigoration absorbs 1",
      "Hit points −6 8 → 2",
      "Threshold of Pain, one hit lower 3 → 2",
    ]);
    expect(await page.locator(".anthology-hod-card-states li").allTextContents()).toEqual([
      "Dying (fatigue at twice the hit points)",
    ]);
    expect(await page.textContent(".anthology-hod-card-check-due")).toContain("Constitution check (DC 11)");
    expect(await page.locator('button[data-anthology-action="consciousness"]').textContent()).toContain(
      "Constitution check (DC 11)",
    );
    expect(await page.locator('button[data-anthology-action="consciousness"]').getAttribute("data-target")).toBe("0");
    expect(await page.isDisabled('button[data-anthology-action="apply"]')).toBe(true);
    expect(await page.textContent('button[data-anthology-action="apply"]')).toContain("Applied");
    expect(await page.locator('button[data-anthology-action="undo"]').count()).toBe(1);
    await page.close();
  });
});

describe("Heroes of Destiny damage and check cards", () => {
  const damageData: HodDamageData = {
    item,
    choices: { critical: false, nonlethal: true, modifier: -10, extraDice: "" },
    damageType: "slashing",
    formula: "1d8 - 6",
    damageRoll: 0,
    extraRoll: null,
    factor: 1,
    special: null,
    rolled: -4,
    total: 1,
  };

  it("shows the dice, the damage (at least 1), nonlethal, and a row per target with Apply", async () => {
    const page = await show(
      "damage",
      "rulesets/hod/damage-card.hbs",
      damageCardView(card("damage", damageData, [{ name: "Goblin & co", data: {} }]), {
        rollHtml: [diceHtml("1d8-6", [2])],
      }),
    );
    expect(await rawKeys(page)).toEqual([]);
    expect(await page.textContent(".anthology-hod-card-total")).toBe("1");
    expect(await page.textContent(".anthology-hod-card-kind")).toBe("Nonlethal");
    expect(await page.textContent(".anthology-hod-card-raised")).toBe(
      "The dice came to -4; a hit always deals at least 1.",
    );
    expect(await page.textContent(".anthology-hod-card-row .anthology-hod-card-versus")).toContain(
      "To apply to Goblin & co",
    );
    expect(await page.isEnabled('button[data-anthology-action="apply"]')).toBe(true);
    await page.close();
    const critical = await show(
      "damage-critical",
      "rulesets/hod/damage-card.hbs",
      damageCardView(
        card(
          "damage",
          {
            ...damageData,
            choices: { ...damageData.choices, critical: true, nonlethal: false },
            formula: "8 + 4",
            rolled: 12,
            total: 12,
          },
          [
            {
              name: "Goblin",
              data: {},
              applied: applied({ hp: 3, fatigue: 0, thresholdOfPain: 0, bonusHp: 0, invigoration: 0 }, 12),
            },
          ],
        ),
        { rollHtml: [diceHtml("8+4", [])] },
      ),
    );
    expect(await critical.textContent(".anthology-hod-card-result")).toContain("Critical hit");
    expect(await critical.textContent(".anthology-hod-card-damage-type")).toBe("Slashing");
    expect(await critical.locator(".anthology-hod-card-states li").allTextContents()).toEqual([
      "Dead",
      "Wounded (Threshold of Pain 0)",
    ]);
    expect(await critical.locator('button[data-anthology-action="consciousness"]').count()).toBe(0);
    expect(await critical.isDisabled('button[data-anthology-action="apply"]')).toBe(true);
    await critical.close();
    const nonlethal = await show(
      "damage-applied-nonlethal",
      "rulesets/hod/damage-card.hbs",
      damageCardView(
        card("damage", { ...damageData, rolled: 7, total: 7 }, [
          {
            name: "Goblin",
            data: {},
            applied: applied({ hp: 8, fatigue: 0, thresholdOfPain: 3, bonusHp: 0, invigoration: 0 }, 7, true),
          },
        ]),
        { rollHtml: [diceHtml("1d8-6", [8])] },
      ),
    );
    expect(await rawKeys(nonlethal)).toEqual([]);
    expect(await nonlethal.textContent(".anthology-hod-applied-title")).toBe("Goblin takes 7 nonlethal damage");
    expect(squash(await nonlethal.textContent(".anthology-hod-step.threshold"))).toBe(
      "Nonlethal: it only tires, whatever the Threshold of Pain",
    );
    await nonlethal.close();
  });

  it("shows what a rest brought back, or that there was nothing to recover", async () => {
    const page = await show(
      "rest",
      "rulesets/hod/rest-card.hbs",
      restCardView(
        card(
          "rest",
          {
            bedRest: true,
            invigoration: 3,
            impairments: ["piercing", "slashing"],
            attributes: ["strength"],
            petrification: 3,
          },
          [],
          { uuid: "Actor.g", name: "Hadwin <b>" },
        ),
        { rollHtml: [diceHtml("1d100", [42])] },
      ),
    );
    expect(await rawKeys(page)).toEqual([]);
    expect(squash(await page.textContent(".anthology-hod-card-title"))).toBe("Hadwin <b> spends a day in bed");
    expect(await page.locator(".anthology-hod-rest-list li").allTextContents()).toEqual([
      "3 Invigoration fades with sleep",
      "One Piercing impairment heals",
      "One Slashing impairment heals",
      "Strength recovers a point",
      "3 point(s) of petrification wear off",
    ]);
    await page.close();
    const quiet = await show(
      "rest-nothing",
      "rulesets/hod/rest-card.hbs",
      restCardView(
        card("rest", { bedRest: false, invigoration: 0, impairments: [], attributes: [], petrification: 0 }, [], {
          uuid: "Actor.g",
          name: "Hadwin",
        }),
        { rollHtml: [] },
      ),
    );
    expect(await quiet.locator(".anthology-hod-rest-list li").allTextContents()).toEqual(["Nothing to recover"]);
    await quiet.close();
  });

  it("shows a try to regain consciousness: woken, or when the next try comes with its 1d10", async () => {
    const wake: HodCheckData = {
      attribute: "constitution",
      modifier: 0,
      formula: "3d6 + 1",
      natural: 7,
      total: 8,
      dc: 9,
      success: false,
      margin: -1,
      consciousness: false,
      unconsciousTc: null,
      waking: true,
      recheckTc: 6,
    };
    const failed = await show(
      "check-wake-failed",
      "rulesets/hod/check-card.hbs",
      checkCardView(card("check", wake, [], { uuid: "Actor.g", name: "Hadwin" }), {
        rollHtml: [diceHtml("3d6+1", [2, 2, 3]), diceHtml("1d10", [6])],
      }),
    );
    expect(await rawKeys(failed)).toEqual([]);
    expect(squash(await failed.textContent(".anthology-hod-card-title"))).toBe("Hadwin tries to regain consciousness");
    expect(await failed.textContent(".anthology-hod-card-recheck")).toBe(
      "Hadwin stays unconscious: the next try comes 6 TC later.",
    );
    expect(await failed.locator(".anthology-hod-card-woke").count()).toBe(0);
    await failed.close();
    const woke = await show(
      "check-wake",
      "rulesets/hod/check-card.hbs",
      checkCardView(
        card("check", { ...wake, natural: 12, total: 13, success: true, margin: 4, recheckTc: null }, [], {
          uuid: "Actor.g",
          name: "Hadwin",
        }),
        { rollHtml: [diceHtml("3d6+1", [4, 4, 4])] },
      ),
    );
    expect(await woke.textContent(".anthology-hod-card-woke")).toBe("Hadwin comes to.");
    expect(await woke.locator(".anthology-hod-card-recheck").count()).toBe(0);
    await woke.close();
  });

  it("shows a check's DC, result and margin, notes a natural 17 or 18, and how long a failed check knocks out", async () => {
    const checkData: HodCheckData = {
      attribute: "constitution",
      modifier: -11,
      formula: "3d6 - 9",
      natural: 17,
      total: 8,
      dc: 11,
      success: false,
      margin: -3,
      consciousness: true,
      unconsciousTc: 30,
      waking: false,
      recheckTc: null,
    };
    const page = await show(
      "check-consciousness",
      "rulesets/hod/check-card.hbs",
      checkCardView(card("check", checkData, [], { uuid: "Actor.g", name: "Goblin & co" }), {
        rollHtml: [diceHtml("3d6-9", [6, 6, 5])],
      }),
    );
    expect(await rawKeys(page)).toEqual([]);
    expect(squash(await page.textContent(".anthology-hod-card-title"))).toBe("Goblin & co fights to stay conscious");
    expect(squash(await page.textContent(".anthology-hod-card-versus"))).toBe("DC 11 (−3)");
    expect(await page.textContent(".anthology-hod-card-result")).toBe("Failure");
    expect(await page.locator(".anthology-hod-card-note").allTextContents()).toEqual([
      "A natural 17 or 18 is not an automatic success.",
    ]);
    expect(await page.textContent(".anthology-hod-card-unconscious")).toBe(
      "Goblin & co falls unconscious for at least 30 TC.",
    );
    await page.close();
    const plain = await show(
      "check",
      "rulesets/hod/check-card.hbs",
      checkCardView(
        card(
          "check",
          {
            ...checkData,
            attribute: "wisdom",
            modifier: 0,
            formula: "3d6 + 1",
            natural: 9,
            total: 10,
            dc: null,
            success: null,
            margin: null,
            consciousness: false,
            unconsciousTc: null,
          },
          [],
          { uuid: "Actor.a", name: "Garret" },
        ),
        { rollHtml: [diceHtml("3d6+1", [3, 3, 3])] },
      ),
    );
    expect(squash(await plain.textContent(".anthology-hod-card-title"))).toBe("Garret makes a Wisdom check");
    expect(await plain.textContent(".anthology-hod-card-versus")).toContain("No DC given");
    await plain.close();
  });
});

/** A special action's card data (a grab of Celerity, 14 + 5 = 19), which each test changes as it needs. */
const SPECIAL_BASE: HodSpecialData = {
  special: "grab",
  item: null,
  weapon: null,
  choices: { defense: "celerity" },
  die: "d20",
  skillRank: null,
  modifiers: [],
  base: 5,
  formula: "1d20 + 5",
  attackRoll: 0,
  natural: 14,
  total: 19,
  fumble: false,
  durabilityLeft: null,
  fatigue: 0,
  unconsciousCheck: null,
  checked: false,
  preparing: false,
  schedule: { state: "none" },
};

describe("Heroes of Destiny special action and stance cards", () => {
  const performer: CardRef = { uuid: "Actor.a", name: "Garret <u>" };
  const throwData: HodSpecialData = {
    ...SPECIAL_BASE,
    special: "throw",
    choices: { defense: "primary" },
    natural: 12,
    total: 17,
    fatigue: 2,
    unconsciousCheck: 1,
    schedule: { state: "due", tc: 12 },
  };
  const result = (id: HodDefenseResult["id"], value: number, margin: number): HodDefenseResult => ({
    id,
    met: id,
    value,
    stance: null,
    stanceModifier: 0,
    hit: margin >= 0,
    critical: false,
    margin,
    automatic: false,
  });
  const throwRow: HodSpecialRow = {
    results: [result("vigor", 11, 6), result("celerity", 14, 3)],
    chosen: null,
    outcomes: [
      "ANTHOLOGY.HoD.Special.throw.hitVigor",
      "ANTHOLOGY.HoD.Special.throw.great5",
      "ANTHOLOGY.HoD.Special.throw.hitCelerity",
    ],
    damage: {
      roll: 1,
      extraRoll: null,
      formula: "1d6 + 3",
      rolled: 7,
      total: 7,
      critical: false,
      nonlethal: false,
      factor: 1,
    },
  };

  it("shows one roll against each defense on the target's row, which effects happened, their damage, the fatigue and the check", async () => {
    const page = await show(
      "special-throw",
      "rulesets/hod/special-card.hbs",
      specialCardView(card("special", throwData, [{ name: "Goblin & co", data: throwRow }], performer), {
        rollHtml: [diceHtml("1d20+5", [12]), diceHtml("1d6+3", [4])],
      }),
      380,
    );
    expect(await rawKeys(page)).toEqual([]);
    expect(await page.locator("#message u").count()).toBe(0);
    expect(squash(await page.textContent(".anthology-hod-card-title"))).toBe("Garret <u>: Throw");
    expect(await page.textContent(".anthology-hod-card-requirement")).toBe("Needs: You are grabbing the target.");
    expect((await page.locator(".anthology-hod-card-defenses li").allInnerTexts()).map(squash)).toEqual([
      "Against Goblin & co's Vigor 11 (+6) Hit",
      "Against Goblin & co's Celerity 14 (+3) Hit",
    ]);
    expect(await page.locator(".anthology-hod-card-effects li.happened").count()).toBe(3);
    expect(await page.locator(".anthology-hod-card-effects li.missed").allTextContents()).toEqual([
      "Beat Vigor by 10: the throw carries 5 ft further.",
    ]);
    expect(squash(await page.textContent(".anthology-hod-card-hit"))).toBe("7 damage Lethal");
    expect(await page.textContent(".anthology-hod-card-fatigue")).toBe("Garret <u> takes 2 fatigue for it.");
    expect(await page.locator('.anthology-hod-card-row button[data-anthology-action="apply"]').count()).toBe(1);
    expect(await page.locator('button[data-anthology-action="fatigueCheck"]').innerText()).toBe(
      "Constitution check (DC 1)",
    );
    await page.close();
  });

  it("halves a quick strike's damage on its row; marks the target's pick for an 'or' action; shows a preparation", async () => {
    const quick = await show(
      "special-quick-strike",
      "rulesets/hod/special-card.hbs",
      specialCardView(
        card(
          "special",
          { ...throwData, special: "quickStrike", item, fatigue: 0, unconsciousCheck: null },
          [
            {
              name: "Goblin",
              data: {
                results: [result("primary", 15, 4)],
                chosen: null,
                outcomes: ["ANTHOLOGY.HoD.Special.quickStrike.hit"],
                damage: {
                  roll: 1,
                  extraRoll: null,
                  formula: "1d6 + 4",
                  rolled: 5,
                  total: 2,
                  critical: false,
                  nonlethal: false,
                  factor: 0.5,
                },
              },
            },
          ],
          performer,
        ),
        { rollHtml: [diceHtml("1d20+5", [14]), diceHtml("1d6+4", [1])] },
      ),
      380,
    );
    expect(await rawKeys(quick)).toEqual([]);
    expect(await quick.textContent(".anthology-hod-card-factor")).toBe(
      "The total is multiplied by 0.5, rounded down (at least 1).",
    );
    expect(await quick.locator(".anthology-hod-card-raised").count()).toBe(0);
    await quick.close();
    const page = await show(
      "special-bull-rush",
      "rulesets/hod/special-card.hbs",
      specialCardView(
        card(
          "special",
          { ...throwData, special: "bullRush", fatigue: 1, unconsciousCheck: null, schedule: { state: "none" } },
          [
            {
              name: "Goblin",
              data: {
                results: [result("vigor", 11, 2), result("celerity", 14, -1)],
                chosen: "celerity",
                outcomes: [],
                damage: null,
              },
            },
          ],
          performer,
        ),
        { rollHtml: [diceHtml("1d20+5", [8])] },
      ),
      380,
    );
    expect(await rawKeys(page)).toEqual([]);
    expect(await page.textContent(".anthology-hod-card-defenses li.chosen")).toContain("the target's choice");
    expect(await page.locator(".anthology-hod-card-effects li.happened").count()).toBe(0);
    expect(await page.locator("button").count()).toBe(0);
    await page.close();
    const prepare = await show(
      "special-preparing",
      "rulesets/hod/special-card.hbs",
      specialCardView(
        card(
          "special",
          {
            ...throwData,
            special: "coupDeGrace",
            item: { uuid: "Actor.a.Item.s", name: "Longsword" },
            preparing: true,
            attackRoll: null,
            fatigue: 0,
            unconsciousCheck: null,
          },
          [],
          performer,
        ),
        { rollHtml: [] },
      ),
      380,
    );
    expect(await rawKeys(prepare)).toEqual([]);
    expect(squash(await prepare.textContent(".anthology-hod-card-title"))).toBe(
      "Garret <u>: Coup de grâce with Longsword",
    );
    expect(await prepare.textContent(".anthology-hod-card-preparing")).toBe(
      "Garret <u> starts preparing (Slow); the attack comes with their next action.",
    );
    await prepare.close();
  });

  it("shows a stance shift: its speed, benefit and drawback, and that only the drawback applies for now", async () => {
    const stance: HodStanceData = {
      stance: "prone",
      from: "",
      shifting: true,
      speedClass: "rapid",
      schedule: { state: "due", tc: 6 },
    };
    const page = await show(
      "stance",
      "rulesets/hod/stance-card.hbs",
      stanceCardView(card("stance", stance, [], { uuid: "Actor.a", name: "Garret" })),
    );
    expect(await rawKeys(page)).toEqual([]);
    expect(squash(await page.textContent(".anthology-hod-card-title"))).toBe("Garret shifts into the Prone stance");
    expect(squash(await page.textContent(".anthology-hod-card-speed"))).toBe("Takes a Rapid action.");
    expect(await page.locator(".anthology-hod-card-stance-effects dd").allTextContents()).toEqual([
      "+4 defense against ranged attacks.",
      "−4 defense against melee, −4 to hit in melee, no ranged weapons but crossbows. Standing up is Swift.",
    ]);
    expect(await page.textContent(".anthology-hod-card-shifting")).toContain("only the drawback applies");
    await page.close();
  });
});

describe("Heroes of Destiny attack card of a thrown weapon", () => {
  it("says how the weapon was used: struck in melee or thrown", async () => {
    const attack = card<HodAttackData, HodAttackRow>(
      "attack",
      { ...attackData, choices: { ...attackData.choices, use: "thrown" } },
      [{ name: "Goblin", data: missRow }],
    );
    const page = await show(
      "attack-thrown",
      "rulesets/hod/attack-card.hbs",
      attackCardView(attack, { rollHtml: [diceHtml("1d20+2", [3])] }),
      380,
    );
    expect(await rawKeys(page)).toEqual([]);
    expect(await page.locator(".anthology-hod-card-modifiers li").nth(1).textContent()).toBe("Thrown");
    await page.close();
  });
});

describe("Heroes of Destiny roll dialog", () => {
  const goblinDefenses = { primary: 15, passive: 13, vigor: 11, celerity: 14, spirit: 10 };

  it("offers the text's modifiers, the defense with its value, the range, each hit's damage and the live chance", async () => {
    const view = attackDialogView({
      kind: "attack",
      source: { accuracy: 2, dexterity: 1, strength: 3 },
      weapon: { ...sword, category: "bows", range: 40, proficient: false, noAffinity: true },
      stance: { stance: "cautious" },
      targets: [{ name: "Goblin <i>", defenses: goblinDefenses, defense: "primary" }],
      damage: { nonlethal: false },
    });
    const page = await show("roll-dialog", "rulesets/hod/roll-dialog.hbs", view, 440);
    expect(await rawKeys(page)).toEqual([]);
    expect(await page.textContent(".anthology-hod-dialog-target")).toContain("Against Goblin <i>");
    expect(await page.locator(".anthology-hod-dialog-fixed li").allTextContents()).toEqual([
      "Attack bonus +3",
      "No affinity for the weapon (−2)",
      "Stance −2",
    ]);
    expect(await page.locator('select[name="defense"] option').allTextContents()).toEqual([
      "Primary (15)",
      "Passive (13)",
      "Vigor (11)",
      "Celerity (14)",
      "Spirit (10)",
    ]);
    expect(await page.isDisabled('select[name="position"] option[value="flanked"]')).toBe(true);
    expect(await page.locator('select[name="cover"] option').count()).toBe(5);
    expect(await page.locator('input[name="situations"]').count()).toBe(6);
    expect(await page.locator('input[name="distance"]').count()).toBe(1);
    expect(await page.locator(".anthology-hod-dialog-damage legend").textContent()).toBe(
      "Damage of each hit (rolled with it)",
    );
    expect(await page.locator('.anthology-hod-dialog-damage input[name="nonlethal"]').isChecked()).toBe(false);
    expect(await page.locator('input[name="damageModifier"]').count()).toBe(1);
    expect(await page.locator('input[name="extraDice"]').count()).toBe(1);
    expect(squash(await page.textContent(".anthology-hod-dialog-line"))).toBe("1d20 - 1 25.0% to hit");
    await page.close();
  });

  it("offers each target's usual defense against several targets", async () => {
    const view = attackDialogView({
      kind: "attack",
      source: { accuracy: 2, strength: 3 },
      weapon: sword,
      targets: [
        { name: "Goblin", defenses: goblinDefenses, defense: "primary" },
        { name: "Sleeper", defenses: goblinDefenses, defense: "passive" },
        { name: "Third", defenses: goblinDefenses, defense: "primary" },
      ],
      damage: { nonlethal: false },
    });
    const page = await show("roll-dialog-targets", "rulesets/hod/roll-dialog.hbs", view, 440);
    expect(await rawKeys(page)).toEqual([]);
    expect(squash(await page.textContent(".anthology-hod-dialog-target"))).toBe(
      "Against Goblin and 2 more (each on its own row)",
    );
    expect(await page.locator('select[name="defense"] option').first().textContent()).toBe(
      "Each target's usual defense",
    );
    expect(await page.inputValue('select[name="defense"]')).toBe("usual");
    await page.close();
  });

  it("asks how a thrown weapon is used, in melee first, with a prone target's defenses for either use", async () => {
    const prone = { primary: 11, passive: 9, vigor: 11, celerity: 14, spirit: 10 };
    const view = attackDialogView({
      kind: "attack",
      source: { accuracy: 2, dexterity: 1 },
      weapon: { ...sword, category: "daggers", range: 10, thrown: true, proficient: false },
      targets: [
        {
          name: "Goblin",
          defenses: prone,
          defense: "primary",
          thrown: { defenses: { ...prone, primary: 19, passive: 17 }, defense: "primary" },
        },
      ],
      damage: { nonlethal: false },
    });
    const page = await show("roll-dialog-thrown", "rulesets/hod/roll-dialog.hbs", view, 440);
    expect(await rawKeys(page)).toEqual([]);
    expect(await page.textContent('label[for="anthology-hod-use"]')).toBe("The weapon is used");
    expect(await page.locator('select[name="use"] option').allTextContents()).toEqual([
      "In melee (a melee attack)",
      "Thrown (a ranged attack)",
    ]);
    expect(await page.inputValue('select[name="use"]')).toBe("melee");
    expect(await page.locator('select[name="defense"] option').allTextContents()).toEqual([
      "Usual defense (for the use chosen)",
      "Primary (11; thrown: 19)",
      "Passive (9; thrown: 17)",
      "Vigor (11)",
      "Celerity (14)",
      "Spirit (10)",
    ]);
    expect(await page.inputValue('select[name="defense"]')).toBe("usual");
    expect(await page.isDisabled('select[name="position"] option[value="flanked"]')).toBe(false);
    expect(squash(await page.textContent(".anthology-hod-dialog-line"))).toBe("1d20 + 3 65.0% to hit");
    await page.close();
  });

  it("names a special action's defenses and asks for a skill's rank; asks the damage and check questions", async () => {
    const special = attackDialogView({
      kind: "attack",
      source: { strength: 3 },
      weapon: { ...sword, category: "unarmed", proficient: false },
      targets: [{ name: "Goblin", defenses: goblinDefenses, defense: "vigor" }],
      special: {
        action: specialAction("breakGrab")!,
        nameKey: "ANTHOLOGY.HoD.Special.breakGrab.name",
        skillKey: "ANTHOLOGY.HoD.Special.skills.athletics",
        defenses: ["vigor"],
      },
      damage: { nonlethal: false },
    });
    const page = await show("roll-dialog-special", "rulesets/hod/roll-dialog.hbs", special, 440);
    expect(await rawKeys(page)).toEqual([]);
    expect(await page.textContent('label[for="anthology-hod-skill-rank"]')).toBe("Athletics rank");
    expect(await page.locator('select[name="defense"]').count()).toBe(0);
    expect(squash(await page.textContent(".anthology-hod-dialog-defenses"))).toBe("Against: Vigor (11)");
    expect(squash(await page.textContent(".anthology-hod-dialog-line"))).toMatch(/^3d6 \+ 3 \d+\.\d% to hit$/);
    await page.close();
    const damage = await show(
      "roll-dialog-damage",
      "rulesets/hod/roll-dialog.hbs",
      damageDialogView({
        kind: "damage",
        source: { strength: 3, power: 1 },
        weapon: sword,
        initial: { critical: true, nonlethal: true, modifier: 2, extraDice: "1d6" },
      }),
    );
    expect(await rawKeys(damage)).toEqual([]);
    expect(await damage.isChecked('input[name="critical"]')).toBe(true);
    expect(await damage.isChecked('input[name="nonlethal"]')).toBe(true);
    expect(await damage.inputValue('input[name="extraDice"]')).toBe("1d6");
    expect(await damage.inputValue('input[name="modifier"]')).toBe("2");
    expect(squash(await damage.textContent(".anthology-hod-dialog-line"))).toBe("8 + 1d6 + 6");
    await damage.close();
    const check = await show(
      "roll-dialog-check",
      "rulesets/hod/roll-dialog.hbs",
      checkDialogView({ kind: "check", source: { constitution: 2 }, attribute: "constitution", dc: 11, fixedDc: true }),
    );
    expect(await rawKeys(check)).toEqual([]);
    expect(await check.isDisabled('input[name="dc"]')).toBe(true);
    expect(await check.inputValue('input[name="dc"]')).toBe("11");
    expect(squash(await check.textContent(".anthology-hod-dialog-line"))).toBe("3d6 + 2 74.1% to succeed");
    await check.close();
  });
});

describe("Heroes of Destiny spell cards", () => {
  it("shows a preparation, then a cast with its Arcana check, the DC and the fatigue spent", async () => {
    const { spellCardView } = await import("../../src/rulesets/hod/chat/spell-card");
    const base = {
      item: { uuid: "Actor.g.Item.b", name: "Force <i>bolt</i>" },
      dc: 13,
      fatigue: 3,
      charges: 1,
      schedule: { state: "due" as const, tc: 11 },
    };
    const prep = await show(
      "spell-prepare",
      "rulesets/hod/spell-card.hbs",
      spellCardView(
        {
          actor: { uuid: "Actor.g", name: "Hadwin <b>" },
          data: { ...base, event: "prepare", prepared: false, check: null },
        },
        { rollHtml: [] },
      ),
    );
    expect(await rawKeys(prep)).toEqual([]);
    expect(squash(await prep.textContent(".anthology-hod-card-title"))).toBe("Hadwin <b> prepares Force <i>bolt</i>");
    expect(squash(await prep.textContent("#message"))).toContain("Casting DC 13 · fatigue 3 · charges 1");
    expect(squash(await prep.textContent("#message"))).toContain("The casting time runs until the caster's next turn");
    await prep.close();
    const cast = await show(
      "spell-cast",
      "rulesets/hod/spell-card.hbs",
      spellCardView(
        {
          actor: { uuid: "Actor.g", name: "Hadwin" },
          data: { ...base, event: "cast", prepared: true, check: { total: 9, success: false, takeTen: false } },
        },
        { rollHtml: [diceHtml("3d6 + 3", [2, 2, 2])] },
      ),
    );
    expect(await rawKeys(cast)).toEqual([]);
    expect(await cast.locator(".anthology-roll").count()).toBe(1);
    expect(squash(await cast.textContent(".anthology-hod-card-result"))).toBe("The spell fizzles: 9 against DC 13.");
    expect(squash(await cast.textContent("#message"))).toContain("3 fatigue spent.");
    await cast.close();
    const held = await show(
      "spell-held",
      "rulesets/hod/spell-card.hbs",
      spellCardView(
        {
          actor: { uuid: "Actor.g", name: "Hadwin" },
          data: { ...base, event: "cast", prepared: true, check: null, grabbed: { dc: 12, total: 8, success: false } },
        },
        { rollHtml: [diceHtml("3d6 + 2", [2, 2, 2])] },
      ),
    );
    expect(await rawKeys(held)).toEqual([]);
    expect(await held.locator(".anthology-roll").count()).toBe(1);
    expect(squash(await held.textContent(".anthology-hod-card-result"))).toBe(
      "Held by a grab: Arcana (Con) 8 against DC 12, failed: the spell is not cast.",
    );
    expect(squash(await held.textContent("#message"))).toContain("3 fatigue spent.");
    await held.close();
  });
});

describe("Heroes of Destiny healing card", () => {
  it("shows the healing rolled, its split, and each patient's row with what was applied", async () => {
    const { healCardView } = await import("../../src/rulesets/hod/chat/heal-view");
    const page = await show(
      "heal",
      "rulesets/hod/heal-card.hbs",
      healCardView(
        {
          actor: { uuid: "Actor.g", name: "Hadwin <b>" },
          data: { total: 8, toInvigoration: 5, bonus: null, curesPoison: false },
          targets: [
            { uuid: "Actor.t0", name: "Goblin & co", applied: { summary: { invigoration: 3, fatigue: 3 } } },
            { uuid: "Actor.t1", name: "Garret", applied: null },
          ],
        },
        { rollHtml: [diceHtml("2d6", [3, 5])] },
      ),
    );
    expect(await rawKeys(page)).toEqual([]);
    expect(squash(await page.textContent(".anthology-hod-card-title"))).toBe("Hadwin <b> heals");
    expect(squash(await page.textContent("#message"))).toContain(
      "8 healing: up to 5 as Invigoration, up to 3 off fatigue.",
    );
    const rows = page.locator(".anthology-card-row");
    expect(squash(await rows.nth(0).textContent())).toContain("+3 Invigoration, −3 fatigue.");
    expect(await rows.nth(0).locator('button[data-anthology-action="undo"]').count()).toBe(1);
    expect(await rows.nth(1).locator('button[data-anthology-action="apply"]').isDisabled()).toBe(false);
    await page.close();
  });

  it("shows bonus HP with its duration, and what the patient's pool is after the GM applied it", async () => {
    const { healCardView } = await import("../../src/rulesets/hod/chat/heal-view");
    const page = await show(
      "bonus",
      "rulesets/hod/heal-card.hbs",
      healCardView(
        {
          actor: { uuid: "Actor.g", name: "Hadwin" },
          data: { total: 6, toInvigoration: 0, bonus: { kind: "tc", tcs: 12 }, curesPoison: false },
          targets: [
            { uuid: "Actor.t0", name: "Garret", applied: { summary: { invigoration: 0, fatigue: 0, bonus: 6 } } },
            { uuid: "Actor.t1", name: "Zherynn", applied: null },
          ],
        },
        { rollHtml: [diceHtml("1d6", [6])] },
      ),
    );
    expect(await rawKeys(page)).toEqual([]);
    expect(squash(await page.textContent("#message"))).toContain("6 bonus HP for 12 TC.");
    expect(squash(await page.textContent("#message"))).not.toContain("healing: up to");
    const rows = page.locator(".anthology-card-row");
    expect(squash(await rows.nth(0).textContent())).toContain("Bonus HP now 6");
    expect(await rows.nth(1).locator('button[data-anthology-action="apply"]').count()).toBe(1);
    await page.close();
  });

  it("shows a poison's dose and its schedule, with a row per victim and the check it called for", async () => {
    const { poisonCardView } = await import("../../src/rulesets/hod/chat/poison-view");
    const page = await show(
      "poison",
      "rulesets/hod/poison-card.hbs",
      poisonCardView(
        {
          actor: { uuid: "Actor.s", name: "Spider" },
          data: { name: "Venom <b>", track: "strength", total: 2, plan: { times: 3, every: 10, delay: 0 } },
          targets: [
            { uuid: "Actor.t0", name: "Garret", applied: { summary: { unconsciousCheck: 2 } } },
            { uuid: "Actor.t1", name: "Zherynn", applied: null },
          ],
        },
        { rollHtml: [diceHtml("1d4", [2])] },
      ),
    );
    expect(await rawKeys(page)).toEqual([]);
    expect(squash(await page.textContent(".anthology-hod-card-title"))).toBe("Poison: Venom <b>");
    expect(squash(await page.textContent("#message"))).toContain("2 poison damage to Strength");
    expect(squash(await page.textContent("#message"))).toContain("Then 3 more dose(s), every 10 TC");
    const rows = page.locator(".anthology-card-row");
    expect(squash(await rows.nth(0).textContent())).toContain("DC 2");
    expect(await rows.nth(1).locator('button[data-anthology-action="apply"]').count()).toBe(1);
    await page.close();
  });
});

describe("Heroes of Destiny special actions' effects on the cards", () => {
  const performer: CardRef = { uuid: "Actor.a", name: "Garret" };
  const base: HodSpecialData = { ...SPECIAL_BASE, special: "grab", choices: { defense: "celerity" } };
  const hitRow = (outcomes: string[], id: HodDefenseResult["id"] = "celerity"): HodSpecialRow => ({
    results: [
      {
        id,
        met: id,
        value: 14,
        stance: null,
        stanceModifier: 0,
        hit: true,
        critical: false,
        margin: 5,
        automatic: false,
      },
    ],
    chosen: null,
    outcomes,
    damage: null,
  });
  const mark = (summary: Record<string, unknown>): AppliedMark => ({ by: "gm", at: 1, summary });

  it("offers Apply on a grab that deals no damage, and once applied says what it did", async () => {
    const outcomes = ["ANTHOLOGY.HoD.Special.grab.hit", "ANTHOLOGY.HoD.Special.grab.great5"];
    const page = await show(
      "effects-grab",
      "rulesets/hod/special-card.hbs",
      specialCardView(card("special", base, [{ name: "Goblin", data: hitRow(outcomes) }], performer), {
        rollHtml: [diceHtml("1d20+5", [14])],
      }),
      380,
    );
    expect(await rawKeys(page)).toEqual([]);
    expect(await page.locator('button[data-anthology-action="apply"]').count()).toBe(1);
    await page.close();
    const applied = await show(
      "effects-grab-applied",
      "rulesets/hod/special-card.hbs",
      specialCardView(
        card(
          "special",
          base,
          [
            {
              name: "Goblin <b>",
              data: hitRow(outcomes),
              applied: mark({ effects: ["ANTHOLOGY.HoD.Effects.Applied.strongGrab"] }),
            },
          ],
          performer,
        ),
        { rollHtml: [diceHtml("1d20+5", [14])] },
      ),
      380,
    );
    expect(await rawKeys(applied)).toEqual([]);
    expect(await applied.locator("#message b").count()).toBe(0);
    expect(await applied.locator(".anthology-hod-applied-title").count()).toBe(0);
    expect(await applied.locator(".anthology-hod-applied-effects li").allTextContents()).toEqual([
      "Goblin <b> is grabbed, strongly: −2 more to break or escape the grab.",
    ]);
    expect(await applied.locator('button[data-anthology-action="undo"]').count()).toBe(1);
    await applied.close();
  });

  it("shows a tackle's free grab and a coup de grâce's follow-up on their applied rows", async () => {
    const tackle = await show(
      "effects-tackle",
      "rulesets/hod/special-card.hbs",
      specialCardView(
        card(
          "special",
          { ...base, special: "tackle" },
          [
            {
              name: "Goblin",
              data: hitRow(["ANTHOLOGY.HoD.Special.tackle.hit"], "vigor"),
              applied: mark({
                effects: ["ANTHOLOGY.HoD.Effects.Applied.prone", "ANTHOLOGY.HoD.Effects.Applied.mayGrab"],
              }),
            },
          ],
          performer,
        ),
        { rollHtml: [diceHtml("1d20+5", [14])] },
      ),
      380,
    );
    expect(await rawKeys(tackle)).toEqual([]);
    expect(await tackle.locator(".anthology-hod-applied-effects li").allTextContents()).toEqual([
      "Goblin is knocked prone.",
      "You may grab Goblin as a free action.",
    ]);
    expect(squash(await tackle.locator('button[data-anthology-action="freeGrab"]').innerText())).toBe(
      "Grab (free action)",
    );
    await tackle.close();
    const coup = await show(
      "effects-coup",
      "rulesets/hod/special-card.hbs",
      specialCardView(
        card(
          "special",
          { ...base, special: "coupDeGrace" },
          [
            {
              name: "Goblin",
              data: hitRow(["ANTHOLOGY.HoD.Special.coupDeGrace.hit"], "passive"),
              applied: mark({ followUp: true, effects: ["ANTHOLOGY.HoD.Effects.Applied.followUp"] }),
            },
          ],
          performer,
        ),
        { rollHtml: [diceHtml("1d20+5", [14])] },
      ),
      380,
    );
    expect(await rawKeys(coup)).toEqual([]);
    expect(squash(await coup.locator('button[data-anthology-action="followUp"]').innerText())).toBe("Follow-up attack");
    await coup.close();
  });

  it("offers a drag's broken grab and a shunt's letting go on their applied rows; the broken grab's card has no roll", async () => {
    const applied = (special: string, outcome: string, key: string) =>
      specialCardView(
        card(
          "special",
          { ...base, special },
          [{ name: "Goblin", data: hitRow([outcome], "vigor"), applied: mark({ effects: [key] }) }],
          performer,
        ),
        { rollHtml: [diceHtml("1d20+3", [15])] },
      );
    const drag = await show(
      "effects-drag",
      "rulesets/hod/special-card.hbs",
      applied("drag", "ANTHOLOGY.HoD.Special.drag.great5", "ANTHOLOGY.HoD.Effects.Applied.mayBreak"),
      380,
    );
    expect(await rawKeys(drag)).toEqual([]);
    expect(await drag.locator(".anthology-hod-applied-effects li").allTextContents()).toEqual([
      "You may break Goblin's grab on you.",
    ]);
    expect(squash(await drag.locator('button[data-anthology-action="dragBreak"]').innerText())).toBe("Break the grab");
    await drag.close();
    const shunt = await show(
      "effects-shunt",
      "rulesets/hod/special-card.hbs",
      applied("shunt", "ANTHOLOGY.HoD.Special.shunt.hit", "ANTHOLOGY.HoD.Effects.Applied.mayShunt"),
      380,
    );
    expect(await rawKeys(shunt)).toEqual([]);
    expect(squash(await shunt.locator('button[data-anthology-action="shuntTrip"]').innerText())).toBe(
      "Let go and knock prone",
    );
    await shunt.close();
    const breaking = await show(
      "effects-drag-break",
      "rulesets/hod/special-card.hbs",
      specialCardView(
        card(
          "special",
          { ...base, special: "dragBreak", attackRoll: null, formula: "", base: 0, from: "m1-0" },
          [{ name: "Goblin", data: { results: [], chosen: null, outcomes: [], damage: null } }],
          performer,
        ),
        { rollHtml: [] },
      ),
      380,
    );
    expect(await rawKeys(breaking)).toEqual([]);
    expect(squash(await breaking.textContent(".anthology-hod-card-title"))).toContain("Drag: breaking the grab");
    expect(await breaking.locator(".anthology-roll").count()).toBe(0);
    expect(await breaking.locator(".anthology-hod-card-modifiers").count()).toBe(0);
    expect(await breaking.locator('button[data-anthology-action="apply"]').count()).toBe(1);
    await breaking.close();
  });

  it("ticks a feint's +2 and its damage in the attack dialog, and offers a distraction's allies", async () => {
    const goblin = { primary: 15, passive: 13, vigor: 11, celerity: 14, spirit: 10 };
    const page = await show(
      "effects-dialog",
      "rulesets/hod/roll-dialog.hbs",
      attackDialogView({
        kind: "attack",
        source: { accuracy: 2, strength: 3, dexterity: 1, power: 1, size: 0 } as never,
        weapon: sword,
        targets: [{ name: "Goblin", defenses: goblin, defense: "primary" }],
        damage: { nonlethal: false },
        ticked: { ids: ["feint"], damage: 2 },
        allies: [{ uuid: "Actor.m", name: "Mira <i>" }],
      }),
      420,
    );
    expect(await rawKeys(page)).toEqual([]);
    expect(await page.locator('input[name="situations"][value="feint"]').isChecked()).toBe(true);
    // Only the effects the attacker has are offered.
    expect(await page.locator('input[name="situations"][value="grabbed"]').count()).toBe(0);
    expect(await page.locator('input[name="damageModifier"]').inputValue()).toBe("2");
    expect(await page.locator('select[name="ally"] option').allTextContents()).toEqual(["Mira <i>"]);
    expect(await page.locator('input[name="distractAgainst"]:checked').inputValue()).toBe("attack");
    // The line starts with the feint's +2: 1d20 + 6 (Accuracy 2 + Strength 3 + proficient 1) + 2.
    expect(squash(await page.textContent(".anthology-hod-dialog-formula"))).toBe("1d20 + 8");
    await page.close();
  });
});
