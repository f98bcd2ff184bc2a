import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Sheets from "../../src/rulesets/opend6/sheets";
import type { OpenD6AttackData, OpenD6AttackRow, OpenD6CheckData } from "../../src/rulesets/opend6/chat/card-data";
import type { OpenD6AppliedSummary } from "../../src/rulesets/opend6/chat/views";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog, target } from "../support/fade-world";
import { clickSheet, loadOpenD6World, opend6Actors } from "../support/opend6-world";
import { canPress, cardData, press } from "../support/play";

// Points spent after the roll, on the GM's client: the GM rolls the spend's dice onto the card, takes
// the point off the roller and works the card out again; the apply reads the same dice.

let record: StandInRecord;
let sheets: typeof Sheets;
let kira: StandInActor;
let thug: StandInActor;

const checkCard = (message: unknown) => cardData<OpenD6CheckData, Record<string, never>>(message);
const attackCard = (message: unknown) => cardData<OpenD6AttackData, OpenD6AttackRow>(message);
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const points = (actor: StandInActor) =>
  actor.system as unknown as { characterPoints: number; fatePoints: number; wounds: string };
const setting = (key: string, value: unknown) => game.settings!.set("anthology" as never, key as never, value as never);

beforeAll(async () => {
  ({ record, sheets } = await loadOpenD6World());
});

beforeEach(async () => {
  await setting("opend6Health", "wounds");
  await setting("opend6DamageBonus", false);
  ({ kira, thug } = await opend6Actors());
  record.notifications.length = 0;
  fulfillment.length = 0;
  target(thug, "Thug");
});

describe("OpenD6: Character and Fate Points spent after a check", () => {
  it("adds an exploding Character Point die, then the doubled dice of a Fate Point, each once", async () => {
    // search 5D: 4, 3, 2, 5 and the Wild Die 6 then 2 = 22, short of 25.
    answerDialog({ difficulty: "25", actions: "1" });
    fulfillment.push(4, 3, 2, 5, 6, 2);
    await clickSheet(sheets, kira, "od6Roll", { dataset: { kind: "skill", id: "search" } });
    const check = lastMessage();
    expect(checkCard(check).data).toMatchObject({ total: 22, success: false });
    expect(canPress(check, "spendCharacterPoint")).toBe(true);

    // A Character Point die: 6 explodes, then 1: +7, 29 meets 25.
    fulfillment.push(6, 1);
    expect(await press(check, "spendCharacterPoint")).toBe(true);
    expect(check.rolls).toHaveLength(2);
    expect(checkCard(check).data).toMatchObject({
      total: 29,
      success: true,
      complication: false,
      spends: [{ kind: "characterPoint", roll: 1, total: 7 }],
    });
    expect(points(kira)).toMatchObject({ characterPoints: 4, fatePoints: 1 });

    // A Fate Point doubles the code's five dice: five more plain dice, 1, 2, 3, 4, 6 (no explosion): +16.
    fulfillment.push(1, 2, 3, 4, 6);
    expect(await press(check, "spendFatePoint")).toBe(true);
    expect(checkCard(check).data).toMatchObject({
      total: 45,
      spends: [{ total: 7 }, { kind: "fatePoint", total: 16 }],
    });
    expect(points(kira)).toMatchObject({ characterPoints: 4, fatePoints: 0 });
    // No second Fate Point on the roll (and none left): the button is spent.
    expect(canPress(check, "spendFatePoint")).toBe(false);
  });

  it("refuses a second Fate Point on a roll already doubled, even with one left", async () => {
    await kira.update({ "system.fatePoints": 2 });
    // Reflexes 3D+1 doubled from the dialog: 6D+1. Five 1s and the Wild Die 2 = 8.
    answerDialog({ actions: "1", fatePoint: "on" });
    fulfillment.push(1, 1, 1, 1, 1, 2);
    await clickSheet(sheets, kira, "od6Roll", { dataset: { kind: "attribute", id: "reflexes" } });
    const check = lastMessage();
    expect(points(kira).fatePoints).toBe(1);
    expect(canPress(check, "spendFatePoint")).toBe(false);
    // Asked for anyway (a stale button): the GM refuses, nothing rolled or spent.
    const { requestGm } = await import("../../src/hooks/socket");
    expect(await requestGm("opend6.spend", { messageId: check.id, spend: "fatePoint", seen: 0 })).toBe(false);
    expect(record.notifications.at(-1)?.message).toBe("A Fate Point has already doubled this roll.");
    expect(check.rolls).toHaveLength(1);
    expect(points(kira).fatePoints).toBe(1);
  });

  it("spends once for a double press: the second press saw the card before the first spend", async () => {
    answerDialog({ difficulty: "10", actions: "1" });
    fulfillment.push(1, 1, 1, 1, 2);
    await clickSheet(sheets, kira, "od6Roll", { dataset: { kind: "skill", id: "search" } });
    const check = lastMessage();
    fulfillment.push(3, 4);
    const [first, second] = await Promise.all([
      press(check, "spendCharacterPoint"),
      press(check, "spendCharacterPoint"),
    ]);
    expect([first, second]).toEqual([true, false]);
    expect(record.notifications.at(-1)?.message).toBe(
      "The card changed while you pressed: look at it again before spending.",
    );
    expect(check.rolls).toHaveLength(2);
    expect(points(kira).characterPoints).toBe(4);
    // 6 and the Character Point die 3: 9.
    expect(checkCard(check).data).toMatchObject({ total: 9, success: false });
  });

  it("raises an active defense the attacks read", async () => {
    // dodge: Reflexes 3D+1 and 1D = 4D+1, as a partial defense with two actions, less 1D: 3D+1.
    // 2, 2 and the Wild Die 3, +1 = 8; a Character Point die 5 makes 13.
    answerDialog({ actions: "2", defense: "partial" });
    fulfillment.push(2, 2, 3);
    await clickSheet(sheets, kira, "od6Roll", { dataset: { kind: "skill", id: "dodge" } });
    const check = lastMessage();
    expect(checkCard(check).data.total).toBe(8);
    fulfillment.push(5);
    expect(await press(check, "spendCharacterPoint")).toBe(true);
    const { declaredDefense } = await import("../../src/rulesets/opend6/chat/defense");
    expect(declaredDefense(kira as never)).toMatchObject({ kind: "partial", total: 13 });
  });
});

