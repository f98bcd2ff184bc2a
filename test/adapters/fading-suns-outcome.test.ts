import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Sheets from "../../src/rulesets/fading-suns/sheets";
import type { FsAttackData, FsAttackRow } from "../../src/rulesets/fading-suns/chat/card-data";
import type { OutcomeView } from "../../src/play/outcome-line";
import { dialogCalls } from "../foundry/combat";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog, target } from "../support/fade-world";
import { clickSheet, fadingSunsActors, loadFadingSunsWorld } from "../support/fading-suns-world";
import { cardData, press } from "../support/play";

// Outcome odds (issue 31) through the sheet, the dialog, the card and the GM's apply: the chances to hit,
// hurt and drop each targeted token in the attack dialog (refreshed as the form changes) and on each card
// row from the card's own data; then scripted d20s on both sides of each chance, applied by the GM.

let record: StandInRecord;
let sheets: typeof Sheets;
let erian: StandInActor;
let brute: StandInActor;

type Line = [string, string, string, string];
const attackCard = (message: unknown) => cardData<FsAttackData, FsAttackRow>(message);
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const renderedWith = (path: string) =>
  record.rendered.filter((r) => r.path.endsWith(path)).at(-1)!.data as Record<string, unknown>;
const lines = (views: unknown): Line[] => (views as OutcomeView[]).map((v) => [v.name, v.hit, v.hurt, v.drop]);
const statuses = (actor: StandInActor) => [...((actor as unknown as { statuses: Set<string> }).statuses ?? [])];
const vitality = (actor: StandInActor) => (actor.system as unknown as { vitality: { value: number } }).vitality.value;
const RAPIER = "Rapier <b>fine</b>";

beforeAll(async () => {
  ({ record, sheets } = await loadFadingSunsWorld());
});

beforeEach(async () => {
  ({ erian, brute } = await fadingSunsActors());
  record.notifications.length = 0;
  fulfillment.length = 0;
  dialogCalls.length = 0;
  target(brute, "Brute");
});

/** A thug at 3 Vitality, Defense 0 and no armor, targeted beside the brute. */
async function addThug(): Promise<StandInActor> {
  const Actor = (CONFIG.Actor as unknown as { documentClass: { create(d: object): Promise<StandInActor> } })
    .documentClass;
  const thug = await Actor.create({
    name: "Thug <i>",
    type: "fading-suns-npc",
    system: { characteristics: { endurance: 2 }, defense: 0, vitality: { value: 3, max: null } },
  });
  (game.user as unknown as { targets: Set<unknown> }).targets.add({ actor: thug, name: "Thug <i>" });
  return thug;
}

/**
 * The dialog as Foundry renders it, reduced to what the shared line touches: its form (whose values the
 * test sets) and the outcome list, written by showOutcomes as the form changes.
 */
function liveDialog() {
  const listeners: Array<() => void> = [];
  const form = {
    values: [] as Array<[string, string]>,
    addEventListener: (_: string, f: () => void) => listeners.push(f),
  };
  type Node = { className: string; title: string; textContent: string; children: unknown[] };
  const list = {
    hidden: true,
    items: [] as Node[],
    ownerDocument: {
      createElement: (): Node & { append(...c: unknown[]): void } => ({
        className: "",
        title: "",
        textContent: "",
        children: [],
        append(...c: unknown[]) {
          this.children.push(...c);
        },
      }),
    },
    replaceChildren(...items: Node[]) {
      this.items = items;
    },
  };
  const element = {
    querySelector: (s: string) => (s === "form" ? form : s === ".anthology-outcome-odds" ? list : null),
  };
  const config = dialogCalls.at(-1) as { render(event: unknown, dialog: { element: unknown }): void };
  config.render(new Event("render"), { element });
  const Real = globalThis.FormData;
  return {
    /** Sets the form's values and fires its change, as a user's pick would; the list as shown after. */
    change(values: Record<string, string>): Line[] {
      form.values = Object.entries(values);
      class FormOf extends Real {
        constructor(source?: typeof form) {
          super();
          for (const [k, v] of source?.values ?? []) this.append(k, v);
        }
      }
      globalThis.FormData = FormOf as typeof FormData;
      try {
        for (const f of listeners) f();
      } finally {
        globalThis.FormData = Real;
      }
      return list.items.map(
        (li) => li.children.filter((c): c is Node => typeof c === "object").map((c) => c.textContent) as Line,
      );
    },
  };
}

