import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Sheets from "../../src/rulesets/opend6/sheets";
import type { OpenD6HealData, OpenD6HealRow } from "../../src/rulesets/opend6/chat/heal-card";
import { dialogCalls } from "../foundry/combat";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog, target } from "../support/fade-world";
import { clickSheet, loadOpenD6World, opend6Actors } from "../support/opend6-world";
import { canPress, cardData, press } from "../support/play";

// Healing from the sheet on the GM's client: medicine on a targeted patient, natural healing on the
// roller; each row applied by the GM against the patient as it stands, once, with undo.

let record: StandInRecord;
let sheets: typeof Sheets;
let kira: StandInActor;
let thug: StandInActor;

const healCard = (message: unknown) => cardData<OpenD6HealData, OpenD6HealRow>(message);
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const health = (actor: StandInActor) =>
  actor.system as unknown as { wounds: string; bodyPoints: { value: number; max: number } };
const setting = (key: string, value: unknown) => game.settings!.set("anthology" as never, key as never, value as never);
const renderedWith = (path: string) =>
  record.rendered.filter((r) => r.path.endsWith(path)).at(-1)!.data as Record<string, unknown>;

beforeAll(async () => {
  ({ record, sheets } = await loadOpenD6World());
});

beforeEach(async () => {
  await setting("opend6Health", "wounds");
  await setting("opend6HealingTable", "");
  ({ kira, thug } = await opend6Actors());
  record.notifications.length = 0;
  fulfillment.length = 0;
  dialogCalls.length = 0;
});

describe("OpenD6 healing with Wound levels", () => {
  it("treats a targeted patient with medicine: one level better, applied by the GM once, with undo", async () => {
    await thug.update({ "system.wounds": "wounded" });
    target(thug, "Thug");
    // Medicine untrained: Knowledge 2D+1. 4 and the Wild Die 5, +1 = 10 against Wounded's Easy 10.
    answerDialog({ method: "medicine", rest: "light", bonusDice: "0" });
    fulfillment.push(4, 5);
    await clickSheet(sheets, kira, "od6Heal");
    expect(renderedWith("opend6/heal-dialog.hbs")).toMatchObject({ formula: "2D+1", patients: "Thug" });
    const card = lastMessage();
    expect(healCard(card)).toMatchObject({
      kind: "heal",
      data: { choices: { method: "medicine" }, code: "2D+1", total: 10 },
      targets: [
        { name: "Thug", data: { difficulty: 10, success: true, woundsBefore: "wounded", woundsAfter: "stunned" } },
      ],
    });
    expect(await press(card, "apply", 0)).toBe(true);
    expect(health(thug).wounds).toBe("stunned");
    expect(await press(card, "apply", 0)).toBe(false);
    expect(await press(card, "undo", 0)).toBe(true);
    expect(health(thug).wounds).toBe("wounded");
  });

  it("reads the world's healing difficulties on the card and in the GM's apply", async () => {
    await setting("opend6HealingTable", "Wounded 8, Severely Wounded 9");
    await thug.update({ "system.wounds": "wounded" });
    target(thug, "Thug");
    // Knowledge 2D+1: 4 and the Wild Die 4, +1 = 9: short of the default Easy 10, enough for this world's 8.
    answerDialog({ method: "medicine", rest: "light", bonusDice: "0" });
    fulfillment.push(4, 4);
    await clickSheet(sheets, kira, "od6Heal");
    const card = lastMessage();
    expect(healCard(card).targets[0]!.data).toMatchObject({ difficulty: 8, success: true, woundsAfter: "stunned" });
    // Severely Wounded since, but at 9 on this world's table: the roll still heals, one level.
    await thug.update({ "system.wounds": "severelyWounded" });
    expect(await press(card, "apply", 0)).toBe(true);
    expect(health(thug).wounds).toBe("wounded");
  });

  it("works the row out again against the patient as it is now: worse since, the roll no longer heals", async () => {
    await thug.update({ "system.wounds": "wounded" });
    target(thug, "Thug");
    answerDialog({ method: "medicine", rest: "light", bonusDice: "0" });
    fulfillment.push(4, 5);
    await clickSheet(sheets, kira, "od6Heal");
    const card = lastMessage();
    // Severely Wounded since the roll: Moderate 15, and 10 falls short.
    await thug.update({ "system.wounds": "severelyWounded" });
    expect(await press(card, "apply", 0)).toBe(false);
    expect(record.notifications.at(-1)?.message).toBe(
      "The roll no longer heals Thug: the patient's healing difficulty is now higher.",
    );
    expect(health(thug).wounds).toBe("severelyWounded");
  });

  it("heals naturally with Physique and the day's rest; a short roll heals nothing", async () => {
    await kira.update({ "system.wounds": "severelyWounded" });
    // Physique 3D, a full day's rest +1D: 4D. 5, 4, 3 and the Wild Die 4 = 16 against Moderate 15.
    answerDialog({ method: "natural", rest: "full", bonusDice: "0" });
    fulfillment.push(5, 4, 3, 4);
    await clickSheet(sheets, kira, "od6Heal");
    const card = lastMessage();
    expect(healCard(card)).toMatchObject({
      data: { formula: "4D", total: 16 },
      targets: [{ name: "Kira", data: { difficulty: 15, success: true, woundsAfter: "wounded" } }],
    });
    expect(await press(card, "apply", 0)).toBe(true);
    expect(health(kira).wounds).toBe("wounded");
    // Fighting all day: 3D less 1D, 2D. 1 and the Wild Die 3 = 4 against Easy 10: nothing to apply.
    answerDialog({ method: "natural", rest: "strenuous", bonusDice: "0" });
    fulfillment.push(1, 3);
    await clickSheet(sheets, kira, "od6Heal");
    expect(healCard(lastMessage()).targets[0]!.data).toMatchObject({ difficulty: 10, success: false });
    expect(canPress(lastMessage(), "apply", 0)).toBe(false);
  });

  it("has nothing to heal on an unhurt patient", async () => {
    answerDialog({ method: "natural", rest: "light", bonusDice: "0" });
    fulfillment.push(6, 1, 2, 3);
    await clickSheet(sheets, kira, "od6Heal");
    expect(healCard(lastMessage()).targets[0]!.data).toMatchObject({ difficulty: null, success: false });
    expect(canPress(lastMessage(), "apply", 0)).toBe(false);
  });
});

