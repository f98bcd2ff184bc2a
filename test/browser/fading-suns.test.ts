import { readFileSync, statSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newCard, type AppliedMark } from "../../src/play/card";
import type * as Sheets from "../../src/rulesets/fading-suns/sheets";
import type {
  FsAttackData,
  FsAttackRow,
  FsContestRow,
  FsGoalData,
} from "../../src/rulesets/fading-suns/chat/card-data";
import { rollDialogView } from "../../src/rulesets/fading-suns/chat/dialog-form";
import { attackCardView, goalCardView, type FsAppliedSummary } from "../../src/rulesets/fading-suns/chat/views";
import { parse, roll, rollCard, scriptedDie } from "../../src/dice";
import type { StandInActor } from "../foundry/documents";
import { installFoundry, loadWorld } from "../foundry/stand-in";
import { bruteItemData, bruteSystem, erianItemData, erianSystem } from "../support/fading-suns-fixtures";
import { launchBrowser, openSheet, renderTemplate, screenshot } from "./harness";
import type * as Tracker from "../../src/rulesets/fading-suns/combat/tracker";

// Fading Suns' sheets, cards and roll dialog: the real sheet classes and views, templates and compiled
// CSS in Chromium. Numbers worked out by hand from fading-suns.txt and docs/rules-decisions.md.

let browser: Browser;
let sheets: typeof Sheets;
const RAW_KEY = /ANTHOLOGY\.|TYPES\./;
const PREFIX = "systems/anthology/templates/";
const NAME = `<b>Erian</b> "Quick"`;

type Sheet = {
  _prepareContext(o: unknown): Promise<Record<string, unknown>>;
  _preparePartContext(id: string, c: Record<string, unknown>, o: unknown): Promise<Record<string, unknown>>;
};

function actor(type: string, system: object, items: object[], name = NAME): StandInActor {
  const Actor = (CONFIG.Actor as unknown as { documentClass: new (d: object) => StandInActor }).documentClass;
  const withIds = items.map((item, i) => ({ _id: `item${i}`, ...item }));
  return new Actor({ name, type, system, items: withIds, ownership: { user1: 3 } });
}

async function renderParts(Sheet: unknown, document: unknown, editable = true): Promise<string[]> {
  const SheetImpl = Sheet as (new (o: object) => Sheet) & { PARTS: Record<string, { template: string }> };
  const sheet = new SheetImpl({ document });
  const context = { ...(await sheet._prepareContext({})), editable, systemFields: { notes: { kind: "html" } } };
  const html: string[] = [];
  for (const [partId, part] of Object.entries(SheetImpl.PARTS)) {
    if (!part.template.startsWith(PREFIX)) continue;
    const partContext = { ...(await sheet._preparePartContext(partId, context, {})), tab: { cssClass: "active" } };
    html.push(renderTemplate(part.template.slice(PREFIX.length), partContext));
  }
  return html;
}

async function rawKeys(page: Page, root: string): Promise<string[]> {
  const text = await page.locator(root).innerText();
  const attributes = await page
    .locator("[title], [aria-label], [placeholder], [alt], [data-tooltip]")
    .evaluateAll((els) =>
      els.flatMap((e) =>
        ["title", "aria-label", "placeholder", "alt", "data-tooltip"].map((a) => e.getAttribute(a) ?? ""),
      ),
    );
  return [text, ...attributes].filter((s) => RAW_KEY.test(s));
}

async function show(name: string, template: string, context: object, width = 360): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 200 } });
  const css = readFileSync("dist/styles/anthology.css", "utf8");
  await page.setContent(
    `<!doctype html><html><head><meta charset="utf-8"><style>${css}</style></head>` +
      `<body style="margin:8px;font-family:sans-serif"><div id="message" class="chat-message">` +
      `${renderTemplate(template, context)}</div></body></html>`,
  );
  await screenshot(page, `fading-suns-${name}`);
  return page;
}

const diceHtml = (formula: string, faces: number[]) =>
  renderTemplate("chat/roll-card.hbs", { card: rollCard(roll(parse(formula), { die: scriptedDie(faces) })) });
const squash = (s: string | null) => (s ?? "").replace(/\s+/g, " ").trim();

let character: Page;