describe("Fading Suns outcome odds in the attack dialog and on the card", () => {
  it("shows each targeted token's chances, refreshes them as the form changes, and repeats them on each row", async () => {
    await addThug();
    // Knock out two in one action: Dexterity 6 + Melee 5 + the rapier's 1 − 4 − 2 (twice) = 6.
    // The brute (Defense 1): 1-5 hit, 25%. DMG 4 + Strength 1 = 5, the jerkin's 2: 3 off 9 Vitality, 6 left
    // (no wound penalty); its roll, Endurance 4 + Vigor 3 − 3 = 4, fails on 5-20 (80%): drop 25% × 80% = 20%.
    // The thug (Defense 0): 1-6 hit, 30%; 5 off its 3 Vitality puts it down: hurt and drop 30%.
    answerDialog({ fightAction: "knockOut", attacks: "2" });
    fulfillment.push(4);
    await clickSheet(sheets, erian, "fsAttack", { item: RAPIER });
    const expected: Line[] = [
      ["Brute", "Hit 25.0%", "Hurt 25.0%", "Drop 20.0%"],
      ["Thug <i>", "Hit 30.0%", "Hurt 30.0%", "Drop 30.0%"],
    ];
    // The dialog opens with the first choices' line: strike, two attacks (goal 10).
    expect(lines(renderedWith("fading-suns/roll-dialog.hbs").outcomes)).toEqual([
      ["Brute", "Hit 45.0%", "Hurt 45.0%", "Drop 0%"],
      ["Thug <i>", "Hit 50.0%", "Hurt 50.0%", "Drop 50.0%"],
    ]);
    const dialog = liveDialog();
    expect(dialog.change({ fightAction: "knockOut", attacks: "2" })).toEqual(expected);
    // Full cover (+4 Defense): the brute is hit on 1 only (5%), the thug on 1-2.
    expect(dialog.change({ fightAction: "knockOut", attacks: "2", targetCover: "full" })).toEqual([
      ["Brute", "Hit 5.0%", "Hurt 5.0%", "Drop 4.0%"],
      ["Thug <i>", "Hit 10.0%", "Hurt 10.0%", "Drop 10.0%"],
    ]);
    // The card: the same line on each row, from the card's own data.
    const attack = lastMessage();
    expect(attackCard(attack).targets.map((t) => t.data.foe)).toEqual([
      { vitality: 9, endurance: 4, vigor: 3, woundPenalties: [-10, -8, -6, -4, -2] },
      { vitality: 3, endurance: 2, vigor: 3, woundPenalties: [-10, -8, -6, -4, -2] },
    ]);
    const rows = renderedWith("fading-suns/attack-card.hbs").rows as Array<{ outcomes: unknown }>;
    expect(rows.map((r) => lines(r.outcomes)[0])).toEqual(expected);
  });

  it("shows no line on an older card's row, whose target numbers were never kept", async () => {
    answerDialog({ fightAction: "strike" });
    fulfillment.push(4);
    await clickSheet(sheets, erian, "fsAttack", { item: RAPIER });
    const attack = lastMessage();
    const card = cardData(attack) as unknown as { targets: Array<{ data: Record<string, unknown> }> };
    delete card.targets[0]!.data.foe;
    await attack.update({ "flags.anthology.card": card });
    expect(await press(attack, "apply", 0)).toBe(true);
    const rows = renderedWith("fading-suns/attack-card.hbs").rows as Array<{ outcomes: unknown }>;
    expect(rows[0]!.outcomes).toEqual([]);
  });
});

