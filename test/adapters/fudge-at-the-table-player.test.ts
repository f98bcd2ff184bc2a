import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Sheets from "../../src/rulesets/fudge/sheets";
import type { FudgeAttackData, FudgeRow } from "../../src/rulesets/fudge/chat/card-data";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog } from "../support/fade-world";
import { clickSheet, fudgeActors, target } from "../support/fudge-world";
import { as, cardData, clean, connect, playerWorld, press, pressThroughGm } from "../support/play";

// Issue 29's FUDGE "missing" list from a player's client (user1, owner of Mickey) with a GM (gm1)
// connected: what a player chose freely waits for the GM's own click on the GM's bandit.

let record: StandInRecord;
let sheets: typeof Sheets;
let mickey: StandInActor;
let bandit: StandInActor;

const lastMessage = () => record.messages.at(-1) as StandInMessage;
const lastNotice = () => record.notifications.at(-1)?.message ?? "";
const wounds = (a: StandInActor) => (a.system as unknown as { wounds: Record<string, number> }).wounds;

beforeAll(async () => {
  record = await playerWorld("fudge");
  sheets = await import("../../src/rulesets/fudge/sheets");
});

beforeEach(async () => {
  connect();
  ({ mickey, bandit } = await fudgeActors());
  await clean(record);
  target(bandit);
});

describe("FUDGE from a player's client: a propelled missile dodged at −3", () => {
  it("\"reduce the defender's trait by -2 or -3\": the player's −3 waits for the GM's own click on the bandit", async () => {
    answerDialog({ trait: "attribute:dexterity", range: "medium", dodgePenalty: "3" });
    fulfillment.push(2, 2, 2, 2);
    await clickSheet(sheets, mickey, "fudgeAttack", { item: "Short bow" });
    const arrow = lastMessage();
    await as("gm1", async () => {
      answerDialog({ trait: "attribute:agility" });
      fulfillment.push(3, 2, 2, 2);
      await press(arrow, "respond", 0);
    });
    expect(cardData<FudgeAttackData, FudgeRow>(arrow).targets[0]!.data.result?.a.hits).toBe(true);
    expect(await pressThroughGm(record, arrow, "apply", 0)).toBe(false);
    expect(lastNotice()).toContain("a propelled missile dodged at −3 rather than −2");
    expect(Object.values(wounds(bandit)).every((n) => n === 0)).toBe(true);
    expect(await as("gm1", () => press(arrow, "apply", 0))).toBe(true);
    expect(wounds(bandit).major).toBe(1);
  });

  it("applies a −2 shot the player asks for at once", async () => {
    answerDialog({ trait: "attribute:dexterity", range: "medium" });
    fulfillment.push(2, 2, 2, 2);
    await clickSheet(sheets, mickey, "fudgeAttack", { item: "Short bow" });
    const arrow = lastMessage();
    await as("gm1", async () => {
      answerDialog({ trait: "attribute:agility" });
      fulfillment.push(3, 2, 2, 2);
      await press(arrow, "respond", 0);
    });
    expect(await pressThroughGm(record, arrow, "apply", 0)).toBe(true);
    expect(wounds(bandit).light).toBe(1);
  });
});