beforeAll(async () => {
  const record = installFoundry({ ruleSet: "fading-suns" });
  await import("../../src");
  loadWorld(record);
  sheets = await import("../../src/rulesets/fading-suns/sheets");
  browser = await launchBrowser();
  character = await openSheet(
    browser,
    "anthology actor fading-suns",
    await renderParts(
      sheets.FadingSunsActorSheet,
      // Erian at 4 of 10 Vitality (-4), aggressive for damage.
      actor(
        "fading-suns-character",
        { ...erianSystem, vitality: { value: 4, max: null }, stance: "aggressive", aggressive: "damage" },
        erianItemData,
      ),
    ),
  );
  await character.setViewportSize({ width: 720, height: 1100 });
});
afterAll(async () => browser?.close());

describe("Fading Suns character sheet (real class, templates and CSS in Chromium)", () => {
  it("shows words, never raw keys, and names as text", async () => {
    expect(await rawKeys(character, "#sheet")).toEqual([]);
    expect(await character.inputValue("input.anthology-name")).toBe(NAME);
    expect(await character.locator("#sheet b").count()).toBe(0);
    expect(await character.locator(".anthology-fs-weapons a").nth(1).textContent()).toBe("Rapier <b>fine</b>");
  });

  it("draws Vitality: 10 boxes, 4 filled, the last five with their penalties, and −4 now", async () => {
    expect(await character.locator(".anthology-fs-track li").count()).toBe(10);
    expect(await character.locator(".anthology-fs-track li.filled").count()).toBe(4);
    expect(await character.locator(".anthology-fs-track li.wound").allTextContents()).toEqual([
      "-10",
      "-8",
      "-6",
      "-4",
      "-2",
    ]);
    expect(await character.textContent(".anthology-fs-penalty")).toContain("-4");
    expect(await character.inputValue(".anthology-fs-vitality-max")).toBe("");
    expect(await character.getAttribute(".anthology-fs-vitality-max", "placeholder")).toBe("10");
  });

  it("shows the stance, the aggressive fighter's choice and Defense with it", async () => {
    expect(await character.locator("select[name='system.stance'] option:checked").textContent()).toBe("Aggressive");
    expect(await character.locator("select[name='system.aggressive'] option:checked").textContent()).toContain(
      "damage",
    );
    // Base Defense 1, aggressive -2: -1.
    expect(await character.textContent(".anthology-fs-defense-now")).toContain("-1");
    // Strength 7: +1 damage.
    expect(squash(await character.textContent(".anthology-fs-stat.strength-bonus dd"))).toBe("+1");
  });

  it("puts the goal on each skill button, wounds included, with the odds as a tooltip", async () => {
    // Melee: Dexterity 6 + 5 - 4 = 7.
    const melee = character.locator('button[data-skill="melee"]');
    expect(squash(await melee.textContent())).toBe("7");
    expect(await melee.getAttribute("data-tooltip")).toMatch(/^Goal 7: 35\.0% success/);
    // Physick: Wits 5 + 4 - 4 = 5.
    expect(squash(await character.locator(".anthology-fs-skills.learned button.anthology-fs-roll").textContent())).toBe(
      "5",
    );
  });

  it("lists weapons with their attack goal and damage, unarmed first, and the worn armor", async () => {
    const attacks = character.locator(".anthology-fs-weapons button.anthology-fs-attack");
    expect(await attacks.count()).toBe(3);
    // Unarmed: Dex 6 + Fight 4 - 4 = 6; damage 2 + Strength 1 + aggressive 2 = 5.
    expect(squash(await attacks.nth(0).textContent())).toBe("6");
    const rows = character.locator(".anthology-fs-weapons tbody tr");
    expect(squash(await rows.nth(0).locator("td").nth(1).textContent())).toBe("5");
    // By name: Blaster 6 + 6 - 4 = 8, damage 6 + 2 = 8 (no Strength at range); Rapier 6 + 5 + 1 - 4 = 8,
    // damage 4 + 1 + 2 = 7.
    expect(squash(await attacks.nth(1).textContent())).toBe("8");
    expect(squash(await rows.nth(1).locator("td").nth(1).textContent())).toBe("8");
    expect(squash(await attacks.nth(2).textContent())).toBe("8");
    expect(squash(await rows.nth(2).locator("td").nth(1).textContent())).toBe("7");
    expect(await character.locator(".anthology-fs-armor tr.unworn").count()).toBe(1);
    const file = await screenshot(character, "fading-suns-character-sheet");
    expect(statSync(file).size).toBeGreaterThan(5000);
  });

  it("renders read-only for a viewer who cannot edit", async () => {
    const page = await openSheet(
      browser,
      "anthology actor fading-suns",
      await renderParts(sheets.FadingSunsActorSheet, actor("fading-suns-character", erianSystem, erianItemData), false),
    );
    expect(await page.locator("input:not([disabled]), select:not([disabled])").count()).toBe(0);
    expect(await page.locator('[data-action="itemCreate"], [data-action="itemDelete"]').count()).toBe(0);
    await page.close();
  });

  it("shows an NPC on one compact page", async () => {
    const page = await openSheet(
      browser,
      "anthology actor fading-suns compact",
      await renderParts(
        sheets.FadingSunsNpcSheet,
        actor(
          "fading-suns-npc",
          { ...bruteSystem, vitality: { value: 0, max: null } },
          bruteItemData,
          "Brute <i>x</i>",
        ),
      ),
    );
    expect(await rawKeys(page, "#sheet")).toEqual([]);
    expect(await page.inputValue("input.anthology-name")).toBe("Brute <i>x</i>");
    expect(await page.locator(".anthology-fs-characteristics").count()).toBe(1);
    expect(await page.locator(".anthology-fs-weapons").count()).toBe(1);
    expect(await page.locator(".anthology-fs-down").count()).toBe(1);
    await screenshot(page, "fading-suns-npc-sheet");
    await page.close();
  });
});

