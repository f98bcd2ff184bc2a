import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { HodRunData, HodRunSummary } from "../../src/rulesets/hod/chat/kinds/run";
import { RESTED, runStateOf } from "../../src/rulesets/hod/rules/running";
import { dialogAnswers } from "../foundry/combat";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog, hodActors, loadHodWorld, noCombat, target, timeCountFight } from "../support/hod-world";
import { as, cardData, press, relay } from "../support/play";

// heroes-of-destiny.txt, Running and Sprinting, from a player's client (user1 owns Garret) with a GM
// (gm1) connected: the sheet's Run and Sprint and the tracker's Move at a run pace roll the checks due,
// the card's row goes to the GM, who works the checks out again from the dice and the runner as it
// stands, records the fatigue, the failures and the penalty, and can undo it.

let record: StandInRecord;
let garret: StandInActor;
let goblin: StandInActor;

type User = { id: string; isGM: boolean; isSelf: boolean; targets: Set<unknown> };
type Running = { penalty: number; failures: number; pace: string; sprintCheck: number; since: number };
const users = () => game.users as unknown as Map<string, User>;
const runCards = () =>
  record.messages.filter(
    (m) => ((m as StandInMessage).getFlag("anthology", "card") as { kind?: string })?.kind === "run",
  ) as StandInMessage[];
const runCard = (m: unknown) => cardData<HodRunData, Record<string, never>>(m);
const system = (a: StandInActor) => a.system as unknown as { fatigue: number; running: Running };
const lastNotice = () => record.notifications.at(-1)?.message;
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

async function sheetAction(name: string, dataset: Record<string, string> = {}): Promise<void> {
  const sheets = await import("../../src/rulesets/hod/sheets");
  type Action = (this: unknown, event: Event, target: HTMLElement) => Promise<void>;
  const action = (sheets.HodActorSheet.DEFAULT_OPTIONS.actions as unknown as Record<string, Action>)[name]!;
  const sheet = new (sheets.HodActorSheet as unknown as new (o: object) => object)({ document: garret });
  await action.call(sheet, new Event("click"), { dataset, closest: () => null } as unknown as HTMLElement);
}

/** Presses a row's button as the player and carries the request to the GM and back. */
async function throughGm(message: StandInMessage, action = "apply"): Promise<unknown> {
  const pending = press(message, action, 0);
  await relay(record);
  return pending;
}

beforeAll(async () => {
  ({ record } = await loadHodWorld({ isGM: false }));
});

beforeEach(async () => {
  ({ garret, goblin } = await hodActors());
  record.notifications.length = 0;
  record.emitted.length = 0;
  record.messages.length = 0;
  fulfillment.length = 0;
  dialogAnswers.length = 0;
  target(null);
  noCombat();
  if (!users().has("gm1")) users().set("gm1", { id: "gm1", isGM: true, isSelf: false, targets: new Set() });
});

