import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Flow from "../../src/rulesets/hod/chat/flow";
import type { HodAttackData, HodAttackRow } from "../../src/rulesets/hod/chat/card-data";
import { dialogCalls } from "../foundry/combat";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog, hodActors, item, loadHodWorld, target } from "../support/hod-world";
import { cardData, press } from "../support/play";
import { api } from "../../src/api";

// Issue 31 for Heroes of Destiny: the attack dialog's line of chances per targeted token, and the same
// line on each row of the posted card, from the card's own data.

let record: StandInRecord;
let flow: typeof Flow;
let garret: StandInActor;
let goblin: StandInActor;

type View = Record<string, unknown>;
const SWORD = "Longsword <i>of</i> Ash";
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const renderedWith = (path: string) => record.rendered.filter((r) => r.path.endsWith(path)).at(-1)!.data as View;
const cardRows = () => renderedWith("hod/attack-card.hbs").rows as View[];
const attackCard = (message: unknown) => cardData<HodAttackData, HodAttackRow>(message);
const hp = (actor: StandInActor) => (actor.system as unknown as { hp: { value: number } }).hp.value;

async function attack(faces: number[], answer: Record<string, string | string[]> = { defense: "primary" }) {
  answerDialog(answer);
  fulfillment.push(...faces);
  return (await flow.rollHodAttack(garret, item(garret, SWORD))) as unknown as StandInMessage | null;
}

beforeAll(async () => {
  ({ record, flow } = await loadHodWorld());
});

beforeEach(async () => {
  ({ garret, goblin } = await hodActors());
  record.notifications.length = 0;
  fulfillment.length = 0;
  dialogCalls.length = 0;
  target(goblin, "Goblin");
});

/**
 * Garret's longsword against the goblin, worked by hand: 1d20 + 6 against Primary 15 hits on 9 or more
 * (12 faces of 20); 1d8 + 4 (5 to 12) against its Threshold of Pain 3 and 8 HP leaves it at 11 − damage
 * HP with 3 fatigue: dying at 10 (1 HP), dead at 11 or 12, so 3 faces of the d8 drop it; a natural 20
 * is a critical (8 + 4 = 12, dead). Drop: 11/20 × 3/8 + 1/20 = 41/160.
 */
const GOBLIN_LINE = { name: "Goblin", hit: "Hit 60.0%", hurt: "Hurt 60.0%", drop: "Drop 25.6%" };