const who = { uuid: "Actor.a", name: `<img src=x onerror="alert(1)">Erian` };
const applied = (s: FsAppliedSummary): AppliedMark => ({
  by: "gm",
  at: 1,
  summary: s as unknown as Record<string, unknown>,
});

describe("Fading Suns cards and dialog", () => {
  it("shows a goal roll whose 20 was rerolled into a critical failure", async () => {
    const card = newCard<FsGoalData, FsContestRow>({
      ruleSet: "fading-suns",
      kind: "goal",
      actor: who,
      data: {
        characteristic: "perception",
        skill: { kind: "learned", id: "s1", name: "Lore <i>Stigmata</i>" },
        choices: { level: "easy" },
        natural: 8,
        parts: [{ id: "level", value: 4 }],
        goal: 12,
        combat: false,
        roll: 20,
        reroll: 13,
        outcome: "criticalFailure",
        victoryPoints: 0,
        link: null,
        task: null,
        steps: [],
        total: 0,
      },
      targets: [],
    });
    const page = await show(
      "goal",
      "rulesets/fading-suns/goal-card.hbs",
      goalCardView(card, { rollHtml: [diceHtml("1d20", [20]), diceHtml("1d20", [13])] }),
    );
    expect(await rawKeys(page, "#message")).toEqual([]);
    expect(await page.locator("#message img, #message i:not([class])").count()).toBe(0);
    expect(squash(await page.textContent(".anthology-fs-card-title"))).toBe(
      `<img src=x onerror="alert(1)">Erian: Perception + Lore <i>Stigmata</i>`,
    );
    expect(squash(await page.textContent(".anthology-fs-reroll"))).toContain("A 20: rerolled (13)");
    expect(squash(await page.textContent(".anthology-fs-card-result"))).toBe("Critical failure · 0 VP");
    expect(await page.locator(".anthology-fs-card-modifiers li").allTextContents()).toEqual(["Task +4"]);
    await page.close();
  });

  it("shows an attack with a row per target, one applied with Undo", async () => {
    const card = newCard<FsAttackData, FsAttackRow>({
      ruleSet: "fading-suns",
      kind: "attack",
      actor: who,
      data: {
        item: { uuid: "Actor.a.Item.w", name: "Rapier <b>fine</b>" },
        weapon: { damage: 4, goal: 1, skill: "melee", kind: "melee" },
        choices: { fightAction: "knockOut", move: "charge", charge: 3, other: 2, complementary: 3 },
        natural: 11,
        parts: [
          { id: "weapon", value: 1 },
          { id: "move", value: 2 },
          { id: "fightAction", value: -4 },
        ],
        goal: 10,
        roll: 7,
        reroll: null,
        damage: { base: 4, strength: 1, stance: 0, action: 0 },
        effectDice: 3,
      },
      targets: [
        {
          uuid: "Actor.b",
          name: "Brute <b>Joe</b>",
          data: {
            defense: { own: 1, conditions: 0, burst: 0, value: 1 },
            goal: 9,
            outcome: "success",
            victoryPoints: 3,
            hit: true,
            damage: 5,
            armor: 2,
          },
        },
        {
          uuid: "Actor.c",
          name: "Guard",
          data: {
            defense: { own: 4, conditions: 0, burst: 0, value: 4 },
            goal: 6,
            outcome: "failure",
            victoryPoints: 0,
            hit: false,
            damage: null,
            armor: 0,
          },
        },
      ],
    });
    const withApplied = {
      ...card,
      targets: card.targets.map((t, i) =>
        i === 0 ? { ...t, applied: applied({ damage: 5, armor: 2, taken: 3, before: 9, after: 6, down: false }) } : t,
      ),
    };
    const page = await show(
      "attack",
      "rulesets/fading-suns/attack-card.hbs",
      attackCardView(withApplied, { rollHtml: [diceHtml("1d20", [7])] }),
      400,
    );
    expect(await rawKeys(page, "#message")).toEqual([]);
    expect(await page.locator("#message b, #message img").count()).toBe(0);
    expect(squash(await page.textContent(".anthology-fs-card-title"))).toContain("attacks with Rapier <b>fine</b>");
    expect(squash(await page.textContent(".anthology-fs-damage"))).toBe(
      "Damage 5 (DMG 4, Strength +1, stance +0, action +0)",
    );
    expect(squash(await page.textContent(".anthology-fs-effect-dice"))).toContain("3 effect dice");
    // What the roller typed, for the GM to see before applying.
    expect(squash(await page.textContent(".anthology-fs-typed"))).toBe(
      "Typed in the dialog: 3 VP of a complementary roll, +2 to the goal",
    );
    const rows = page.locator(".anthology-fs-card-row");
    expect(await rows.count()).toBe(2);
    expect(squash(await rows.nth(0).locator(".anthology-fs-card-versus").textContent())).toBe(
      "Brute <b>Joe</b>: Defense 1, goal 9",
    );
    expect(squash(await rows.nth(0).locator(".anthology-fs-card-result").first().textContent())).toBe("Success · 3 VP");
    expect(squash(await rows.nth(0).locator(".anthology-fs-applied").textContent())).toContain("Vitality 9 → 6");
    expect(await rows.nth(0).locator('button[data-anthology-action="undo"]').count()).toBe(1);
    expect(squash(await rows.nth(1).textContent())).toContain("Failure");
    expect(await rows.nth(1).locator("button").count()).toBe(0);
    await page.close();
  });

  it("renders the goal-roll and attack dialogs with every choice in words", async () => {
    const base = {
      characteristics: erianSystem.characteristics,
      characteristic: "dexterity" as const,
      skill: 5,
      woundPenalty: -2,
      stanceGoal: 0,
    };
    for (const kind of ["check", "melee", "ranged"] as const) {
      const view = rollDialogView({
        ...base,
        kind,
        ...(kind === "check" ? {} : { weaponGoal: 1, target: { name: "Brute <b>x</b>", defense: 1 } }),
      });
      const page = await show(`dialog-${kind}`, "rulesets/fading-suns/roll-dialog.hbs", view, 440);
      expect(await rawKeys(page, "#message")).toEqual([]);
      expect(await page.locator("#message b").count()).toBe(0);
      expect(await page.locator("select[name='characteristic']").count()).toBe(kind === "check" ? 1 : 0);
      expect(await page.locator("select[name='fightAction']").count()).toBe(kind === "melee" ? 1 : 0);
      expect(await page.locator("select[name='fireAction']").count()).toBe(kind === "ranged" ? 1 : 0);
      // Goal roll: Dexterity 6 + 5 - 2 = 9. Melee: + 1 (weapon) - Defense 1 = 9. Ranged: short range, 9.
      expect(squash(await page.textContent(".anthology-fs-odds-formula"))).toBe("1d20 ≤ 9");
      if (kind !== "check")
        expect(squash(await page.textContent(".anthology-fs-dialog-target"))).toContain("Brute <b>x</b>");
      await page.close();
    }
  });
});

