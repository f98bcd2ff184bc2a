import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleEntry } from "../../scripts/lib/bundle.mjs";
import { newCard } from "../../src/play/card";
import { outcomeViews, type TargetOutcome } from "../../src/play/outcome-line";
import type { AttackChoices, FudgeAttackData, FudgeRow } from "../../src/rulesets/fudge/chat/card-data";
import type * as Api from "../../src/api";
import type * as Outcomes from "../../src/rulesets/fudge/chat/outcomes";
import type * as DialogForm from "../../src/rulesets/fudge/chat/dialog-form";
import type * as Views from "../../src/rulesets/fudge/chat/views";
import type * as Source from "../../src/rulesets/fudge/data/source";
import type { StandInActor } from "../foundry/documents";
import { installFoundry, loadWorld } from "../foundry/stand-in";
import { launchBrowser, renderTemplate, screenshot } from "./harness";

// Issue 31 in FUDGE: the attack dialog lists each targeted token's chances to be hit, hurt and dropped
// (refreshed live as the form changes), and each row of the posted attack card shows the same line:
// the real templates, views and compiled CSS in Chromium.

let browser: Browser;
let lineModule: string;
let mickey: StandInActor;
let bandit: StandInActor;
let moe: StandInActor;
let outcomes: typeof Outcomes;
let dialogForm: typeof DialogForm;
let views: typeof Views;
let source: typeof Source;
let api: typeof Api.api;

type ActorClass = { create(data: object): Promise<StandInActor> };

beforeAll(async () => {
  const record = installFoundry({ ruleSet: "fudge" });
  await import("../../src");
  loadWorld(record);
  outcomes = await import("../../src/rulesets/fudge/chat/outcomes");
  dialogForm = await import("../../src/rulesets/fudge/chat/dialog-form");
  views = await import("../../src/rulesets/fudge/chat/views");
  source = await import("../../src/rulesets/fudge/data/source");
  ({ api } = await import("../../src/api"));
  const Actor = (CONFIG.Actor as unknown as { documentClass: ActorClass }).documentClass;
  mickey = await Actor.create({
    name: "Mickey",
    type: "fudge-character",
    system: { attributes: { build: 1, health: 0, agility: 1 } },
    items: [
      { name: "Swordsmanship", type: "fudge-skill", system: { level: 1 } },
      { name: "Broadsword", type: "fudge-weapon", system: { size: 2, sharp: true, skill: "Swordsmanship" } },
    ],
    ownership: { user1: 3 },
  });
  const foe = (name: string, wounds: object) =>
    Actor.create({
      name,
      type: "fudge-npc",
      system: { attributes: { agility: 0 }, wounds },
      items: [
        { name: "Sword fighting", type: "fudge-skill", system: { level: 0 } },
        { name: "Shortsword", type: "fudge-weapon", system: { size: 1, sharp: true, skill: "Sword fighting" } },
        { name: "Leather", type: "fudge-armor", system: { protection: 1 } },
      ],
    });
  bandit = await foe(`Bandit <img src=x onerror="window.hacked=1">Joe`, {});
  // Moe is down to his last boxes: every Scratch, Light and Major marked, and his Critical.
  moe = await foe("Moe", { scratch: 3, light: 2, major: 1, critical: 1 });
  browser = await launchBrowser();
  lineModule = readFileSync(await bundleEntry(path.resolve("src/play/outcome-line.ts"), "outcome-line.mjs"), "utf8");
});
afterAll(async () => browser?.close());

const sword = () => mickey.items.find((i) => i.name === "Broadsword")!;
const skillId = () => mickey.items.find((i) => i.name === "Swordsmanship")!.id!;
const choices = (over: Partial<AttackChoices> = {}): AttackChoices => ({
  trait: { kind: "skill", id: skillId() },
  modifier: 0,
  stance: "normal",
  foes: 1,
  minimum: -2,
  berserk: false,
  feint: false,
  pull: null,
  stun: false,
  unopposed: false,
  difficulty: -2,
  range: "medium",
  cover: false,
  darkness: false,
  running: false,
  sprinting: false,
  aiming: false,
  mass: false,
  arrows: 1,
  location: false,
  attackType: null,
  aim: null,
  ...over,
});
const lines = (c: AttackChoices): TargetOutcome[] =>
  outcomes.attackOutcomes(
    { actor: mickey as never, weapon: source.weaponOf(sword() as never), choices: c, penalty: 0 },
    [bandit as never, moe as never],
  );

