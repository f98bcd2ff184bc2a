import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Sheets from "../../src/rulesets/opend6/sheets";
import type { OpenD6AttackData, OpenD6AttackRow } from "../../src/rulesets/opend6/chat/card-data";
import type { Card } from "../../src/play/card";
import { dialogCalls } from "../foundry/combat";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog, target } from "../support/fade-world";
import { clickSheet, loadOpenD6World, opend6Actors } from "../support/opend6-world";
import { cardData, press } from "../support/play";
import { percent } from "../../src/dice/odds-card";
import { odds as engineOdds } from "../../src/dice";

// Issue 31 for OpenD6: the attack dialog shows each targeted token's chances to be hit, hurt and
// dropped, refreshed as the form changes; each row of the posted card shows the same line from the
// card's own data; and on scripted dice the chances worked from the rolled totals agree with what the
// GM's apply does.

let record: StandInRecord;
let sheets: typeof Sheets;
let kira: StandInActor;
let thug: StandInActor;

type View = Record<string, unknown>;
type AttackCard = Card<OpenD6AttackData, OpenD6AttackRow>;
const PISTOL = "Pistol <b>of</b> Doom";
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const renderedWith = (path: string) => record.rendered.filter((r) => r.path.endsWith(path)).at(-1)!.data as View;
const setting = (key: string, value: unknown) => game.settings!.set("anthology" as never, key as never, value as never);
const od6 = () => import("../../src/api").then((m) => m.api.rules.opend6);
const wounds = (actor: StandInActor) => (actor.system as unknown as { wounds: string }).wounds;
const statuses = (actor: StandInActor) => [...(actor as unknown as { statuses: Set<string> }).statuses];

/** The same attack as the dialog shows it: Kira's pistol, 5D against the thug's passive 10, 4D against 3D. */
const PISTOL_AT_THUG = {
  attack: "5D",
  defense: 10,
  damage: "4D",
  resistance: "3D",
  health: { mode: "wounds", wounds: "none" },
} as const;

beforeAll(async () => {
  ({ record, sheets } = await loadOpenD6World());
});

beforeEach(async () => {
  await setting("opend6Health", "wounds");
  await setting("opend6DamageBonus", false);
  await setting("opend6WoundChart", "1 Stunned, 4 Wounded, 9 Severely Wounded, 13 Incapacitated, 16 Mortally Wounded");
  for (const key of ["opend6RangeTable", "opend6CoverTable", "opend6LocationTable", "opend6DifficultyTable"]) {
    await setting(key, "");
  }
  ({ kira, thug } = await opend6Actors());
  record.notifications.length = 0;
  fulfillment.length = 0;
  dialogCalls.length = 0;
  target(thug, "Thug <i>grim</i>");
});

/** A stand-in for the few DOM calls the live refresh makes: elements that keep their children and text. */
class Node_ {
  children: Node_[] = [];
  textContent = "";
  className = "";
  title = "";
  hidden = false;
  readonly ownerDocument = { createElement: () => new Node_() };
  append(...nodes: Array<Node_ | string>) {
    for (const n of nodes) if (typeof n !== "string") this.children.push(n);
  }
  replaceChildren(...nodes: Node_[]) {
    this.children = nodes;
  }
}

/**
 * Opens the dialog's live refresh as Foundry would: calls the dialog's render callback with an element
 * holding the form and the outcome list, and returns a function that changes the form and reads the list.
 */
function liveDialog(): (values: Record<string, string>) => string[][] {
  const config = dialogCalls.at(-1) as { render: (e: unknown, d: unknown) => void };
  const list = new Node_();
  const listeners: Array<() => void> = [];
  const form = {
    values: new FormData(),
    addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
  };
  const element = {
    querySelector: (selector: string) =>
      selector === "form" ? form : selector === ".anthology-outcome-odds" ? list : null,
    closest: () => null,
  };
  config.render(new Event("render"), { element });
  return (values) => {
    form.values = new FormData();
    for (const [k, v] of Object.entries(values)) form.values.append(k, v);
    const Real = globalThis.FormData;
    // The refresh reads `new FormData(form)`: the values the test set.
    (globalThis as { FormData: unknown }).FormData = function (this: unknown, f?: { values?: FormData }) {
      return f?.values ?? new Real();
    };
    try {
      listeners[0]!();
    } finally {
      globalThis.FormData = Real;
    }
    return list.children.map((li) => li.children.map((span) => span.textContent));
  };
}