// A goal card of Erian's: Observe 4 + Perception 4 = 8, a 6 rolled (3 VP).
function goalCard(data: Partial<FsGoalData>, targets: Array<{ name: string; result: FsContestRow["result"] }> = []) {
  return newCard<FsGoalData, FsContestRow>({
    ruleSet: "fading-suns",
    kind: "goal",
    actor: who,
    data: {
      characteristic: "perception",
      skill: { kind: "natural", id: "observe", name: "observe" },
      choices: {},
      natural: 8,
      parts: [],
      goal: 8,
      combat: false,
      roll: 6,
      reroll: null,
      outcome: "success",
      victoryPoints: 3,
      link: null,
      task: null,
      steps: [],
      total: 0,
      ...data,
    },
    targets: targets.map((t, i) => ({ uuid: `Actor.t${i}`, name: t.name, data: { result: t.result } })),
  });
}

describe("Fading Suns contested and sustained cards", () => {
  it("shows a contest's rows: the winner and net VP of each answer, a push, and Answer where none came yet", async () => {
    // Erian's 3 VP against: 1 VP (Erian wins by 2), 3 VP (a push), 5 VP (the Vorox wins by 2), no answer yet.
    const card = goalCard({}, [
      { name: "Brute <b>Joe</b>", result: { response: "m1", vp: 1, winner: "a", net: 2 } },
      { name: "Guard", result: { response: "m2", vp: 3, winner: "push", net: 0 } },
      { name: "Vorox", result: { response: "m3", vp: 5, winner: "b", net: 2 } },
      { name: "Duelist", result: null },
    ]);
    const page = await show(
      "contest",
      "rulesets/fading-suns/goal-card.hbs",
      goalCardView(card, { rollHtml: [diceHtml("1d20", [6])] }),
      400,
    );
    expect(await rawKeys(page, "#message")).toEqual([]);
    expect(await page.locator("#message b, #message img").count()).toBe(0);
    expect(squash(await page.textContent(".anthology-fs-card-result"))).toBe("Success · 3 VP");
    const rows = page.locator(".anthology-fs-card-row");
    expect(await rows.count()).toBe(4);
    const line = async (i: number, part: string) => squash(await rows.nth(i).locator(part).textContent());
    expect(await line(0, ".anthology-fs-card-versus")).toBe("Brute <b>Joe</b> answered with 1 VP");
    expect(await line(0, ".anthology-fs-card-result")).toBe(`<img src=x onerror="alert(1)">Erian wins by 2 VP`);
    expect(await line(1, ".anthology-fs-card-result")).toBe("A push: neither side gains");
    expect(await line(2, ".anthology-fs-card-result")).toBe("Vorox wins by 2 VP");
    expect(await line(3, ".anthology-fs-card-versus")).toBe("Contested by Duelist: waiting for the answer");
    // Only the row still waiting has a button, and it names its row.
    expect(await page.locator('button[data-anthology-action="answer"]').count()).toBe(1);
    expect(await rows.nth(3).locator('button[data-anthology-action="answer"]').getAttribute("data-target")).toBe("3");
    expect(await page.locator(".anthology-fs-task").count()).toBe(0);
    await page.close();
  });

  it("marks an answer card as such", async () => {
    const card = goalCard({ link: { against: "m0", row: 1 } });
    const page = await show(
      "answer",
      "rulesets/fading-suns/goal-card.hbs",
      goalCardView(card, { rollHtml: [diceHtml("1d20", [6])] }),
    );
    expect(squash(await page.textContent("#message"))).toContain("An answer in a contest.");
    expect(await page.locator("button").count()).toBe(0);
    await page.close();
  });

  it("shows a sustained task's VP gathered with Roll again, then Task done at the threshold", async () => {
    // A Complex task (10 VP): 3 + 1 = 4 after two rolls.
    const going = goalCard({ task: "complex", steps: ["m1"], total: 4 });
    let page = await show(
      "task",
      "rulesets/fading-suns/goal-card.hbs",
      goalCardView(going, { rollHtml: [diceHtml("1d20", [6])] }, 10),
    );
    expect(await rawKeys(page, "#message")).toEqual([]);
    expect(squash(await page.textContent(".anthology-fs-task"))).toBe("Complex: 4 of 10 VP after 2 rolls Roll again");
    expect(await page.locator('.anthology-fs-task button[data-anthology-action="again"]').isVisible()).toBe(true);
    await page.close();
    // 3 + 4 + 4 = 11 of 10 after three rolls: done, no more rolls.
    const done = goalCard({ task: "complex", steps: ["m1", "m2"], total: 11 });
    page = await show(
      "task-done",
      "rulesets/fading-suns/goal-card.hbs",
      goalCardView(done, { rollHtml: [diceHtml("1d20", [6])] }, 10),
    );
    expect(squash(await page.textContent(".anthology-fs-task"))).toBe("Complex: 11 of 10 VP after 3 rolls Task done");
    expect(await page.locator("button").count()).toBe(0);
    await page.close();
  });
});