describe("Fading Suns outcome odds agree with the GM's apply on scripted rolls", () => {
  // A knock-out on the brute alone: 12 − 4 = 8 against Defense 1: 7, so 1-7 hit (35%); 3 off 9 Vitality
  // (hurt 35%); its roll of 4 fails on 5-20 (drop 35% × 80% = 28%).
  const knockOut = async (face: number) => {
    answerDialog({ fightAction: "knockOut" });
    fulfillment.push(face);
    await clickSheet(sheets, erian, "fsAttack", { item: RAPIER });
    const attack = lastMessage();
    // The dialog opens on a strike: 12 − 1 = 11, 55%; the brute keeps 6 of 9 Vitality.
    expect(lines(renderedWith("fading-suns/roll-dialog.hbs").outcomes)).toEqual([
      ["Brute", "Hit 55.0%", "Hurt 55.0%", "Drop 0%"],
    ]);
    const rows = renderedWith("fading-suns/attack-card.hbs").rows as Array<{ outcomes: unknown }>;
    expect(lines(rows[0]!.outcomes)).toEqual([["Brute", "Hit 35.0%", "Hurt 35.0%", "Drop 28.0%"]]);
    return attack;
  };

  it("hit: a 7, the highest face the 35% counts, hits; an 8 misses and has nothing to apply", async () => {
    expect(attackCard(await knockOut(8)).targets[0]!.data).toMatchObject({ goal: 7, hit: false });
    expect(await press(lastMessage(), "apply", 0)).toBe(false);
    expect(vitality(brute)).toBe(9);
    expect(attackCard(await knockOut(7)).targets[0]!.data).toMatchObject({ goal: 7, hit: true });
  });

  it("hurt: the GM's apply takes the 3 past the armor off Vitality", async () => {
    const attack = await knockOut(7);
    expect(await press(attack, "apply", 0)).toBe(true);
    expect(vitality(brute)).toBe(6);
  });

  it("drop: the brute's roll of 5, the lowest face the 80% counts, fails and the GM knocks it out; a 4 holds on", async () => {
    const attack = await knockOut(7);
    expect(await press(attack, "apply", 0)).toBe(true);
    fulfillment.push(5);
    await press(attack, "resist", 0);
    const failed = lastMessage();
    expect(cardData(failed).data).toMatchObject({ goal: 4, roll: 5, outcome: "failure" });
    expect(await press(failed, "apply", 0)).toBe(true);
    expect(statuses(brute)).toContain("unconscious");
    expect(await press(failed, "undo", 0)).toBe(true);
    // The hit undone (9 Vitality again), another one applied: the brute's roll of 4 (its goal, a critical)
    // holds on, and has nothing to apply.
    expect(await press(attack, "undo", 0)).toBe(true);
    expect(vitality(brute)).toBe(9);
    const second = await knockOut(1);
    expect(await press(second, "apply", 0)).toBe(true);
    fulfillment.push(4);
    await press(second, "resist", 0);
    const held = lastMessage();
    expect(cardData(held).data).toMatchObject({ goal: 4, roll: 4, outcome: "critical" });
    expect(await press(held, "apply", 0)).toBe(false);
    expect(statuses(brute)).not.toContain("unconscious");
  });
});

