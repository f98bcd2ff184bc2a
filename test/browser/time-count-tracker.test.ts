import { readFileSync } from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actDialogContext, actMove } from "../../src/rulesets/hod/combat/act-form";
import { timeCountView, type TimeCountView } from "../../src/combat/time-count-view";
import { DEFAULT_METRICS, measureTracker, windowView, type WindowRange } from "../../src/combat/time-count-window";
import { combatantRow } from "../support/combatant-rows";
import { launchBrowser, renderTemplate, screenshot } from "./harness";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const row = combatantRow;

const ROWS = [
  row("z", "Zherynn", 12, { owner: true }),
  row("a", "Aeus", 13, { surprised: true, unsteady: true }),
  row("b", "Brannoc", 12),
  row("g", "Garret <script>alert(1)</script>", 16),
  row("l", "Latecomer", null),
  row("d", "Dead Orc", 9, { defeated: true }),
];

async function show(name: string, parts: Array<[string, object]>, width = 300) {
  const page = await browser.newPage({ viewport: { width, height: 640 } });
  const css = readFileSync("dist/styles/anthology.css", "utf8");
  const html = parts.map(([template, context]) => renderTemplate(template, context)).join("");
  await page.setContent(
    `<!doctype html><html><head><meta charset="utf-8"><style>${css}</style></head>` +
      `<body style="margin:0;font-family:sans-serif;background:#1d1d22;color:#eee">` +
      `<section class="anthology-time-count" style="width:${width}px">${html}</section></body></html>`,
  );
  await screenshot(page, `time-count-${name}`);
  return page;
}