describe("Fading Suns tracker controls", () => {
  it("gives owners a stance list, others words, and shows Surprised, Holding, Hold and Act now", async () => {
    const tracker: typeof Tracker = await import("../../src/rulesets/fading-suns/combat/tracker");
    const localize = (key: string) => game.i18n!.localize(key);
    const fighter = (id: string, system: object, flags: Record<string, unknown> = {}, owner = true) => ({
      id,
      isOwner: owner,
      // The prepared actor's type and numbers, owned (or not) by the user looking.
      actor: (({ type, system: prepared }) => ({
        uuid: `Actor.${id}`,
        name: id,
        type,
        system: prepared,
        isOwner: owner,
      }))(actor("fading-suns-character", { ...erianSystem, ...system }, [], id)),
      getFlag: (_scope: string, key: string) => flags[key],
    });
    const erian = fighter("erian", { stance: "aggressive", aggressive: "damage" });
    const brute = fighter("brute", { stance: "defensive", surprised: true }, {}, false);
    const holder = fighter("holder", {}, { fsHolding: true });
    const all = [erian, brute, holder];
    // Round 2, Erian's turn.
    const combat = { round: 2, combatant: erian, combatants: new Map(all.map((c) => [c.id, c])) };
    const row = (c: (typeof all)[number], gm: boolean) =>
      tracker.trackerRowHtml(tracker.trackerRowView(combat as never, c as never, gm)!, localize);
    const html = [
      ["Erian (player)", row(erian, false)],
      ["Brute (player)", row(brute, false)],
      ["Holder (GM)", row(holder, true)],
    ]
      .map(
        ([name, controls]) =>
          `<li class="combatant"><span class="token-name"><strong>${name}</strong>${controls}</span></li>`,
      )
      .join("");
    const page = await browser.newPage({ viewport: { width: 300, height: 200 } });
    const css = readFileSync("dist/styles/anthology.css", "utf8");
    await page.setContent(
      `<!doctype html><html><head><meta charset="utf-8"><style>${css}</style></head>` +
        `<body style="margin:8px;font-family:sans-serif"><ol id="tracker">${html}</ol></body></html>`,
    );
    await screenshot(page, "fading-suns-tracker");
    expect(await rawKeys(page, "#tracker")).toEqual([]);
    const rows = page.locator("#tracker li");
    // Erian's owner: the list, on aggressive for +2 damage; Hold on its turn.
    const select = rows.nth(0).locator("select.anthology-fs-tracker-stance");
    expect(await select.inputValue()).toBe("aggressive:damage");
    expect((await select.locator("option").allTextContents()).map(squash)).toEqual([
      "Aggressive (+4 to the goal)",
      "Aggressive (+2 to damage)",
      "Neutral",
      "Defensive",
      "Full defense",
    ]);
    expect(await rows.nth(0).locator(".anthology-fs-hold").isVisible()).toBe(true);
    // Someone else's fighter: the stance in words and the Surprised mark, no controls.
    expect(await rows.nth(1).locator("select, button").count()).toBe(0);
    expect(squash(await rows.nth(1).locator(".anthology-fs-tracker").textContent())).toBe("DefensiveSurprised");
    // The GM sees Act now on the holder, whose turn it is not.
    expect(await rows.nth(2).locator(".anthology-fs-mark.holding").textContent()).toBe("Holding");
    expect(await rows.nth(2).locator(".anthology-fs-act-now").isVisible()).toBe(true);
    expect(await rows.nth(2).locator(".anthology-fs-hold").count()).toBe(0);
    await page.close();
  });
});
