import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Sheets from "../../src/rulesets/fading-suns/sheets";
import type { FsContestRow, FsGoalData } from "../../src/rulesets/fading-suns/chat/card-data";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog, target } from "../support/fade-world";
import { clickSheet, fadingSunsActors, loadFadingSunsWorld } from "../support/fading-suns-world";
import { canPress, cardData, press } from "../support/play";

// Contested and sustained goal rolls on the GM's client, the d20s scripted. Numbers by hand from
// fading-suns.txt (the Victory Point chart, contested actions, the sustained action chart).

let record: StandInRecord;
let sheets: typeof Sheets;
let erian: StandInActor;
let brute: StandInActor;

const goal = (message: unknown) => cardData<FsGoalData, FsContestRow>(message);
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const lastView = () => record.rendered.filter((r) => r.path.endsWith("fading-suns/goal-card.hbs")).at(-1)!.data;

beforeAll(async () => {
  ({ record, sheets } = await loadFadingSunsWorld());
});

beforeEach(async () => {
  ({ erian, brute } = await fadingSunsActors());
  record.notifications.length = 0;
  fulfillment.length = 0;
});

describe("Fading Suns contested actions", () => {
  it("puts both sides on one card: the target answers with its own skill and the lower VP come off the higher", async () => {
    // Erian: Perception 4 + Observe 4 = 8, rolls 6: 3 VP.
    target(brute, "Brute");
    answerDialog({ characteristic: "perception" });
    fulfillment.push(6);
    await clickSheet(sheets, erian, "fsGoal", { dataset: { skill: "observe" } });
    const contest = lastMessage();
    expect(goal(contest).targets.map((t) => [t.name, t.data.result])).toEqual([["Brute", null]]);
    // The brute sneaks: Dexterity 4 + Sneak 3 (the default) = 7, rolls 4: 2 VP. Erian wins by 1.
    answerDialog({ characteristic: "dexterity", skill: "sneak" });
    fulfillment.push(4);
    await press(contest, "answer", 0);
    const answer = lastMessage();
    expect(goal(answer).data).toMatchObject({
      skill: { kind: "natural", id: "sneak" },
      goal: 7,
      victoryPoints: 2,
      link: { against: contest.id, row: 0 },
    });
    expect(goal(contest).targets[0]!.data.result).toEqual({ response: answer.id, vp: 2, winner: "a", net: 1 });
    expect(lastView()).toMatchObject({ rows: [{ name: "Brute", result: { vp: 2, net: 1, winner: "Erian" } }] });
    // One answer per row.
    expect(canPress(contest, "answer", 0)).toBe(false);
  });

  it("makes a tie a push unless only one side rolled a critical success, which wins with 0 VP", async () => {
    // Erian's 8 against a goal of 8: a critical (not in combat, no reroll), 4 VP.
    target(brute, "Brute");
    answerDialog({ characteristic: "perception" });
    fulfillment.push(8);
    await clickSheet(sheets, erian, "fsGoal", { dataset: { skill: "observe" } });
    const contest = lastMessage();
    // The brute: Sneak 7 + 2 other = 9, rolls 8: a plain success, 4 VP. 0 net, Erian's critical wins.
    answerDialog({ characteristic: "dexterity", skill: "sneak", other: "2" });
    fulfillment.push(8);
    await press(contest, "answer", 0);
    expect(goal(contest).targets[0]!.data.result).toMatchObject({ vp: 4, winner: "a", net: 0 });
    // Both fail: 0 against 0, a push.
    answerDialog({ characteristic: "perception" });
    fulfillment.push(15);
    await clickSheet(sheets, erian, "fsGoal", { dataset: { skill: "observe" } });
    const second = lastMessage();
    answerDialog({ characteristic: "dexterity", skill: "sneak" });
    fulfillment.push(12);
    await press(second, "answer", 0);
    expect(goal(second).targets[0]!.data.result).toMatchObject({ vp: 0, winner: "push", net: 0 });
  });

  it("rolls without targets as a plain goal roll", async () => {
    target(null);
    answerDialog({ characteristic: "perception" });
    fulfillment.push(6);
    await clickSheet(sheets, erian, "fsGoal", { dataset: { skill: "observe" } });
    expect(goal(lastMessage()).targets).toEqual([]);
  });
});

describe("Fading Suns sustained actions", () => {
  it("gathers VP over further rolls toward the chart's threshold; a critical failure spoils what was gathered", async () => {
    target(null);
    // Physick 4 + Wits 5 = 9, a Simple task (5 VP). 6: 3 VP.
    answerDialog({ characteristic: "wits", task: "simple" });
    fulfillment.push(6);
    await clickSheet(sheets, erian, "fsGoal", { item: "Physick" });
    const task = lastMessage();
    expect(goal(task).data).toMatchObject({ task: "simple", total: 3, steps: [] });
    // A 20, rerolled 13 (over 9): a critical failure, the 3 VP are lost.
    fulfillment.push(20, 13);
    await press(task, "again");
    const spoiled = lastMessage();
    expect(goal(spoiled).data).toMatchObject({ outcome: "criticalFailure", link: { against: task.id, row: null } });
    expect(goal(task).data).toMatchObject({ total: 0, steps: [spoiled.id] });
    // A 9 (the goal, not in combat): a critical, 4 VP. Then a 4: 2 VP. 6 of 5: done.
    fulfillment.push(9);
    await press(task, "again");
    expect(goal(task).data.total).toBe(4);
    expect(canPress(task, "again")).toBe(true);
    fulfillment.push(4);
    await press(task, "again");
    expect(goal(task).data).toMatchObject({ total: 6 });
    expect(goal(task).data.steps).toHaveLength(3);
    expect(lastView()).toMatchObject({ task: { total: 6, needed: 5, done: true, rolls: 4 } });
    expect(canPress(task, "again")).toBe(false);
  });

  it("counts the total again from every roll's dice, whatever the card's flags say", async () => {
    target(null);
    answerDialog({ characteristic: "wits", task: "complex" });
    fulfillment.push(2);
    await clickSheet(sheets, erian, "fsGoal", { item: "Physick" });
    const task = lastMessage();
    // A forged total on the card is not believed: 1 VP (the 2) + 3 VP (a 6) = 4.
    const card = goal(task);
    await task.update({ "flags.anthology.card": { ...card, data: { ...card.data, total: 9 } } });
    fulfillment.push(6);
    await press(task, "again");
    expect(goal(task).data.total).toBe(4);
  });

  it("reads the threshold from the world's sustained action chart", async () => {
    const settings = game.settings as unknown as { set(s: string, k: string, v: unknown): Promise<unknown> };
    await settings.set("anthology", "fadingSunsSustainedTasks", "simple 3, complex 12");
    try {
      target(null);
      // Physick 4 + Wits 5 = 9; a 6 gives 3 VP, which this world's Simple task (3) needs.
      answerDialog({ characteristic: "wits", task: "simple" });
      fulfillment.push(6);
      await clickSheet(sheets, erian, "fsGoal", { item: "Physick" });
      const task = lastMessage();
      expect(lastView()).toMatchObject({ task: { total: 3, needed: 3, done: true, rolls: 1 } });
      expect(canPress(task, "again")).toBe(false);
    } finally {
      await settings.set(
        "anthology",
        "fadingSunsSustainedTasks",
        "simple 5, complex 10, involved 15, obscure 20, arcane 25",
      );
    }
  });
});