describe("Time Count tracker (templates, compiled CSS, Chromium)", () => {
  it("draws a short list whole, as before", () => {
    const view = windowView(timeCountView({ rows: ROWS, tc: 12, started: true, isGM: true, canUndo: true }));
    expect(view.windowed).toBe(false);
    const html = renderTemplate("combat/time-count-tracker.hbs", { timeCount: view });
    expect(html).not.toContain("anthology-tc-spacer");
    expect(html).not.toContain("windowed");
  });

  it("shows the current TC, groups by next TC with simultaneous groups marked, and greys those not due", async () => {
    const view = timeCountView({ rows: ROWS, tc: 12, started: true, isGM: true, canUndo: true });
    const page = await show("gm", [
      ["combat/time-count-tracker.hbs", { timeCount: view }],
      ["combat/time-count-footer.hbs", { timeCount: view }],
    ]);
    expect(await page.textContent(".anthology-tc-value")).toBe("12");
    expect((await page.textContent(".anthology-tc-next"))?.trim()).toBe("Next: TC 13");
    const heads = await page.locator(".anthology-tc-group-label").allTextContents();
    expect(heads).toEqual(["TC 12: acting now", "TC 13", "TC 16", "No initiative yet", "Defeated"]);
    const groups = page.locator(".anthology-tc-group");
    expect(await groups.nth(0).getAttribute("class")).toContain("simultaneous");
    expect(await groups.nth(0).locator(".anthology-tc-badge.simultaneous").count()).toBe(1);
    expect(await groups.nth(1).locator(".anthology-tc-badge.simultaneous").count()).toBe(0);
    expect(await page.locator(".anthology-tc-row.due strong").allTextContents()).toEqual(["Brannoc", "Zherynn"]);
    // Those not yet due are greyed.
    const opacity = await page.$eval(".anthology-tc-row.waiting", (e) => getComputedStyle(e).opacity);
    expect(Number(opacity)).toBeLessThan(1);
    expect(
      await page
        .locator(".anthology-tc-row.due")
        .first()
        .evaluate((e) => getComputedStyle(e).opacity),
    ).toBe("1");
    // The GM acts for anyone due, and has the count's controls.
    expect(await page.locator('.anthology-tc-row.due [data-action="actCombatant"]').count()).toBe(2);
    expect(await page.locator('.anthology-tc-row.waiting [data-action="actCombatant"]').count()).toBe(0);
    expect(await page.locator('[data-action="rollInitiative"]').count()).toBe(1);
    for (const action of ["advanceCount", "undoCount", "endTimeCount"]) {
      expect(await page.locator(`.anthology-tc-footer [data-action="${action}"]`).count()).toBe(1);
    }
    expect(await page.locator('[data-action="undoCount"]').isDisabled()).toBe(false);
    expect(await page.locator(".anthology-tc-badge.unsteady").count()).toBe(1);
    // A name with markup is shown as text, never run.
    expect(await page.locator("script").count()).toBe(0);
    expect(await page.locator("body").innerText()).toContain("Garret <script>alert(1)</script>");
    expect(await page.locator("body").innerText()).not.toMatch(/ANTHOLOGY\./);
    const tooltips = await page
      .locator("[data-tooltip]")
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-tooltip")));
    expect(tooltips.filter((t) => t?.startsWith("ANTHOLOGY."))).toEqual([]);
    await page.close();
  });

  it("gives a player controls only for their own combatant and none for the count", async () => {
    const view = timeCountView({ rows: ROWS, tc: 12, started: true, isGM: false, canUndo: false });
    const page = await show("player", [
      ["combat/time-count-tracker.hbs", { timeCount: view }],
      ["combat/time-count-footer.hbs", { timeCount: view }],
    ]);
    const act = page.locator('[data-action="actCombatant"]');
    expect(await act.count()).toBe(1);
    expect(await page.locator('[data-combatant-id="z"] [data-action="actCombatant"]').count()).toBe(1);
    expect(await page.locator('[data-action="toggleDefeated"]').count()).toBe(0);
    expect(await page.locator(".anthology-tc-footer button").count()).toBe(0);
    await page.close();
  });

  it("shows a rule set's numbers and condition markers under a combatant's name", async () => {
    const tracked = [
      row("h", "Hadwin", 12, {
        owner: true,
        tracks: [
          { key: "ANTHOLOGY.HoD.Tracker.hp", value: 18, max: 24 },
          { key: "ANTHOLOGY.HoD.Tracker.fatigue", value: 25, max: 18, tone: "bad" },
          { key: "ANTHOLOGY.HoD.Tracker.top", value: 0, max: 5, tone: "bad" },
        ],
        markers: [{ key: "ANTHOLOGY.HoD.Sheet.State.wounded", tone: "bad" }],
      }),
      row("o", "Orc", 14, { markers: [{ key: "ANTHOLOGY.HoD.Sheet.State.dying", tone: "bad" }] }),
    ];
    const view = timeCountView({ rows: tracked, tc: 12, started: true, isGM: false, canUndo: false });
    const page = await show("tracks", [["combat/time-count-tracker.hbs", { timeCount: view }]]);
    const hadwin = page.locator('[data-combatant-id="h"]');
    expect(await hadwin.locator(".anthology-tc-track").allInnerTexts()).toEqual([
      "HP 18/24",
      "Fatigue 25/18",
      "ToP 0/5",
    ]);
    expect(await hadwin.locator(".anthology-tc-track.bad").count()).toBe(2);
    expect(await hadwin.locator(".anthology-tc-badge.marker").allInnerTexts()).toEqual(["Wounded"]);
    const orc = page.locator('[data-combatant-id="o"]');
    expect(await orc.locator(".anthology-tc-tracks").count()).toBe(0);
    expect(await orc.locator(".anthology-tc-badge.marker.bad").innerText()).toBe("Dying");
    expect(await page.locator("body").innerText()).not.toMatch(/ANTHOLOGY\./);
    await page.close();
  });

  it("before the start shows TC 0 and the GM's Begin button", async () => {
    const view = timeCountView({ rows: ROWS.slice(0, 3), tc: 0, started: false, isGM: true, canUndo: false });
    const page = await show("not-started", [
      ["combat/time-count-tracker.hbs", { timeCount: view }],
      ["combat/time-count-footer.hbs", { timeCount: view }],
    ]);
    expect(await page.textContent(".anthology-tc-value")).toBe("0");
    expect(await page.locator(".anthology-tc-row.due").count()).toBe(0);
    expect((await page.textContent('[data-action="startTimeCount"]'))?.trim()).toBe("Begin combat at TC 0");
    await page.close();
  });

  it("renders the Act dialog with the text's actions grouped by speed, and the Delay dialog", async () => {
    const page = await show(
      "dialogs",
      [
        ["rulesets/hod/act-dialog.hbs", actDialogContext("Zherynn", true)],
        ["combat/delay-dialog.hbs", { name: "Zherynn", own: 12, suggested: 13 }],
      ],
      420,
    );
    const groups = await page
      .locator('select[name="action"] optgroup')
      .evaluateAll((els) => els.map((e) => e.getAttribute("label")));
    expect(groups).toEqual([
      "Attacks, spells and others",
      "Free",
      "Rapid",
      "Swift",
      "Fast",
      "Standard",
      "Slow",
      "Stances (shift speed)",
    ]);
    // The table's 28 actions, charging a spell and releasing a charge, moving a count, and a custom SF;
    // then four stances to shift into by hand and the way back to a basic stance.
    expect(await page.locator('select[name="action"] option').count()).toBe(37);
    expect(await page.locator('option[value="stance:crouch"]').textContent()).toBe("Crouch (1d4)");
    expect(await page.locator('select[name="action"]').inputValue()).toBe("attack");
    expect(await page.locator('select[name="weaponClass"]').inputValue()).toBe("standard");
    expect(await page.locator('option[value="drinkPotion"]').textContent()).toBe("Drink a potion (1d6+3)");
    expect(await page.locator('input[name="extras"]').count()).toBe(2);
    expect(await page.locator('input[name="toTc"]').inputValue()).toBe("13");
    expect(await page.locator('select[name="offHandClass"]').inputValue()).toBe("");
    expect(await page.locator('input[name="alternating"]').count()).toBe(1);
    expect(await page.locator("body").innerText()).not.toMatch(/ANTHOLOGY\./);
    await page.close();
  });

  it("shows a Move's squares on the movement's next count at each pace in the Act dialog", async () => {
    // Fast (25 ft), second consecutive count: 1 2 1 1 moves 2; running 35 ft (2 2 1 2) 2; sprinting 45 ft (2 3 2 2) 3.
    const context = { ...actDialogContext("Garret", true), move: actMove({ system: { speed: 25 } }, 1) };
    const page = await show("act-move", [["rulesets/hod/act-dialog.hbs", context]], 420);
    const move = page.locator(".anthology-hod-move");
    expect(await move.locator("legend").textContent()).toBe("Move: count 2 of this movement");
    expect((await move.locator("label").allTextContents()).map((t) => t.trim())).toEqual([
      "Base speed 25 ft: 2 square(s) now (counts 1–4: 1 2 1 1)",
      "Running 35 ft: 2 square(s) now (counts 1–4: 2 2 1 2); unsteady",
      "Sprinting 45 ft or more: 3 square(s) now (counts 1–4: 2 3 2 2); unsteady",
    ]);
    expect(await move.locator('input[name="pace"]:checked').inputValue()).toBe("base");
    expect(await move.locator('input[name="moveCount"]').inputValue()).toBe("2");
    expect(await page.locator("body").innerText()).not.toMatch(/ANTHOLOGY\./);
    await page.close();
  });

  it("offers the combatant's weapons in hand first in the Act dialog, for the attack and as the second weapon", async () => {
    const weapons = [
      { name: "Longsword <i>of</i> Ash", speedClass: "standard" as const },
      { name: "Rapier", speedClass: "fast" as const },
    ];
    const page = await show(
      "act-weapons",
      [["rulesets/hod/act-dialog.hbs", actDialogContext("Garret", true, "attack", weapons)]],
      420,
    );
    const weapon = page.locator('select[name="weaponClass"]');
    expect(await weapon.locator("optgroup").evaluateAll((els) => els.map((e) => e.getAttribute("label")))).toEqual([
      "Weapons in hand",
      "Speed classes",
    ]);
    expect(await weapon.locator("optgroup").first().locator("option").allTextContents()).toEqual([
      "Longsword <i>of</i> Ash: Standard (1d6+6)",
      "Rapier: Fast (1d6+3)",
    ]);
    // The first weapon in hand is chosen; no speed class is.
    expect(await weapon.inputValue()).toBe("standard");
    expect(await weapon.locator("option:checked").textContent()).toBe("Longsword <i>of</i> Ash: Standard (1d6+6)");
    expect(await page.locator('select[name="offHandClass"] option').count()).toBe(1 + 2 + 8);
    expect(await page.locator("i").count()).toBe(0);
    await page.close();
  });
});

