import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appliedCardView, attackCardView, checkCardView, damageCardView } from "../../src/rulesets/fade/chat/cards";
import { rollDialogView } from "../../src/rulesets/fade/chat/dialog-form";
import type { FadeAppliedFlags, FadeAttackFlags, FadeDamageFlags } from "../../src/rulesets/fade/chat/flags";
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

const attackFlags: FadeAttackFlags = {
  kind: "attack",
  actor: { uuid: "Actor.a", name: `<img src=x onerror="alert(1)">Garret` },
  item: { uuid: "Actor.a.Item.s", name: "Longsword <i>of</i> Ash" },
  weapon: { baseDamage: "4k2", penetration: 4 },
  choices: { modifiers: ["flanking", "calledShot"], calledShot: "head" },
  pool: "5k3",
  total: 30,
  critical: true,
  impossible: false,
  target: { uuid: "Actor.g", name: "Goblin & co" },
  defense: { id: "defense", vsSpells: false, value: 19 },
  result: "criticalHit",
};

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe("Fade attack card", () => {
  it("shows the pool, the dice, the target's Defense, the result and Roll damage, with names as text", async () => {
    const page = await show("attack-critical", "chat/fade-attack-card.hbs", {
      ...attackCardView(attackFlags, diceHtml("5k3", [10, 10, 10, 3, 2])),
    });
    expect(await rawKeys(page)).toEqual([]);
    expect(await page.locator("#message img").count()).toBe(0);
    expect(await page.textContent(".anthology-fade-card-title")).toBe(
      `<img src=x onerror="alert(1)">Garret attacks with Longsword <i>of</i> Ash`,
    );
    expect(await page.locator(".anthology-die.kept").count()).toBe(3);
    expect(await page.locator(".anthology-die.dropped").count()).toBe(2);
    expect(await page.textContent(".anthology-fade-card-versus")).toContain("Against Goblin & co's Defense 19");
    expect(await page.textContent(".anthology-fade-card-result")).toBe("Critical hit");
    expect(await page.locator(".anthology-fade-card-modifiers li").allTextContents()).toEqual([
      "Flanking (+1k0 to hit)",
      "Called shot (-2k0 to hit)",
    ]);
    expect(await page.textContent(".anthology-fade-card-note")).toBe("Called shot at the Head");
    expect(await page.locator('button[data-fade-action="rollDamage"]').textContent()).toContain("Roll damage");
    expect(await page.locator('button[data-fade-action="luckReroll"]').textContent()).toContain("Luck reroll");
    const colour = await page.$eval(".anthology-fade-card-result", (e) => getComputedStyle(e).color);
    expect(colour).toBe("rgb(46, 107, 48)");
    await page.close();
  });

  it("notes a critical failure's -2k0 next turn and offers no damage; says when a spell meets defenses against spells", async () => {
    const page = await show("attack-critical-failure", "chat/fade-attack-card.hbs", {
      ...attackCardView(
        {
          ...attackFlags,
          choices: {},
          total: 6,
          critical: false,
          result: "criticalFailure",
          defense: { id: "avoid", vsSpells: true, value: 14 },
        },
        diceHtml("6k3", [1, 2, 3, 1, 1, 1]),
      ),
    });
    expect(await rawKeys(page)).toEqual([]);
    expect(await page.textContent(".anthology-fade-card-result")).toBe(
      "Critical failure: -2k0 to all checks next turn",
    );
    expect(await page.textContent(".anthology-fade-card-versus")).toContain("Avoid against spells 14");
    expect(await page.locator('button[data-fade-action="rollDamage"]').count()).toBe(0);
    await page.close();
  });

  it("leaves the judgement to the GM without a target", async () => {
    const page = await show("attack-no-target", "chat/fade-attack-card.hbs", {
      ...attackCardView(
        { ...attackFlags, target: null, defense: null, result: null },
        diceHtml("6k3", [5, 5, 5, 1, 1, 1]),
      ),
    });
    expect(await page.textContent(".anthology-fade-card-versus")).toContain("No target");
    expect(await page.locator(".anthology-fade-card-result").count()).toBe(0);
    expect(await page.locator('button[data-fade-action="rollDamage"]').count()).toBe(1);
    await page.close();
  });
});

