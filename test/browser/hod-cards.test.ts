import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  appliedCardView,
  attackCardView,
  checkCardView,
  damageCardView,
  specialCardView,
  stanceCardView,
} from "../../src/rulesets/hod/chat/cards";
import { attackDialogView, checkDialogView, damageDialogView } from "../../src/rulesets/hod/chat/dialog-form";
import { weaponOf } from "../../src/rulesets/hod/chat/documents";
import type { HodAttackFlags, HodDamageFlags, HodSpecialFlags } from "../../src/rulesets/hod/chat/flags";
import { parse, roll, rollCard, scriptedDie } from "../../src/dice";
import { applyDamage } from "../../src/rulesets/hod/rules/health";
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

const attackFlags: HodAttackFlags = {
  kind: "attack",
  actor: { uuid: "Actor.a", name: `<img src=x onerror="alert(1)">Garret` },
  item: { uuid: "Actor.a.Item.s", name: "Longsword <i>of</i> Ash" },
  weapon: sword,
  situation: { modifiers: ["flanked", "coverHalf"], distance: 0, modifier: 0 },
  modifiers: [
    { id: "proficient", value: 1 },
    { id: "flanked", value: 2 },
    { id: "coverHalf", value: -4 },
    { id: "stance", value: -2 },
  ],
  base: 5,
  formula: "1d20 + 2",
  natural: 20,
  total: 22,
  target: { uuid: "Actor.g", name: "Goblin & co" },
  defense: {
    id: "primary",
    met: "primary",
    value: 17,
    stance: "cautious",
    stanceModifier: 2,
    hit: true,
    critical: true,
    margin: 5,
    automatic: false,
  },
  fumble: false,
  durabilityLeft: null,
  schedule: { state: "due", tc: 6 },
};

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe("Heroes of Destiny attack card", () => {
  it("shows the bonus and modifiers, the d20, the defense met and the outcome, with names as text", async () => {
    const page = await show(
      "attack-critical",
      "chat/hod-attack-card.hbs",
      attackCardView(attackFlags, diceHtml("1d20+2", [20])),
    );
    expect(await rawKeys(page)).toEqual([]);
    expect(await page.locator("#message img").count()).toBe(0);
    expect(await page.locator("#message i").count()).toBe(1); // the button's icon only
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
    expect(squash(await page.textContent(".anthology-hod-card-versus"))).toBe(
      "Against Goblin & co's Primary 17 (+5) (Cautious stance)",
    );
    expect(await page.textContent(".anthology-hod-card-result")).toBe("Critical hit");
    expect(await page.textContent(".anthology-hod-card-schedule")).toBe(
      `Recorded on the Time Count: <img src=x onerror="alert(1)">Garret acted at TC 6.`,
    );
    expect(await page.locator('button[data-hod-action="rollDamage"]').textContent()).toContain("Roll damage");
    const colour = await page.$eval(".anthology-hod-card-result", (e) => getComputedStyle(e).color);
    expect(colour).toBe("rgb(46, 107, 48)");
    await page.close();
  });

  it("tells a fumble's cost, a weapon that may break, and that the attacker was not due", async () => {
    const page = await show(
      "attack-fumble",
      "chat/hod-attack-card.hbs",
      attackCardView(
        {
          ...attackFlags,
          natural: 1,
          total: 3,
          fumble: true,
          durabilityLeft: 0,
          defense: { ...attackFlags.defense!, stance: null, hit: false, critical: false, margin: -14 },
          schedule: { state: "notDue", tc: 6, next: 9 },
        },
        diceHtml("1d20+2", [1]),
      ),
    );
    expect(await rawKeys(page)).toEqual([]);
    expect(await page.textContent(".anthology-hod-card-result")).toBe("Critical fumble");
    expect(await page.textContent(".anthology-hod-card-fumble")).toContain("the turn ends");
    expect(await page.textContent(".anthology-hod-card-durability")).toBe(
      "Longsword <i>of</i> Ash is down to 0 durability and may break.",
    );
    expect(await page.textContent(".anthology-hod-card-schedule")).toContain("acts at TC 9, the count is at 6");
    expect(await page.locator('button[data-hod-action="rollDamage"]').count()).toBe(0);
    await page.close();
  });

  it("leaves the judgement to the GM without a target", async () => {
    const page = await show(
      "attack-no-target",
      "chat/hod-attack-card.hbs",
      attackCardView(
        { ...attackFlags, target: null, defense: null, schedule: { state: "none" } },
        diceHtml("1d20+2", [20]),
      ),
    );
    expect(await page.textContent(".anthology-hod-card-versus")).toContain("No target");
    expect(await page.locator(".anthology-hod-card-result").count()).toBe(0);
    expect(await page.textContent(".anthology-hod-card-note")).toContain("Natural 20: a critical hit");
    expect(await page.locator(".anthology-hod-card-schedule").count()).toBe(0);
    await page.close();
  });
});