/** 5,000 combatants, 40 at each TC from 10 up, a few defeated, one without initiative. */
function longFight(): TimeCountView {
  const rows = Array.from({ length: 5000 }, (_, i) =>
    row(`c${i}`, `NPC ${String(i).padStart(4, "0")}`, i === 4999 ? null : 10 + Math.floor(i / 40), {
      defeated: i >= 4990 && i < 4999,
      unsteady: i % 7 === 0,
    }),
  );
  return timeCountView({ rows, tc: 10, started: true, isGM: true, canUndo: true });
}

/** The sidebar as Foundry lays it out: a column as tall as the window, the tracker part scrolling in it. */
function sidebar(tracker: string, footer: string): string {
  const css = readFileSync("dist/styles/anthology.css", "utf8");
  return (
    `<!doctype html><html><head><meta charset="utf-8"><style>${css}</style></head>` +
    `<body style="margin:0;font-family:sans-serif;font-size:16px;background:#1d1d22;color:#eee">` +
    `<section id="combat" class="anthology-time-count" style="width:300px;height:640px;display:flex;flex-direction:column">` +
    `${tracker.replace("<section", '<section data-application-part="tracker"')}${footer}</section></body></html>`
  );
}

describe("Time Count tracker with thousands of combatants (Chromium)", () => {
  it("draws only the rows in view, keeps the list's full height, and follows the scroll to the right rows", async () => {
    const whole = longFight();
    const render = (range: WindowRange) =>
      renderTemplate("combat/time-count-tracker.hbs", { timeCount: windowView(whole, range) });
    const footer = renderTemplate("combat/time-count-footer.hbs", { timeCount: whole });
    const page = await browser.newPage({ viewport: { width: 300, height: 640 } });
    await page.setContent(sidebar(render({ top: 0, height: 600 }), footer));
    const scroller = page.locator('[data-application-part="tracker"]');
    expect(await page.locator(".anthology-tc-groups.windowed").getAttribute("data-row-count")).toBe("5000");
    const drawn = await page.locator(".anthology-tc-row").count();
    expect(drawn).toBeGreaterThan(5);
    expect(drawn).toBeLessThan(60);
    expect((await page.locator(".anthology-tc-group-label").first().textContent())?.trim()).toBe("TC 10: acting now");
    // The heights the windowing assumes are the stylesheet's.
    const measured = await scroller.evaluate(measureTracker);
    expect(measured.metrics).toEqual(DEFAULT_METRICS);
    await screenshot(page, "time-count-long-top");

    // The same list drawn whole, as the reference for heights and positions.
    const reference = await browser.newPage({ viewport: { width: 300, height: 640 } });
    await reference.setContent(sidebar(render({ top: 0, height: 1e9 }), footer));
    expect(await reference.locator(".anthology-tc-row").count()).toBe(5000);
    const heightOf = (p: typeof page) => p.locator('[data-application-part="tracker"]').evaluate((e) => e.scrollHeight);
    const full = await heightOf(reference);
    expect(await heightOf(page)).toBe(full);

    // Scroll as the tracker does: measure the view, draw around it, the part is replaced and its scroll kept.
    for (const at of [0.17, 0.5, 0.83, 1]) {
      const scrollTop = Math.round((full - 640) * at);
      const { range } = await scroller
        .evaluate((e, top) => {
          e.scrollTop = top;
          return { top };
        }, scrollTop)
        .then(() => scroller.evaluate(measureTracker));
      const html = render(range);
      await scroller.evaluate(
        (e, { html, top }) => {
          const next = new DOMParser().parseFromString(html, "text/html").body.firstElementChild!;
          next.setAttribute("data-application-part", "tracker");
          e.replaceWith(next);
          (next as HTMLElement).scrollTop = top;
        },
        { html, top: scrollTop },
      );
      expect(await page.locator(".anthology-tc-row").count()).toBeLessThan(80);
      expect(await heightOf(page)).toBe(full);
      await reference.locator('[data-application-part="tracker"]').evaluate((e, top) => (e.scrollTop = top), scrollTop);
      // The rows in view are the ones the whole list shows there, at the same places.
      for (const y of [60, 320, 560]) {
        const seen = (p: typeof page) =>
          p.evaluate(
            (y) =>
              document.elementFromPoint(150, y)?.closest("[data-combatant-id]")?.getAttribute("data-combatant-id") ??
              null,
            y,
          );
        const expected = await seen(reference);
        expect(await seen(page), `at ${at}, y ${y}`).toBe(expected);
      }
    }
    expect(await page.locator(".anthology-tc-group-label").last().textContent()).toBe("Defeated");
    await screenshot(page, "time-count-long-end");
    await reference.close();
    await page.close();
  });
});