describe("Fade damage and applied cards", () => {
  const damageFlags: FadeDamageFlags = {
    kind: "damage",
    actor: attackFlags.actor,
    item: attackFlags.item,
    pool: "7k3",
    total: 27,
    critical: false,
    coupDeGrace: false,
    part: "body",
    calledShot: false,
    locationFace: 6,
    penetration: 4,
    damageType: "fire",
    target: { uuid: "Actor.g", name: "Goblin & co" },
  };

  it("shows the damage dice, the rolled location, Penetration and type, and Apply damage", async () => {
    const page = await show("damage", "chat/fade-damage-card.hbs", {
      ...damageCardView(damageFlags, diceHtml("7k3", [10, 10, 7, 1, 1, 1, 1])),
    });
    expect(await rawKeys(page)).toEqual([]);
    expect(await page.textContent(".anthology-fade-card-part")).toBe("Body (d10: 6)");
    expect(await page.textContent(".anthology-total-value")).toBe("27");
    expect(await page.locator(".anthology-fade-card-facts dd").allTextContents()).toEqual([
      "Body (d10: 6)",
      "4",
      "fire",
    ]);
    expect(await page.isEnabled('button[data-fade-action="applyDamage"]')).toBe(true);
    // Luck never rerolls damage.
    expect(await page.locator('button[data-fade-action="luckReroll"]').count()).toBe(0);
    await page.close();
    const applied = await show("damage-applied", "chat/fade-damage-card.hbs", {
      ...damageCardView(
        { ...damageFlags, applied: true, calledShot: true, locationFace: null },
        diceHtml("7k3", [5, 5, 5, 1, 1, 1, 1]),
      ),
    });
    expect(await applied.isDisabled('button[data-fade-action="applyDamage"]')).toBe(true);
    expect(await applied.textContent(".anthology-fade-card-facts dt")).toBe("Called shot");
    await applied.close();
  });

  it("shows each step of applyDamage, the HP change, the health state and the called shot's effect", async () => {
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
    const flags: FadeAppliedFlags = {
      kind: "applied",
      target: { uuid: "Actor.f", name: "Garret <b>the Grey</b>" },
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
    };
    const page = await show("applied", "chat/fade-applied-card.hbs", appliedCardView(flags), 360);
    expect(await rawKeys(page)).toEqual([]);
    expect(await page.locator("#message b").count()).toBe(0);
    expect(await page.textContent(".anthology-fade-card-title")).toBe("Garret <b>the Grey</b> is hit on the Body");
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
    await page.close();
  });

  it("says when Deflection negates the hit and when the target dies", async () => {
    const page = await show(
      "applied-dead",
      "chat/fade-applied-card.hbs",
      appliedCardView({
        kind: "applied",
        target: { uuid: "Actor.g", name: "Goblin" },
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
    );
    expect(await page.textContent(".anthology-fade-card-health")).toBe("Dead");
    await page.close();
    const negated = await show(
      "applied-negated",
      "chat/fade-applied-card.hbs",
      appliedCardView({
        kind: "applied",
        target: { uuid: "Actor.g", name: "Goblin" },
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
    );
    expect(await negated.textContent(".anthology-fade-card-result")).toBe("Negated by Deflection");
    expect(await rawKeys(negated)).toEqual([]);
    await negated.close();
  });
});

describe("Fade dodge card and roll dialog", () => {
  it("tells what a dodge adds to the defense", async () => {
    const page = await show("dodge", "chat/fade-check-card.hbs", {
      ...checkCardView(
        {
          kind: "check",
          actor: { uuid: "Actor.a", name: "Garret" },
          item: null,
          choices: {},
          pool: "6k1",
          total: 9,
          impossible: false,
        },
        diceHtml("6k1", [9, 2, 3, 1, 1, 1]),
      ),
    });
    expect(await rawKeys(page)).toEqual([]);
    expect(await page.textContent(".anthology-fade-card-title")).toContain("Garret dodges");
    expect(await page.textContent(".anthology-fade-card-note")).toBe("Add 9 to the Defense or Avoid the attack meets.");
    expect(await page.locator('button[data-fade-action="luckReroll"]').count()).toBe(1);
    await page.close();
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
    const page = await show("roll-dialog", "chat/fade-roll-dialog.hbs", view, 420);
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