describe("OpenD6 outcome odds in the attack dialog and on the card", () => {
  it("shows each targeted token's chances in the dialog, refreshed as the choices change", async () => {
    const rules = await od6();
    answerDialog({ range: "short", cover: "none", posture: "standing", aim: "0", actions: "1" });
    fulfillment.push(5, 5, 4, 3, 2, 3, 3, 3, 3, 2, 2, 2);
    await clickSheet(sheets, kira, "od6Attack", { item: PISTOL });
    const odds = rules.outcomeOdds(PISTOL_AT_THUG);
    const view = renderedWith("opend6/roll-dialog.hbs") as { outcomes: View[] };
    // The name as the token shows it (as text: the template escapes it).
    expect(view.outcomes).toEqual([
      {
        name: "Thug <i>grim</i>",
        hit: `Hit ${percent(odds.hit)}`,
        hurt: `Hurt ${percent(odds.hurt)}`,
        drop: `Drop ${percent(odds.drop)}`,
        label: `Thug <i>grim</i>: Hit ${percent(odds.hit)}, Hurt ${percent(odds.hurt)}, Drop ${percent(odds.drop)}`,
      },
    ]);
    // The chance to hit is the one the dialog's line has always shown.
    expect(odds.hit).toBeCloseTo(engineOdds("5D").atLeast(10), 12);
    expect(odds.drop).toBeGreaterThan(0);

    // At Long range with half cover (10 + 10 + 6 = 26) the chances fall; a hit location on the head
    // adds its damage; each change rewrites the list.
    const change = liveDialog();
    const far = rules.outcomeOdds({ ...PISTOL_AT_THUG, situation: { range: "long", cover: "half" } });
    expect(change({ range: "long", cover: "half", posture: "standing", aim: "0", actions: "1" })).toEqual([
      ["Thug <i>grim</i>", `Hit ${percent(far.hit)}`, `Hurt ${percent(far.hurt)}`, `Drop ${percent(far.drop)}`],
    ]);
    expect(far.hit).toBeLessThan(odds.hit);
    // Two Character Points: two more exploding dice.
    const points = rules.outcomeOdds({ ...PISTOL_AT_THUG, attack: "5D+2CP" });
    expect(
      change({ range: "short", cover: "none", posture: "standing", aim: "0", actions: "1", characterPoints: "2" }),
    ).toEqual([
      [
        "Thug <i>grim</i>",
        `Hit ${percent(points.hit)}`,
        `Hurt ${percent(points.hurt)}`,
        `Drop ${percent(points.drop)}`,
      ],
    ]);
  });

  it("shows the same line on the card's row, from the card's own data, before and after the GM applies", async () => {
    const rules = await od6();
    answerDialog({ range: "short", cover: "none", posture: "standing", aim: "0", actions: "1" });
    fulfillment.push(5, 5, 4, 3, 2, 3, 3, 3, 3, 2, 2, 2);
    await clickSheet(sheets, kira, "od6Attack", { item: PISTOL });
    const dialog = (renderedWith("opend6/roll-dialog.hbs") as { outcomes: View[] }).outcomes;
    const attack = lastMessage();
    const row = () => (renderedWith("opend6/attack-card.hbs") as { rows: Array<{ outcomes: View[] }> }).rows[0]!;
    expect(row().outcomes).toEqual(dialog);
    // Applied: the row still shows the chances the attack had (the track before it), not the thug's now.
    expect(await press(attack, "apply", 0)).toBe(true);
    expect(wounds(thug)).toBe("wounded");
    await (attack as unknown as { render?: () => Promise<unknown> }).render?.();
    const { rowOutcome } = await import("../../src/rulesets/opend6/chat/outcomes");
    const card = cardData<OpenD6AttackData, OpenD6AttackRow>(attack) as AttackCard;
    expect(rowOutcome(card, card.targets[0]!)?.odds).toMatchObject(rules.outcomeOdds(PISTOL_AT_THUG));
  });

  it("leaves the line out with no target, and for a target gone since the card", async () => {
    target(null);
    answerDialog({ range: "short", cover: "none", posture: "standing", aim: "0", actions: "1" });
    fulfillment.push(5, 5, 4, 3, 2);
    await clickSheet(sheets, kira, "od6Attack", { item: PISTOL });
    expect((renderedWith("opend6/roll-dialog.hbs") as { outcomes: View[] }).outcomes).toEqual([]);
    target(thug, "Thug");
    answerDialog({ range: "short", cover: "none", posture: "standing", aim: "0", actions: "1" });
    fulfillment.push(5, 5, 4, 3, 2, 3, 3, 3, 3, 2, 2, 2);
    await clickSheet(sheets, kira, "od6Attack", { item: PISTOL });
    const card = cardData<OpenD6AttackData, OpenD6AttackRow>(lastMessage()) as AttackCard;
    const { rowOutcome } = await import("../../src/rulesets/opend6/chat/outcomes");
    expect(rowOutcome(card, { ...card.targets[0]!, uuid: "Actor.gone" })).toBeNull();
  });
});