describe("Heroes of Destiny outcome odds in the attack dialog and on the card", () => {
  it("shows the dialog's chances to hit, hurt and drop each targeted token, worked out by hand", async () => {
    expect(41 / 160).toBeCloseTo(0.25625, 12);
    await attack([10, 5]);
    expect(renderedWith("hod/roll-dialog.hbs").outcomes).toEqual([expect.objectContaining(GOBLIN_LINE)]);
  });

  it("rewrites the dialog's list as the form changes, through the dialog's own render hook", async () => {
    await attack([10, 5]);
    const config = dialogCalls.at(-1) as { render(event: unknown, dialog: unknown): void };
    // A form and a list as small as the shared showLine and showOutcomes touch them.
    type Fake = {
      className: string;
      title: string;
      textContent: string;
      children: Fake[];
      append(...xs: unknown[]): void;
    };
    const element = (): Fake => ({
      className: "",
      title: "",
      textContent: "",
      children: [],
      append(...xs: unknown[]) {
        for (const x of xs) if (typeof x !== "string") this.children.push(x as Fake);
      },
    });
    let shown: Fake[] = [];
    const list = {
      hidden: true,
      ownerDocument: { createElement: element },
      replaceChildren: (...items: Fake[]) => (shown = items),
    };
    const listeners: Array<() => void> = [];
    const values: Array<[string, string]> = [["defense", "primary"]];
    const form = { addEventListener: (_type: string, fn: () => void) => listeners.push(fn) };
    const root = {
      querySelector: (selector: string) =>
        selector === "form" ? form : selector === ".anthology-outcome-odds" ? list : null,
    };
    const RealFormData = globalThis.FormData;
    (globalThis as { FormData: unknown }).FormData = class {
      entries() {
        return values[Symbol.iterator]();
      }
    };
    try {
      config.render({}, { element: root });
      values.push(["cover", "coverHalf"], ["damageModifier", "3"]);
      listeners[0]!();
    } finally {
      globalThis.FormData = RealFormData;
    }
    expect(shown.map((li) => li.children.map((span) => span.textContent))).toEqual([
      ["Goblin", "Hit 40.0%", "Hurt 40.0%", "Drop 31.3%"],
    ]);
    expect(list.hidden).toBe(false);
  });

  it("shows the same line on the card's row, from what the row stored when it was rolled", async () => {
    const message = await attack([10, 5]);
    const row = attackCard(message).targets[0]!.data;
    expect(row.outcome).toEqual({
      bonus: 6,
      defense: 15,
      precise: false,
      spell: false,
      die: "d20",
      damage: "1d8 + 4",
      criticalDamage: "8 + 4",
      nonlethal: false,
      target: { hp: 8, fatigue: 0, bonusHp: 0, invigoration: 0, fullTop: 3, topLost: 0, reduction: 0, constitution: 1 },
    });
    expect(api.rules.hod.outcomeOdds(row.outcome!)).toMatchObject({ hit: 0.6, hurt: 0.6 });
    expect(api.rules.hod.outcomeOdds(row.outcome!).drop).toBeCloseTo(41 / 160, 12);
    expect(cardRows()[0]!.outcomes).toEqual([expect.objectContaining(GOBLIN_LINE)]);
  });

  it("keeps the row's line as it was rolled after the GM applies it (the goblin's HP now changes nothing)", async () => {
    // 10 + 6 = 16 hits; 1d8 showing 5: 9 damage, 6 past the Threshold: 2 HP left.
    const message = await attack([10, 5]);
    expect(await press(message!, "apply", 0)).toBe(true);
    expect(hp(goblin)).toBe(2);
    expect(cardRows()[0]!.outcomes).toEqual([expect.objectContaining(GOBLIN_LINE)]);
    // A new attack now reads the goblin's track as it is: 2 HP, 3 fatigue, Threshold 2 (one hit taken).
    await attack([3]);
    const now = api.rules.hod.outcomeOdds(attackCard(lastMessage()).targets[0]!.data.outcome!);
    // Any hit now drops it: 5 or more damage is at least 3 past the Threshold 2, and 2 HP are gone.
    expect(now).toMatchObject({ hit: 0.6, hurt: 0.6, drop: 0.6 });
  });

  it("agrees with the GM's apply on a scripted roll: the hit the odds count as a drop kills the goblin", async () => {
    // 9 + 6 = 15 meets Primary 15; 1d8 showing 7: 11 damage, 8 past the Threshold: dead.
    const message = await attack([9, 7]);
    expect(attackCard(message).targets[0]!.data.defense.hit).toBe(true);
    expect(await press(message!, "apply", 0)).toBe(true);
    expect(hp(goblin)).toBe(0);
    // The same damage as a sure total through the odds: every hit drops it.
    const outcome = attackCard(message).targets[0]!.data.outcome!;
    expect(api.rules.hod.outcomeOdds({ ...outcome, damage: "11", criticalDamage: "11" }).drop).toBe(0.6);
  });

  it("follows the dialog's choices: cover lowers the chance, the damage modifier raises the drop", async () => {
    await attack([10, 5], { defense: "primary", cover: "coverHalf", damageModifier: "3" });
    const row = attackCard(lastMessage()).targets[0]!.data.outcome!;
    expect(row).toMatchObject({ bonus: 2, damage: "1d8 + 7", criticalDamage: "8 + 7" });
    // 1d20 + 2 against 15: 13 or more, 8 faces; 1d8 + 7 (8 to 15): dying at 10, dead from 11: 6 faces of 8.
    const odds = api.rules.hod.outcomeOdds(row);
    expect(odds.hit).toBeCloseTo(8 / 20, 12);
    expect(odds.drop).toBeCloseTo((7 / 20) * (6 / 8) + 1 / 20, 12);
    expect(cardRows()[0]!.outcomes).toEqual([
      expect.objectContaining({ name: "Goblin", hit: "Hit 40.0%", hurt: "Hurt 40.0%", drop: "Drop 31.3%" }),
    ]);
  });

  it("shows nothing on a row whose stored odds were rewritten past what a sheet rolls; the GM's apply ignores them", async () => {
    const message = await attack([10, 5]);
    const raw = structuredClone(message!.flags) as Record<string, Record<string, { targets: Array<{ data: View }> }>>;
    const card = Object.values(raw)[0]!;
    const flag = Object.keys(card)[0]!;
    card[flag]!.targets[0]!.data.outcome = { ...(card[flag]!.targets[0]!.data.outcome as View), damage: "60d100" };
    await (message as unknown as { update(d: object): Promise<unknown> }).update({ flags: raw });
    expect(attackCard(message).targets[0]!.data.outcome).toBeNull();
    expect(await press(message!, "apply", 0)).toBe(true);
    expect(hp(goblin)).toBe(2);
  });
});