describe("OpenD6 healing with Body Points", () => {
  beforeEach(async () => {
    await setting("opend6Health", "bodyPoints");
    ({ kira, thug } = await opend6Actors());
  });

  it("reads a natural healing total on the chart and rolls what it brings back", async () => {
    await kira.update({ "system.bodyPoints.value": 10 });
    // Physique 3D and a full rest: 4D. 3, 3, 3 and the Wild Die 4 = 13: 11-15 brings back 2D.
    // 2D: 5 and the Wild Die 4 = 9. 10 + 9 = 19 of 22.
    answerDialog({ method: "natural", rest: "full", bonusDice: "0" });
    fulfillment.push(3, 3, 3, 4, 5, 4);
    await clickSheet(sheets, kira, "od6Heal");
    const card = lastMessage();
    expect(card.rolls).toHaveLength(2);
    expect(healCard(card).targets[0]!.data).toMatchObject({
      success: true,
      recoveryRoll: 1,
      recovered: 9,
      bodyPointsBefore: 10,
      bodyPointsAfter: 19,
    });
    expect(await press(card, "apply", 0)).toBe(true);
    expect(health(kira).bodyPoints.value).toBe(19);
  });

  it("brings back 2D with medicine, never above the maximum", async () => {
    await thug.update({ "system.bodyPoints.value": 12 });
    target(thug, "Thug");
    // 12 of 15 is at least three quarters: Very Easy 5. Knowledge 2D+1: 2 and Wild 2, +1 = 5.
    // 2D: 6 (explodes: 2) and 4 = 12; 12 + 12 is capped at 15.
    answerDialog({ method: "medicine", rest: "light", bonusDice: "0" });
    fulfillment.push(2, 2, 4, 6, 2);
    await clickSheet(sheets, kira, "od6Heal");
    const card = lastMessage();
    expect(healCard(card).targets[0]!.data).toMatchObject({
      difficulty: 5,
      success: true,
      recovered: 12,
      bodyPointsAfter: 15,
    });
    expect(await press(card, "apply", 0)).toBe(true);
    expect(health(thug).bodyPoints.value).toBe(15);
  });
});