describe("OpenD6 outcome odds agree with the GM's apply on scripted dice", () => {
  /**
   * Posts Kira's pistol attack on the thug with these faces, works the chances from the card's own data
   * with each roll's rolled total as its only outcome, applies the row, and returns both.
   */
  async function scripted(faces: number[]) {
    const { outcomeOddsFrom } = await import("../../src/rulesets/opend6/rules");
    const { rowOutcomeInput } = await import("../../src/rulesets/opend6/chat/outcomes");
    answerDialog({ range: "short", cover: "none", posture: "standing", aim: "0", actions: "1" });
    fulfillment.push(...faces);
    await clickSheet(sheets, kira, "od6Attack", { item: PISTOL });
    const message = lastMessage();
    const card = cardData<OpenD6AttackData, OpenD6AttackRow>(message) as AttackCard;
    const row = card.targets[0]!;
    const total = (index: number | null) => (index === null ? 0 : (message.rolls[index] as { total: number }).total);
    const odds = outcomeOddsFrom(rowOutcomeInput(card, row)!, {
      attack: [[card.data.total, 1]],
      defense: row.data.difficulty.defense,
      damage: [[total(row.data.damageRoll), 1]],
      resistance: [[total(row.data.resistanceRoll), 1]],
    });
    const applied = row.data.hit ? await press(message, "apply", 0) : false;
    return { odds, row: row.data, applied };
  }

  it("a miss: no chance to hit, and nothing to apply", async () => {
    // 1, 1, 1, 1 and the Wild Die 4 = 8 against 10.
    const { odds, row, applied } = await scripted([1, 1, 1, 1, 4]);
    expect(row.hit).toBe(false);
    expect(applied).toBe(false);
    expect(odds).toMatchObject({ hit: 0, hurt: 0, drop: 0 });
  });

  it("a hit that does not hurt: the damage 4 against resistance 17 leaves the track as it was", async () => {
    const { odds, applied } = await scripted([5, 5, 4, 3, 2, 1, 1, 1, 1, 6, 6, 5]);
    expect(applied).toBe(true);
    expect(wounds(thug)).toBe("none");
    expect(odds).toMatchObject({ hit: 1, hurt: 0, drop: 0 });
  });

  it("a hit that hurts: 12 against 6 is Wounded, and the thug stays up", async () => {
    const { odds, applied } = await scripted([5, 5, 4, 3, 2, 3, 3, 3, 3, 2, 2, 2]);
    expect(applied).toBe(true);
    expect(wounds(thug)).toBe("wounded");
    expect(statuses(thug)).not.toContain("unconscious");
    expect(odds).toMatchObject({ hit: 1, hurt: 1, drop: 0 });
  });

  it("a hit that drops: 23 against 3 is Mortally Wounded, and the thug goes down", async () => {
    const { odds, applied } = await scripted([5, 5, 4, 3, 2, 6, 6, 6, 5, 1, 1, 1]);
    expect(applied).toBe(true);
    expect(wounds(thug)).toBe("mortallyWounded");
    expect(statuses(thug)).toContain("unconscious");
    expect(odds).toMatchObject({ hit: 1, hurt: 1, drop: 1 });
  });
});