describe("Heroes of Destiny running and sprinting at the table", () => {
  it('"When you begin running ... make a DC 20 Athletics (Con) check": "If you fail by more than 5, you gain 2 fatigue points", applied by the GM once, and undone', async () => {
    // The sheet's Run: 3d6 (4 + 5 + 3) + Constitution 2 = 14 against DC 20, failed by 6.
    answerDialog({ modifier: "0" });
    fulfillment.push(4, 5, 3);
    await sheetAction("hodRun", { pace: "run" });
    const card = runCards().at(-1)!;
    expect(runCard(card).data).toMatchObject({
      pace: "run",
      begins: true,
      endurance: 0,
      sprint: null,
      penalty: 0,
      enduranceTotal: 14,
    });
    expect((card.rolls[0] as { formula: string }).formula.replace(/\s+/g, "")).toBe("3d6+2");
    expect(runCard(card).targets.map((t) => t.name)).toEqual(["Garret"]);
    // Nothing changes before the GM applies.
    expect(system(garret).fatigue).toBe(0);
    expect(await throughGm(card)).toBe(true);
    expect(system(garret).fatigue).toBe(2);
    expect(system(garret).running).toEqual({ penalty: 1, failures: 1, pace: "run", sprintCheck: 0, since: -1 });
    expect(runCard(card).targets[0]!.applied?.summary).toMatchObject({
      gained: 2,
      fatigue: 2,
      failures: 1,
      penalty: 1,
      stop: null,
      pace: "run",
    } satisfies Partial<HodRunSummary>);
    // Once only.
    await throughGm(card);
    expect(system(garret).fatigue).toBe(2);
    // The GM undoes it: the fatigue and the run's record go back.
    await as("gm1", () => press(card, "undo", 0));
    expect(system(garret).fatigue).toBe(0);
    // (A field the stand-in's actor never stored comes back empty: read as not running.)
    expect(runStateOf(system(garret).running)).toEqual(RESTED);
  });

  it('"with a -1 penalty for each previous check": the next check takes the penalty, and the GM refuses a roll made with another', async () => {
    await garret.update({ "system.running.penalty": 2, "system.running.pace": "run", "system.running.failures": 1 });
    // Continuing: 3d6 (6 + 6 + 6) + 2 − 2 = 18, failed by 2: 1 fatigue.
    answerDialog({ modifier: "0" });
    fulfillment.push(6, 6, 6);
    await sheetAction("hodRun", { pace: "run" });
    const card = runCards().at(-1)!;
    expect(runCard(card).data).toMatchObject({ begins: false, penalty: 2, enduranceTotal: 18 });
    expect((card.rolls[0] as { formula: string }).formula.replace(/\s+/g, "")).toBe("3d6");
    // A minute of rest before the GM applies: the card's roll no longer is what the sheet gives.
    await sheetAction("hodRunRest");
    expect(system(garret).running.penalty).toBe(1);
    expect(await throughGm(card)).toBe(false);
    expect(lastNotice()).toContain("3d6");
    expect(system(garret).fatigue).toBe(0);
    await garret.update({ "system.running.penalty": 2 });
    expect(await throughGm(card)).toBe(true);
    expect(system(garret).fatigue).toBe(1);
    expect(system(garret).running).toMatchObject({ penalty: 3, failures: 2, pace: "run" });
  });

  it('"Once you fail three checks during a single run ... you must stop running" and "If you are forced to stop running ... you become fatigued"', async () => {
    await garret.update({ "system.running.pace": "run", "system.running.failures": 2, "system.running.penalty": 2 });
    answerDialog({ modifier: "0" });
    fulfillment.push(1, 1, 1);
    await sheetAction("hodRun", { pace: "run" });
    const card = runCards().at(-1)!;
    expect(await throughGm(card)).toBe(true);
    expect(system(garret).running).toMatchObject({ pace: "", failures: 3, penalty: 3 });
    expect(system(garret).fatigue).toBe(2);
    expect(garret.statuses.has("hod-fatigued")).toBe(true);
    expect(runCard(card).targets[0]!.applied?.summary).toMatchObject({ stop: "failures", pace: null });
    // "Assuming you are not fatigued, you may resume running": not while fatigued.
    const count = record.messages.length;
    await sheetAction("hodRun", { pace: "run" });
    expect(record.messages.length).toBe(count);
    expect(lastNotice()).toContain("fatigued");
    await as("gm1", () => press(card, "undo", 0));
    expect(garret.statuses.has("hod-fatigued")).toBe(false);
    expect(system(garret).running).toMatchObject({ pace: "run", failures: 2, penalty: 2 });
  });

  it('"If running would cause you to fall unconscious from fatigue, then you instead must stop running, with your fatigue 1 point lower than your current hit points"', async () => {
    await garret.update({ "system.fatigue": 19 });
    answerDialog({ modifier: "0" });
    fulfillment.push(1, 1, 1);
    await sheetAction("hodRun", { pace: "run" });
    expect(await throughGm(runCards().at(-1)!)).toBe(true);
    expect(system(garret).fatigue).toBe(19);
    expect(system(garret).running.pace).toBe("");
    expect(garret.statuses.has("hod-fatigued")).toBe(true);
  });

  it('"When you begin sprinting, roll a DC 10 Athletics (Str) check" and, not already running, "you must make the check when you begin sprinting as well"', async () => {
    // Endurance 3d6 (6 + 6 + 6) + 2 = 20 passes; sprint 3d6 (4 + 4 + 4) + Strength 3 = 15.
    answerDialog({ modifier: "0" });
    fulfillment.push(6, 6, 6, 4, 4, 4);
    await sheetAction("hodRun", { pace: "sprint" });
    const card = runCards().at(-1)!;
    expect(runCard(card).data).toMatchObject({
      pace: "sprint",
      endurance: 0,
      sprint: 1,
      enduranceTotal: 20,
      sprintTotal: 15,
    });
    expect((card.rolls[1] as { formula: string }).formula.replace(/\s+/g, "")).toBe("3d6+3");
    expect(await throughGm(card)).toBe(true);
    // Base 20 ft, sprint check 15: as if the base were 30 ft, 45 ft; the sprinting check's −2.
    expect(system(garret).running).toEqual({ penalty: 2, failures: 0, pace: "sprint", sprintCheck: 15, since: -1 });
    expect(runCard(card).targets[0]!.applied?.summary).toMatchObject({ pace: "sprint", speed: 45 });
  });

  it('"If you fail, then you are unable to begin sprinting, and instead are considered running"', async () => {
    await garret.update({ "system.running.pace": "run", "system.running.since": -1 });
    // Already running: outside a Time Count the endurance check is asked for too; sprint 1 + 1 + 2 + 3 = 7.
    answerDialog({ modifier: "0" });
    fulfillment.push(6, 6, 6, 1, 1, 2);
    await sheetAction("hodRun", { pace: "sprint" });
    expect(await throughGm(runCards().at(-1)!)).toBe(true);
    expect(system(garret).running).toMatchObject({ pace: "run", sprintCheck: 0, penalty: 1 });
  });

  it('on the Time Count: the tracker\'s Move at a run pace costs its count (1 TC) and rolls the check when the run begins, "and every 30 TC spent running thereafter"', async () => {
    const { combat, me } = await as("gm1", () => timeCountFight(garret, goblin));
    const { TimeCountTracker } = await import("../../src/combat/time-count-tracker");
    type Act = (this: unknown, event: Event, target: HTMLElement) => Promise<void>;
    const act = (TimeCountTracker.DEFAULT_OPTIONS.actions as unknown as Record<string, Act>).actCombatant!;
    const row = { closest: () => ({ dataset: { combatantId: "garret" } }) } as unknown as HTMLElement;
    const move = async () => {
      const pending = act.call({ viewed: combat }, new Event("click"), row);
      await settle();
      await relay(record);
      await pending;
      await settle();
    };
    // The Act dialog's Move, running; then the run dialog: 3d6 (6 + 6 + 6) + 2 = 20 passes.
    answerDialog({ action: "move", pace: "run", moveCount: "1" });
    answerDialog({ modifier: "0" });
    fulfillment.push(6, 6, 6);
    await move();
    expect(me.initiative).toBe(7);
    const card = runCards().at(-1)!;
    expect(runCard(card).data).toMatchObject({ pace: "run", begins: true, enduranceTotal: 20 });
    expect(await throughGm(card)).toBe(true);
    expect(system(garret).running).toMatchObject({ pace: "run", penalty: 1, since: 6 });
    // At TC 7 the run goes on: no check is due before TC 36.
    await as("gm1", () => combat.nextTurn());
    await settle();
    const cards = runCards().length;
    answerDialog({ action: "move", pace: "run", moveCount: "2" });
    await move();
    expect(me.initiative).toBe(8);
    expect(runCards().length).toBe(cards);
    expect(system(garret).running.pace).toBe("run");
    // Any other act ends the run; the penalty stays.
    await as("gm1", () => combat.nextTurn());
    await settle();
    answerDialog({ action: "drawWeapon" });
    fulfillment.push(1);
    await move();
    expect(system(garret).running).toMatchObject({ pace: "", penalty: 1 });
  });

  it("the sheet's Run, when due on the Time Count, records the count's Move at that pace as it rolls", async () => {
    const { combat, me } = await as("gm1", () => timeCountFight(garret, goblin));
    answerDialog({ modifier: "0" });
    fulfillment.push(6, 6, 6);
    const pending = sheetAction("hodRun", { pace: "run" });
    await settle();
    expect(record.emitted.at(-1)).toMatchObject({
      message: {
        type: "timeCount.act",
        payload: { combatantId: "garret", choice: { action: "move", pace: "run", moveCount: 1 } },
      },
    });
    await relay(record);
    await pending;
    expect(me.initiative).toBe(7);
    expect(combat.combatants.get("garret")!.getFlag("anthology", "runPace")).toBe("run");
    expect(runCards()).toHaveLength(1);
  });

  it('"Your penalty to running decreases by 1 for every minute spent resting": Rest a minute, and a night\'s sleep', async () => {
    await garret.update({ "system.running.penalty": 3, "system.running.pace": "run", "system.running.failures": 2 });
    await sheetAction("hodRunRest");
    expect(system(garret).running).toMatchObject({ penalty: 2, pace: "run", failures: 2 });
    await sheetAction("hodRunStop");
    expect(system(garret).running).toMatchObject({ penalty: 2, pace: "", failures: 0 });
    const { restHod } = await import("../../src/rulesets/hod/chat/rest");
    await restHod(garret, false);
    expect(system(garret).running.penalty).toBe(0);
  });
});