async function show(name: string, template: string, context: object, width = 420): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 200 } });
  const css = readFileSync("dist/styles/anthology.css", "utf8");
  await page.setContent(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${css}</style></head>` +
      `<body style="margin:8px;font-family:sans-serif"><div id="root" class="chat-message">` +
      `${renderTemplate(template, context)}</div></body></html>`,
  );
  await page.setViewportSize({ width, height: await page.evaluate(() => document.body.scrollHeight + 16) });
  await screenshot(page, `fudge-outcome-${name}`);
  return page;
}

const shown = (page: Page) =>
  page
    .locator(".anthology-outcome")
    .evaluateAll((items) => items.map((li) => [...li.querySelectorAll("span")].map((s) => s.textContent?.trim())));
/** How many of an element's texts are this name alone (a header, a name in a list), not a sentence naming it. */
const namedAlone = (el: Element, name: string) => {
  const walk = el.ownerDocument.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  let count = 0;
  while (walk.nextNode()) if (walk.currentNode.textContent?.trim() === name) count += 1;
  return count;
};
const asText = (list: TargetOutcome[]) => outcomeViews(list).map((v) => [v.name, v.hit, v.hurt, v.drop]);

describe("FUDGE's attack dialog and card: each target's chances to be hit, hurt and dropped", () => {
  it("the dialog lists every targeted token under the roll line, and refreshes it live", async () => {
    const input = {
      kind: "attack" as const,
      traits: dialogForm.traitOptions({ build: 1 }, [{ id: skillId(), name: "Swordsmanship", level: 1 }]),
      trait: choices().trait,
      penalty: 0,
      stance: "normal" as const,
    };
    const first = lines(choices());
    const page = await show("dialog", "rulesets/fudge/roll-dialog.hbs", {
      ...dialogForm.dialogView(input),
      outcomes: outcomeViews(first),
    });
    expect(await shown(page)).toEqual(asText(first));
    // Mickey's broadsword: Good against two Fair bandits in leather; Moe's last boxes make any hit that
    // gets through drop him.
    const [joe, last] = first;
    expect(joe!.odds).toEqual(
      api.rules.fudge.outcomeOdds({
        attacker: { skill: 1, reach: 3, blow: { size: 2, sharp: true, build: 1 } },
        defender: { skill: 0, reach: 2, soak: { armor: 1 } },
        alsoFacing: [{ skill: 0, modifier: -3, reach: 2 }],
      }),
    );
    expect(last!.odds.drop).toBe(last!.odds.hurt);
    expect(await page.locator("img").count()).toBe(0);
    // The list sits in the dialog, after the roll line.
    expect(
      await page.evaluate(() =>
        Boolean(
          document
            .querySelector(".anthology-roll-line")!
            .compareDocumentPosition(document.querySelector(".anthology-outcome-odds")!) &
          Node.DOCUMENT_POSITION_FOLLOWING,
        ),
      ),
    ).toBe(true);
    // The user picks a violent stance: the play layer's showOutcomes writes the new chances.
    const violent = lines(choices({ stance: "violent" }));
    await page.evaluate(
      `window.game = { i18n: { format: (k, d) => ({ hit: "Hit ", hurt: "Hurt ", drop: "Drop " })[k.split(".").pop()] + d.chance } };`,
    );
    await page.addScriptTag({ type: "module", content: `${lineModule}\nwindow.lineModule = { showOutcomes };` });
    await page.waitForFunction(() => "lineModule" in window);
    await page.evaluate((next) => {
      (window as unknown as { lineModule: { showOutcomes(r: HTMLElement, o: unknown): void } }).lineModule.showOutcomes(
        document.getElementById("root")!,
        next,
      );
    }, violent as never);
    expect(await shown(page)).toEqual(asText(violent));
    expect(asText(violent)).not.toEqual(asText(first));
    expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
    await screenshot(page, "fudge-outcome-dialog-violent");
    await page.close();
  });

  it("each row of the posted attack card shows the same line, from the card's own choices", async () => {
    const c = choices({ stance: "offensive" });
    const card = newCard<FudgeAttackData, FudgeRow>({
      ruleSet: "fudge",
      kind: "attack",
      actor: { uuid: mickey.uuid, name: mickey.name },
      data: {
        item: { uuid: sword().uuid!, name: "Broadsword" },
        ranged: false,
        choices: c,
        traitName: "Swordsmanship",
        level: 1,
        penalty: 0,
        total: 2,
        location: null,
      },
      targets: [bandit, moe].map((t) => ({ uuid: t.uuid, name: t.name, data: { opposed: true, result: null } })),
    });
    const page = await show(
      "card",
      "rulesets/fudge/attack-card.hbs",
      views.attackCardView(card, { rollHtml: [] }, outcomes.cardOutcomes(card)),
      380,
    );
    const rows = page.locator(".anthology-fudge-card-row");
    expect(await rows.count()).toBe(2);
    // The row's header names its target; its line shows the three chances alone.
    const expected = asText(lines(c)).map(([, ...chances]) => chances);
    for (const [i, line] of expected.entries()) {
      const row = rows.nth(i);
      // The name stands alone once in the row, as its header (the note waiting for the answer says it in
      // a sentence).
      const name = i === 0 ? bandit.name! : moe.name!;
      expect(await row.locator(".anthology-fudge-card-versus").textContent()).toBe(name);
      expect(await row.evaluate(namedAlone, name)).toBe(1);
      expect(
        await row
          .locator(".anthology-outcome")
          .evaluate((li) => [...li.querySelectorAll("span")].map((s) => s.textContent?.trim())),
      ).toEqual(line);
    }
    expect(await page.locator("img").count()).toBe(0);
    await page.close();
  });
});