describe("Fading Suns outcome odds: what follows a hit counts in none of the three, as the GM's apply does", () => {
  const held = (actor: StandInActor, name: string) =>
    (actor.items.find((i) => i.name === name)!.system as { held?: boolean }).held;
  const rowLine = () =>
    lines((renderedWith("fading-suns/attack-card.hbs").rows as Array<{ outcomes: unknown }>)[0]!.outcomes);

  it("a charge's effect dice: on the card for the GM, in neither the line nor the Vitality the apply takes", async () => {
    // A charge: 12 + 2 = 14 against Defense 1: 1-13 hit (65%). DMG 4 + Strength 1 = 5, the jerkin's 2: 3 off.
    answerDialog({ fightAction: "strike", move: "charge", charge: "10" });
    fulfillment.push(5);
    await clickSheet(sheets, erian, "fsAttack", { item: RAPIER });
    const charged: Line[] = [["Brute", "Hit 65.0%", "Hurt 65.0%", "Drop 0%"]];
    const dialog = liveDialog();
    expect(dialog.change({ fightAction: "strike", move: "charge", charge: "0" })).toEqual(charged);
    expect(dialog.change({ fightAction: "strike", move: "charge", charge: "10" })).toEqual(charged);
    const attack = lastMessage();
    expect(attackCard(attack)).toMatchObject({ data: { effectDice: 10 }, targets: [{ data: { damage: 5 } }] });
    expect(rowLine()).toEqual(charged);
    // Ten effect dice, and the GM's apply takes the 3 past the armor, no more: 9 − 3 = 6.
    expect(await press(attack, "apply", 0)).toBe(true);
    expect(vitality(brute)).toBe(6);
    expect(statuses(brute)).not.toContain("unconscious");
  });

  it("knockdown: the won contest lays the target prone, which is neither hurt nor drop (the line's 0%)", async () => {
    // Dexterity 6 + Fight 4 = 10 against Defense 1: 1-9 hit (45%); DMG 0.
    answerDialog({ fightAction: "knockdown" });
    fulfillment.push(4);
    await clickSheet(sheets, erian, "fsAttack", { item: RAPIER });
    const attack = lastMessage();
    expect(rowLine()).toEqual([["Brute", "Hit 45.0%", "Hurt 0%", "Drop 0%"]]);
    expect(await press(attack, "apply", 0)).toBe(true);
    // Strength 7 + Fight 4 = 11, a 10 (5 VP), against Dexterity 4 + Vigor 3 = 7, a 4 (2 VP): Erian wins.
    fulfillment.push(10);
    await press(attack, "contest", 0);
    const contest = lastMessage();
    fulfillment.push(4);
    await press(contest, "answer", 0);
    expect(await press(contest, "apply", 0)).toBe(true);
    expect(statuses(brute)).toEqual(["prone"]);
    expect(vitality(brute)).toBe(9);
  });

  it("grapple: its hit's damage hurts; the won contest's hold is neither hurt nor drop", async () => {
    // Dexterity 6 + Fight 4 = 10 against Defense 1: 1-9 hit (45%); DMG 2 + Strength 1 = 3, the jerkin's 2: 1 off.
    answerDialog({ fightAction: "grapple" });
    fulfillment.push(4);
    await clickSheet(sheets, erian, "fsAttack", { item: RAPIER });
    const attack = lastMessage();
    expect(rowLine()).toEqual([["Brute", "Hit 45.0%", "Hurt 45.0%", "Drop 0%"]]);
    expect(await press(attack, "apply", 0)).toBe(true);
    // Strength 7 + Vigor 3 = 10, an 8 (4 VP), against Strength 5 + Vigor 3 = 8, a 2 (1 VP): held.
    fulfillment.push(8);
    await press(attack, "contest", 0);
    const contest = lastMessage();
    fulfillment.push(2);
    await press(contest, "answer", 0);
    expect(await press(contest, "apply", 0)).toBe(true);
    expect(statuses(brute)).toEqual(["restrain"]);
    expect(vitality(brute)).toBe(8);
  });

  it("disarm: the failed roll drops the weapon in hand, a hit only when the armor takes the blow", async () => {
    // The brute disarms Erian unarmed: Dexterity 4 + Fight 5 − 4 = 5 against Defense 1: 1-4 hit (20%).
    // DMG 2 against the synthsilk's 3: nothing taken, so Hurt 0%.
    target(erian, "Erian");
    answerDialog({ fightAction: "disarm" });
    fulfillment.push(2);
    await clickSheet(sheets, brute, "fsUnarmed");
    const attack = lastMessage();
    expect(rowLine()).toEqual([["Erian", "Hit 20.0%", "Hurt 0%", "Drop 0%"]]);
    expect(await press(attack, "apply", 0)).toBe(true);
    // Strength 7 + Vigor 3 − 0 = 10; a 12 fails and the GM drops what Erian holds.
    fulfillment.push(12);
    await press(attack, "resist", 0);
    expect(await press(lastMessage(), "apply", 0)).toBe(true);
    expect(held(erian, RAPIER)).toBe(false);
    expect(vitality(erian)).toBe(10);
    expect(statuses(erian)).toEqual([]);
  });
});
