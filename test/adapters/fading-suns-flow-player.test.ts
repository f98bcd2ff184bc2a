import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type * as Sheets from "../../src/rulesets/fading-suns/sheets";
import type { FsContestRow, FsGoalData } from "../../src/rulesets/fading-suns/chat/card-data";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import { installFoundry, loadWorld, type StandInRecord } from "../foundry/stand-in";
import { answerDialog, target } from "../support/fade-world";
import { clickSheet, fadingSunsActors } from "../support/fading-suns-world";
import { as, canPress, cardData, loadPlay, press, relay } from "../support/play";

// A player's client (user1, owner of Erian only) with a GM (gm1) connected elsewhere: the brute's
// answer to a contest is the GM's to roll, and every link (an answer, a task's further roll) is the
// GM's, who works the numbers out again from the dice and the actors.

let record: StandInRecord;
let sheets: typeof Sheets;
let erian: StandInActor;
let brute: StandInActor;

type User = { id: string; isGM: boolean; isSelf: boolean; targets: Set<unknown> };
const users = () => game.users as unknown as Map<string, User>;
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const goal = (m: unknown) => cardData<FsGoalData, FsContestRow>(m);

/** Waits until the client has sent a packet to the GM, then carries it. */
async function relayNext(count: number) {
  await vi.waitFor(() => expect(record.emitted.length).toBeGreaterThan(count));
  await relay(record);
}

beforeAll(async () => {
  record = installFoundry({ ruleSet: "fading-suns", isGM: false });
  await import("../../src");
  loadWorld(record);
  await loadPlay();
  sheets = await import("../../src/rulesets/fading-suns/sheets");
});

beforeEach(async () => {
  if (!users().has("gm1")) users().set("gm1", { id: "gm1", isGM: true, isSelf: false, targets: new Set() });
  ({ erian, brute } = await fadingSunsActors());
  record.notifications.length = 0;
  record.emitted.length = 0;
  fulfillment.length = 0;
});

describe("Fading Suns from a player's client: the GM links every answer", () => {
  it("lets only the target's owners answer a contest, and the GM links the answer", async () => {
    // Erian: Observe 4 + Perception 4 = 8, rolls 2: 1 VP.
    target(brute, "Brute");
    answerDialog({ characteristic: "perception" });
    fulfillment.push(2);
    await clickSheet(sheets, erian, "fsGoal", { dataset: { skill: "observe" } });
    const contest = lastMessage();
    expect(canPress(contest, "answer", 0)).toBe(false);
    // The brute sneaks on the GM's client: Dexterity 4 + Sneak 3 = 7, rolls 7 (a critical, 3 VP): wins by 2.
    await as("gm1", async () => {
      expect(canPress(contest, "answer", 0)).toBe(true);
      answerDialog({ characteristic: "dexterity", skill: "sneak" });
      fulfillment.push(7);
      await press(contest, "answer", 0);
    });
    expect(goal(contest).targets[0]!.data.result).toMatchObject({ vp: 3, winner: "b", net: 2 });
  });

  it("sends a sustained task's further roll to the GM, who counts it from the dice", async () => {
    target(null);
    // Physick 4 + Wits 5 = 9, a Complex task (10 VP): 8 (4 VP), then 6 (3 VP): 7 of 10.
    answerDialog({ characteristic: "wits", task: "complex" });
    fulfillment.push(8);
    await clickSheet(sheets, erian, "fsGoal", { item: "Physick" });
    const task = lastMessage();
    expect(canPress(task, "again")).toBe(true);
    fulfillment.push(6);
    const pending = press(task, "again");
    await relayNext(0);
    await pending;
    expect(record.emitted[0]).toMatchObject({ from: "user1", message: { type: "fading-suns.link" } });
    expect(goal(task).data).toMatchObject({ total: 7, steps: [lastMessage().id] });
    // The GM cannot be asked to count the same roll twice.
    const count = record.emitted.length;
    const again = (await import("../../src/hooks/socket")).requestGm("fading-suns.link", {
      messageId: lastMessage().id,
    });
    await relayNext(count);
    expect(await again).toBe(false);
    expect(goal(task).data.total).toBe(7);
  });

  it("refuses an answer the player rolled for a row that is not Erian's", async () => {
    // The GM rolls a contest against the brute; the player forges an answer to its row as Erian.
    const contest = await as("gm1", async () => {
      target(brute, "Brute");
      answerDialog({ characteristic: "perception" });
      fulfillment.push(5);
      await clickSheet(sheets, erian, "fsGoal", { dataset: { skill: "observe" } });
      return lastMessage();
    });
    const { postGoal } = await import("../../src/rulesets/fading-suns/chat/flow");
    fulfillment.push(3);
    const pending = postGoal(
      erian as never,
      { kind: "natural", id: "observe" },
      { level: "standard" },
      {
        link: { against: contest.id, row: 0 },
      },
    );
    await relayNext(0);
    await pending;
    expect(goal(contest).targets[0]!.data.result).toBeNull();
    expect(record.notifications.at(-1)?.message).toBe("Erian is not the one this roll is contested by.");
  });
});