describe("Heroes of Destiny damage, applied and check cards", () => {
  const damageFlags: HodDamageFlags = {
    kind: "damage",
    actor: attackFlags.actor,
    item: attackFlags.item,
    formula: "1d8 - 6",
    rolled: -4,
    total: 1,
    critical: false,
    nonlethal: true,
    damageType: "slashing",
    target: { uuid: "Actor.g", name: "Goblin & co" },
    attackId: null,
  };

  it("shows the dice, the damage (at least 1), nonlethal, and Apply damage", async () => {
    const page = await show("damage", "chat/hod-damage-card.hbs", damageCardView(damageFlags, diceHtml("1d8-6", [2])));
    expect(await rawKeys(page)).toEqual([]);
    expect(await page.textContent(".anthology-hod-card-total")).toBe("1");
    expect(await page.textContent(".anthology-hod-card-kind")).toBe("Nonlethal");
    expect(await page.textContent(".anthology-hod-card-note")).toBe(
      "The dice came to -4; a hit always deals at least 1.",
    );
    expect(await page.textContent(".anthology-hod-card-versus")).toContain("To apply to Goblin & co");
    expect(await page.isEnabled('button[data-hod-action="applyDamage"]')).toBe(true);
    await page.close();
    const special = await show(
      "damage-special",
      "chat/hod-damage-card.hbs",
      damageCardView(
        {
          ...damageFlags,
          formula: "8 + 4",
          rolled: 12,
          total: 24,
          factor: 2,
          critical: true,
          nonlethal: false,
          applied: true,
        },
        diceHtml("8+4", []),
      ),
    );
    expect(await special.textContent(".anthology-hod-card-factor")).toBe(
      "The total is multiplied by 2, rounded down (at least 1).",
    );
    expect(await special.textContent(".anthology-hod-card-result")).toContain("Critical hit");
    // Doubled, not raised to 1: no note about the floor.
    expect(await special.locator(".anthology-hod-card-note").allTextContents()).toEqual([
      "The total is multiplied by 2, rounded down (at least 1).",
    ]);
    expect(await special.textContent(".anthology-hod-card-damage-type")).toBe("Slashing");
    expect(await special.isDisabled('button[data-hod-action="applyDamage"]')).toBe(true);
    await special.close();
  });

  it("shows every step of a hit: Threshold of Pain, fatigue, bonus HP, Invigoration, HP, and the check due", async () => {
    const before = { hp: 8, fatigue: 10, thresholdOfPain: 3, bonusHp: 2, invigoration: 1 };
    const result = applyDamage(before, { damage: 12 });
    const page = await show(
      "applied",
      "chat/hod-applied-card.hbs",
      appliedCardView({
        kind: "applied",
        damageId: "m1",
        target: { uuid: "Actor.g", name: "Goblin <b>the Grey</b>" },
        damage: 12,
        nonlethal: false,
        before,
        after: result,
        wounded: result.wounded,
        dying: result.dying,
        dead: result.dead,
        unconsciousCheck: result.unconsciousCheck,
      }),
      380,
    );
    expect(await rawKeys(page)).toEqual([]);
    expect(await page.locator("#message b").count()).toBe(0);
    expect(await page.textContent(".anthology-hod-card-title")).toBe("Goblin <b>the Grey</b> takes 12 damage");
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
    expect(await page.locator('button[data-hod-action="consciousness"]').textContent()).toContain(
      "Constitution check (DC 11)",
    );
    await page.close();
  });

  it("says when the target dies or is wounded, and shows a nonlethal hit as tiring only", async () => {
    const dead = applyDamage({ hp: 3, fatigue: 0, thresholdOfPain: 0, bonusHp: 0, invigoration: 0 }, { damage: 9 });
    const page = await show(
      "applied-dead",
      "chat/hod-applied-card.hbs",
      appliedCardView({
        kind: "applied",
        damageId: "m2",
        target: { uuid: "Actor.g", name: "Goblin" },
        damage: 9,
        nonlethal: false,
        before: { hp: 3, fatigue: 0, thresholdOfPain: 0, bonusHp: 0, invigoration: 0 },
        after: dead,
        wounded: dead.wounded,
        dying: dead.dying,
        dead: dead.dead,
        unconsciousCheck: dead.unconsciousCheck,
      }),
    );
    expect(await page.locator(".anthology-hod-card-states li").allTextContents()).toEqual([
      "Dead",
      "Wounded (Threshold of Pain 0)",
    ]);
    expect(await page.locator('button[data-hod-action="consciousness"]').count()).toBe(0);
    await page.close();
    const tired = applyDamage(
      { hp: 8, fatigue: 0, thresholdOfPain: 3, bonusHp: 0, invigoration: 0 },
      { damage: 7, nonlethal: true },
    );
    const nonlethal = await show(
      "applied-nonlethal",
      "chat/hod-applied-card.hbs",
      appliedCardView({
        kind: "applied",
        damageId: "m3",
        target: { uuid: "Actor.g", name: "Goblin" },
        damage: 7,
        nonlethal: true,
        before: { hp: 8, fatigue: 0, thresholdOfPain: 3, bonusHp: 0, invigoration: 0 },
        after: tired,
        wounded: tired.wounded,
        dying: tired.dying,
        dead: tired.dead,
        unconsciousCheck: tired.unconsciousCheck,
      }),
    );
    expect(await rawKeys(nonlethal)).toEqual([]);
    expect(await nonlethal.textContent(".anthology-hod-card-title")).toBe("Goblin takes 7 nonlethal damage");
    expect(squash(await nonlethal.textContent(".anthology-hod-step.threshold"))).toBe(
      "Nonlethal: it only tires, whatever the Threshold of Pain",
    );
    await nonlethal.close();
  });

  it("shows a check's DC, result and margin, notes a natural 17 or 18, and how long a failed check knocks out", async () => {
    const page = await show(
      "check-consciousness",
      "chat/hod-check-card.hbs",
      checkCardView(
        {
          kind: "check",
          actor: { uuid: "Actor.g", name: "Goblin & co" },
          attribute: "constitution",
          formula: "3d6 - 9",
          natural: 17,
          total: 8,
          dc: 11,
          success: false,
          margin: -3,
          appliedId: "m1",
          unconsciousTc: 30,
        },
        diceHtml("3d6-9", [6, 6, 5]),
      ),
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
      "chat/hod-check-card.hbs",
      checkCardView(
        {
          kind: "check",
          actor: { uuid: "Actor.a", name: "Garret" },
          attribute: "wisdom",
          formula: "3d6 + 1",
          natural: 9,
          total: 10,
          dc: null,
          success: null,
          margin: null,
        },
        diceHtml("3d6+1", [3, 3, 3]),
      ),
    );
    expect(squash(await plain.textContent(".anthology-hod-card-title"))).toBe("Garret makes a Wisdom check");
    expect(await plain.textContent(".anthology-hod-card-versus")).toContain("No DC given");
    await plain.close();
  });
});