describe("OpenD6: points spent after an attack", () => {
  it("turns a miss into a hit: the GM rolls the damage and resistance, and the apply counts the spend", async () => {
    // marksmanship 5D: 1, 1, 1, 2 and the Wild Die 3 = 8, short of 10.
    answerDialog({ range: "short", actions: "1" });
    fulfillment.push(1, 1, 1, 2, 3);
    await clickSheet(sheets, kira, "od6Attack", { item: "Pistol <b>of</b> Doom" });
    const attack = lastMessage();
    expect(attackCard(attack).targets[0]!.data).toMatchObject({ attack: 8, hit: false });
    expect(canPress(attack, "apply", 0)).toBe(false);

    // A Character Point die 4: 12 hits. The GM rolls the pistol's 4D (3, 3, 3, 3 = 12) and the thug's 3D (2, 2, 2).
    fulfillment.push(4, 3, 3, 3, 3, 2, 2, 2);
    expect(await press(attack, "spendCharacterPoint")).toBe(true);
    expect(attack.rolls).toHaveLength(4);
    expect(attackCard(attack)).toMatchObject({
      data: { total: 12, spends: [{ kind: "characterPoint", roll: 1, total: 4 }] },
      targets: [
        {
          data: {
            attack: 12,
            hit: true,
            damageRoll: 2,
            resistanceRoll: 3,
            damage: 12,
            resistance: 6,
            resistanceCode: "3D",
          },
        },
      ],
    });
    // 12 against 6: Wounded.
    expect(await press(attack, "apply", 0)).toBe(true);
    expect(points(thug).wounds).toBe("wounded");
  });

  it("adds the Fate Point's dice to the damage bonus the GM's apply works out", async () => {
    await setting("opend6DamageBonus", true);
    // 5, 5, 4, 3 and Wild 2 = 19 against 10: bonus 2. Damage 3, 3, 3, 3 = 12; resistance 2, 2, 2 = 6.
    answerDialog({ range: "short", actions: "1" });
    fulfillment.push(5, 5, 4, 3, 2, 3, 3, 3, 3, 2, 2, 2);
    await clickSheet(sheets, kira, "od6Attack", { item: "Pistol <b>of</b> Doom" });
    const attack = lastMessage();
    expect(attackCard(attack).targets[0]!.data).toMatchObject({ damage: 14, resistance: 6 });
    // The Fate Point: five more dice, 6, 6, 6, 6, 6 = 30. 49 against 10: (39 / 5) rounded up, bonus 8.
    fulfillment.push(6, 6, 6, 6, 6);
    expect(await press(attack, "spendFatePoint")).toBe(true);
    // Damage and resistance were rolled already: read again, not rolled anew.
    expect(attack.rolls).toHaveLength(4);
    expect(attackCard(attack).targets[0]!.data).toMatchObject({ attack: 49, damage: 20, resistance: 6 });
    // The apply works it out again from the dice: 20 against 6, 14 past: Incapacitated.
    expect(await press(attack, "apply", 0)).toBe(true);
    const summary = cardData(attack).targets[0]!.applied!.summary as unknown as OpenD6AppliedSummary;
    expect(summary).toMatchObject({ damage: 20, resistance: 6, excess: 14, woundsAfter: "incapacitated" });
  });
});