describe("Heroes of Destiny special action and stance cards", () => {
  const throwFlags: HodSpecialFlags = {
    kind: "special",
    special: "throw",
    actor: { uuid: "Actor.a", name: "Garret <u>" },
    item: null,
    weapon: null,
    die: "d20",
    skillRank: null,
    modifiers: [],
    base: 5,
    formula: "1d20 + 5",
    natural: 12,
    total: 17,
    target: { uuid: "Actor.g", name: "Goblin & co" },
    results: [
      {
        id: "vigor",
        met: "vigor",
        value: 11,
        stance: null,
        stanceModifier: 0,
        hit: true,
        critical: false,
        margin: 6,
        automatic: false,
      },
      {
        id: "celerity",
        met: "celerity",
        value: 14,
        stance: null,
        stanceModifier: 0,
        hit: true,
        critical: false,
        margin: 3,
        automatic: false,
      },
    ],
    chosen: null,
    outcomes: [
      "ANTHOLOGY.HoD.Special.throw.hitVigor",
      "ANTHOLOGY.HoD.Special.throw.great5",
      "ANTHOLOGY.HoD.Special.throw.hitCelerity",
    ],
    damage: true,
    fumble: false,
    durabilityLeft: null,
    fatigue: 2,
    unconsciousCheck: 1,
    schedule: { state: "due", tc: 12 },
  };

  it("shows one roll against each defense, which effects happened, the fatigue and the buttons", async () => {
    const page = await show(
      "special-throw",
      "chat/hod-special-card.hbs",
      specialCardView(throwFlags, diceHtml("1d20+5", [12])),
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
    expect(await page.textContent(".anthology-hod-card-fatigue")).toBe("Garret <u> takes 2 fatigue for it.");
    expect(await page.locator(".anthology-hod-card-buttons button").allInnerTexts()).toEqual(
      [" Roll damage", " Constitution check (DC 1)"].map((s) => s.trim()),
    );
    await page.close();
  });

  it("marks the target's pick for an 'or' action, and shows a preparation", async () => {
    const page = await show(
      "special-bull-rush",
      "chat/hod-special-card.hbs",
      specialCardView(
        {
          ...throwFlags,
          special: "bullRush",
          results: [throwFlags.results[0]!, { ...throwFlags.results[1]!, hit: false, margin: -1 }],
          chosen: "celerity",
          outcomes: [],
          damage: false,
          fatigue: 1,
          unconsciousCheck: null,
          schedule: { state: "none" },
        },
        diceHtml("1d20+5", [8]),
      ),
      380,
    );
    expect(await rawKeys(page)).toEqual([]);
    expect(await page.textContent(".anthology-hod-card-defenses li.chosen")).toContain("the target's choice");
    expect(await page.locator(".anthology-hod-card-effects li.happened").count()).toBe(0);
    expect(await page.locator(".anthology-hod-card-buttons button").count()).toBe(0);
    await page.close();
    const prepare = await show(
      "special-preparing",
      "chat/hod-special-card.hbs",
      specialCardView(
        {
          ...throwFlags,
          special: "coupDeGrace",
          item: { uuid: "Actor.a.Item.s", name: "Longsword" },
          preparing: true,
          results: [],
          outcomes: [],
          damage: false,
          fatigue: 0,
          unconsciousCheck: null,
        },
        "",
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
    const page = await show(
      "stance",
      "chat/hod-stance-card.hbs",
      stanceCardView({
        kind: "stance",
        actor: { uuid: "Actor.a", name: "Garret" },
        stance: "prone",
        from: "",
        shifting: true,
        speedClass: "rapid",
        schedule: { state: "due", tc: 6 },
      }),
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

describe("Heroes of Destiny roll dialog", () => {
  it("offers the text's modifiers, the defense with its value, the range and the live chance", async () => {
    const view = attackDialogView({
      kind: "attack",
      source: { accuracy: 2, dexterity: 1, strength: 3 },
      weapon: { ...sword, category: "bows", range: 40, proficient: false, noAffinity: true },
      target: {
        name: "Goblin <i>",
        defenses: { primary: 15, passive: 13, vigor: 11, celerity: 14, spirit: 10 },
        defense: "primary",
      },
      extra: [{ id: "stance", value: -2 }],
    });
    const page = await show("roll-dialog", "chat/hod-roll-dialog.hbs", view, 440);
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
    expect(squash(await page.textContent(".anthology-hod-dialog-line"))).toBe("1d20 - 1 25.0% to hit");
    await page.close();
  });

  it("names a special action's defenses and asks for a skill's rank; asks the damage and check questions", async () => {
    const special = attackDialogView({
      kind: "attack",
      source: { strength: 3 },
      weapon: { ...sword, category: "unarmed", proficient: false },
      target: {
        name: "Goblin",
        defenses: { primary: 15, passive: 13, vigor: 11, celerity: 14, spirit: 10 },
        defense: "vigor",
      },
      die: "3d6",
      base: 3,
      special: {
        nameKey: "ANTHOLOGY.HoD.Special.breakGrab.name",
        skillKey: "ANTHOLOGY.HoD.Special.skills.athletics",
        defenses: ["vigor"],
      },
    });
    const page = await show("roll-dialog-special", "chat/hod-roll-dialog.hbs", special, 440);
    expect(await rawKeys(page)).toEqual([]);
    expect(await page.textContent('label[for="anthology-hod-skill-rank"]')).toBe("Athletics rank");
    expect(await page.locator('select[name="defense"]').count()).toBe(0);
    expect(squash(await page.textContent(".anthology-hod-dialog-defenses"))).toBe("Against: Vigor (11)");
    expect(squash(await page.textContent(".anthology-hod-dialog-line"))).toMatch(/^3d6 \+ 3 \d+\.\d% to hit$/);
    await page.close();
    const damage = await show(
      "roll-dialog-damage",
      "chat/hod-roll-dialog.hbs",
      damageDialogView({ kind: "damage", critical: true, nonlethal: true }),
    );
    expect(await rawKeys(damage)).toEqual([]);
    expect(await damage.isChecked('input[name="critical"]')).toBe(true);
    expect(await damage.isChecked('input[name="nonlethal"]')).toBe(true);
    await damage.close();
    const check = await show(
      "roll-dialog-check",
      "chat/hod-roll-dialog.hbs",
      checkDialogView({ kind: "check", source: { constitution: 2 }, attribute: "constitution", dc: 11, fixedDc: true }),
    );
    expect(await rawKeys(check)).toEqual([]);
    expect(await check.isDisabled('input[name="dc"]')).toBe(true);
    expect(await check.inputValue('input[name="dc"]')).toBe("11");
    expect(squash(await check.textContent(".anthology-hod-dialog-line"))).toBe("3d6 + 2 74.1% to succeed");
    await check.close();
  });
});
