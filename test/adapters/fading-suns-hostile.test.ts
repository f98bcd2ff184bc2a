import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type * as Sheets from "../../src/rulesets/fading-suns/sheets";
import type * as FsFlow from "../../src/rulesets/fading-suns/chat/flow";
import type {
  FsAttackData,
  FsAttackRow,
  FsContestRow,
  FsGoalData,
} from "../../src/rulesets/fading-suns/chat/card-data";
import { dialogAnswers } from "../foundry/combat";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog, target } from "../support/fade-world";
import { clickSheet, fadingSunsActors } from "../support/fading-suns-world";
import { as, cardData, connect, press, pressThroughGm, relay, playerWorld, clean } from "../support/play";

// A hostile player's client (user1, owner of Erian only) with a GM (gm1) connected elsewhere: rolls whose
// requests the player's own code built are refused by the GM when they go past the rules, and what the
// player typed into the dialog waits for the GM's own click before it lands on the GM's brute.

let record: StandInRecord;
let sheets: typeof Sheets;
let flow: typeof FsFlow;
let erian: StandInActor;
let brute: StandInActor;

const lastMessage = () => record.messages.at(-1) as StandInMessage;
const attackCard = (m: unknown) => cardData<FsAttackData, FsAttackRow>(m);
const goal = (m: unknown) => cardData<FsGoalData, FsContestRow>(m);
const vitality = (actor: StandInActor) => (actor.system as unknown as { vitality: { value: number } }).vitality.value;
const notices = () => record.notifications.map((n) => n.message);
const lastNotice = () => notices().at(-1);
const RAPIER = "Rapier <b>fine</b>";
const weapon = (name: string) => erian.items.find((i) => i.name === name)!;
const bruteRef = () => ({ uuid: brute.uuid, name: "Brute" });

const throughGm = (message: StandInMessage, row = 0) => pressThroughGm(record, message, "apply", row);

const gmApplies = (message: StandInMessage, row = 0) => as("gm1", () => press(message, "apply", row));

/** Erian's attack on the brute with choices built by hand on the player's client (no dialog). */
async function handBuiltAttack(choices: Record<string, unknown>, face: number, item = RAPIER) {
  fulfillment.push(face);
  await flow.postAttack(
    erian as never,
    weapon(item) as never,
    { level: "standard", combat: true, ...choices } as never,
    [bruteRef()],
  );
  return lastMessage();
}

/** Waits until the client has sent a packet to the GM, then carries it. */
async function relayNext(count: number) {
  await vi.waitFor(() => expect(record.emitted.length).toBeGreaterThan(count));
  await relay(record);
}

beforeAll(async () => {
  record = await playerWorld("fading-suns");
  sheets = await import("../../src/rulesets/fading-suns/sheets");
  flow = await import("../../src/rulesets/fading-suns/chat/flow");
});

beforeEach(async () => {
  connect();
  ({ erian, brute } = await fadingSunsActors());
  await clean(record);
  dialogAnswers.length = 0;
  target(brute, "Brute");
});

describe("Fading Suns attacks whose request the player built, refused by the GM", () => {
  it("refuses an other modifier of +25 (within what a card can store, beyond what the GM allows)", async () => {
    // Rapier: 12 + 25 − Defense 1 = 36; a 19 hits only thanks to it.
    const attack = await handBuiltAttack({ other: 25 }, 19);
    expect(attackCard(attack).targets[0]!.data.hit).toBe(true);
    expect(await throughGm(attack)).toBe(false);
    expect(vitality(brute)).toBe(9);
    expect(lastNotice()).toBe(
      "The other goal modifier typed for this roll is 25, beyond what the GM allows (-10 … +10); nothing was applied.",
    );
    expect(await gmApplies(attack)).toBe(false);
    expect(vitality(brute)).toBe(9);
  });

  it("refuses a roll whose request names another weapon than the card shows", async () => {
    // Rolled with the blaster (DMG 6); the card's flags rewritten to show the rapier.
    const attack = await handBuiltAttack({ range: "short" }, 5, "Blaster");
    await attack.update({ "flags.anthology.card.data.item": { uuid: weapon(RAPIER).uuid, name: RAPIER } });
    expect(await throughGm(attack)).toBe(false);
    expect(vitality(brute)).toBe(9);
    expect(lastNotice()).toBe(
      "The card's roll was rolled with another weapon than the Rapier &lt;b&gt;fine&lt;/b&gt; it shows; nothing was applied. Roll again.",
    );
  });

  it("names the to-hit roll when it is not the one d20 the goal is judged on", async () => {
    const attack = await handBuiltAttack({}, 8);
    const rolls = attack.rolls as Array<{ formula: string; terms: unknown[]; _formula?: string }>;
    const { AnthologyRoll } = await import("../../src/dice/anthology-roll");
    const { requestOptions } = await import("../../src/play/request");
    const forged = new AnthologyRoll(
      "1d20 + 10",
      {},
      requestOptions({ item: weapon(RAPIER).uuid, choices: { level: "standard" }, targets: [brute.uuid] }),
    ) as unknown as { evaluate(): Promise<unknown> };
    fulfillment.push(8);
    await forged.evaluate();
    rolls[0] = forged as never;
    expect(await throughGm(attack)).toBe(false);
    expect(vitality(brute)).toBe(9);
    expect(lastNotice()).toBe(
      "The card's to-hit roll is 1d20 + 10, but the sheet and the card's choices give 1d20; nothing was applied. Roll again.",
    );
  });
});

describe("Fading Suns: the attacker as they stood when the attack was rolled (issue 29)", () => {
  it('"each attack is judged with the attacker as they stood when it was rolled": a hit the attacker\'s own player wrote is not believed', async () => {
    // Erian at 3 Vitality (−6): rapier 12 − 6 − Defense 1 = 5; an 8 misses.
    await erian.update({ "system.vitality.value": 3 });
    const attack = await handBuiltAttack({ fightAction: "strike" }, 8);
    expect(attackCard(attack).targets[0]!.data).toMatchObject({ goal: 5, hit: false });
    // The player's own card "hits" Erian after the roll for 7 Vitality, marked applied, with a ledger
    // entry on Erian to match: were it believed, Erian would have stood at 10 and the 8 would hit (11).
    fulfillment.push(2);
    await flow.postAttack(erian as never, weapon(RAPIER) as never, { level: "standard", combat: true } as never, [
      { uuid: erian.uuid, name: "Erian" },
    ]);
    const fake = lastMessage();
    const fakeCard = attackCard(fake);
    const mark = {
      by: "gm1",
      at: Date.now() + 60_000,
      summary: { damage: 10, armor: 3, taken: 7, before: 10, after: 3 },
    };
    await fake.update({
      "flags.anthology.card": { ...fakeCard, targets: [{ ...fakeCard.targets[0]!, applied: mark }] },
    });
    await erian.update({
      "flags.anthology.applied": {
        [`${fake.id}-0`]: { at: mark.at, undo: { updates: [], effects: [], statuses: [] }, done: [] },
      },
    });
    // And the miss rewritten as a hit on Erian's own card.
    const card = attackCard(attack);
    await attack.update({
      "flags.anthology.card": {
        ...card,
        targets: [{ ...card.targets[0]!, data: { ...card.targets[0]!.data, hit: true, damage: 5 } }],
      },
    });
    expect(attackCard(attack).targets[0]!.data.hit).toBe(true);
    expect(await throughGm(attack)).toBe(false);
    expect(vitality(brute)).toBe(9);
    expect(await gmApplies(attack)).toBe(false);
    expect(vitality(brute)).toBe(9);
  });
});

describe("Fading Suns: what a player typed waits for the GM's own click", () => {
  it("holds a row resting on a typed +2 and a complementary roll's 3 VP; the GM is told and applies it", async () => {
    answerDialog({ level: "standard", fightAction: "strike", other: "2", complementary: "3" });
    fulfillment.push(8);
    await clickSheet(sheets, erian, "fsAttack", { item: RAPIER });
    const attack = lastMessage();
    expect(attackCard(attack).data.choices).toMatchObject({ other: 2, complementary: 3 });
    expect(await throughGm(attack)).toBe(false);
    expect(vitality(brute)).toBe(9);
    expect(attackCard(attack).targets[0]!.applied).toBeNull();
    const what = "what was typed in the dialog (3 VP of a complementary roll, +2 to the goal)";
    expect(record.emitted.at(-1)).toMatchObject({
      message: { kind: "reply", refusal: { key: "ANTHOLOGY.Play.Errors.waitsForGm", data: { name: "Brute", what } } },
    });
    expect(notices()).toContain(
      `user1 asks you to apply a card to Brute; it rests on ${what}. If that stands, press Apply on the card yourself.`,
    );
    // The GM's own click: DMG 4 + Strength 1 = 5, the jerkin's 2: 3 off 9.
    expect(await gmApplies(attack)).toBe(true);
    expect(vitality(brute)).toBe(6);
  });

  it("bounds the other modifier in the dialog and shows what was typed on the card", async () => {
    answerDialog({ level: "standard", fightAction: "strike", other: "99" });
    fulfillment.push(8);
    await clickSheet(sheets, erian, "fsAttack", { item: RAPIER });
    expect(attackCard(lastMessage()).data.choices.other).toBe(10);
    const view = record.rendered.filter((r) => r.path.endsWith("fading-suns/attack-card.hbs")).at(-1)!.data;
    expect((view as { typed: unknown }).typed).toEqual([
      { key: "ANTHOLOGY.FadingSuns.Typed.Value.other", value: "+10" },
    ]);
    const dialog = record.rendered.filter((r) => r.path.endsWith("fading-suns/roll-dialog.hbs")).at(-1)!.data;
    expect(dialog).toMatchObject({ maxOther: 10 });
  });

  it("still applies an honest attack with nothing typed at once", async () => {
    answerDialog({ level: "standard", fightAction: "strike" });
    fulfillment.push(8);
    await clickSheet(sheets, erian, "fsAttack", { item: RAPIER });
    expect(await throughGm(lastMessage())).toBe(true);
    expect(vitality(brute)).toBe(6);
  });
});

describe("Fading Suns contests: the answer's request, checked by the GM", () => {
  /** The GM's brute sneaks against Erian: Dexterity 4 + Sneak 3 = 7, rolls 6 (3 VP). */
  async function bruteSneaks(): Promise<StandInMessage> {
    return as("gm1", async () => {
      target(erian, "Erian");
      answerDialog({ characteristic: "dexterity" });
      fulfillment.push(6);
      await clickSheet(sheets, brute, "fsGoal", { dataset: { skill: "sneak" } });
      return lastMessage();
    });
  }

  it("does not link an answer claiming a quick complementary skill of 40 the world does not play with", async () => {
    const contest = await bruteSneaks();
    // Erian's Observe 4 + Perception 4 = 8; a 15 fails, unless +20 is claimed.
    fulfillment.push(15);
    const pending = flow.postGoal(
      erian as never,
      { kind: "natural", id: "observe" },
      { level: "standard", characteristic: "perception", quickRating: 40 } as never,
      { link: { against: contest.id, row: 0 } },
    );
    await relayNext(0);
    await pending;
    expect(goal(contest).targets[0]!.data.result).toBeNull();
    expect(lastNotice()).toBe(
      "The quick complementary skill claimed for Erian's roll (rating 40) is not one of Erian's other skills, or the world does not play with quick complementary skills; the roll is not counted.",
    );
  });

  it("does not link an answer whose other modifier is past the bounds", async () => {
    const contest = await bruteSneaks();
    fulfillment.push(15);
    const pending = flow.postGoal(
      erian as never,
      { kind: "natural", id: "observe" },
      { level: "standard", characteristic: "perception", other: 20 } as never,
      { link: { against: contest.id, row: 0 } },
    );
    await relayNext(0);
    await pending;
    expect(goal(contest).targets[0]!.data.result).toBeNull();
  });

  it("links an honest answer (regression)", async () => {
    const contest = await bruteSneaks();
    // 8 against 8: a critical, 4 VP; the brute's 3: Erian wins by 1.
    fulfillment.push(8);
    const pending = flow.postGoal(
      erian as never,
      { kind: "natural", id: "observe" },
      { level: "standard", characteristic: "perception" } as never,
      { link: { against: contest.id, row: 0 } },
    );
    await relayNext(0);
    await pending;
    expect(goal(contest).targets[0]!.data.result).toMatchObject({ winner: "b", net: 1 });
  });
});

describe("Fading Suns: one damage roll lands once, however often the card lists its target", () => {
  it("refuses the brute's row repeated on the attacker's own card", async () => {
    // Rapier: goal 11 against the brute's Defense 1; an 8 hits. DMG 5 less the jerkin's 2: 3 off 9 Vitality.
    target(brute, "Brute");
    answerDialog({ level: "standard", fightAction: "strike", targetCover: "none", group: "1" });
    fulfillment.push(8);
    await clickSheet(sheets, erian, "fsAttack", { item: RAPIER });
    const attack = lastMessage();
    const row = cardData(attack).targets[0]!;
    await attack.update({ "flags.anthology.card.targets": [row, row, row] });
    const results = [];
    for (let i = 0; i < 3; i += 1) results.push(await throughGm(attack, i));
    expect(results).toEqual([true, false, false]);
    expect(vitality(brute)).toBe(6);
    expect(lastNotice()).toBe("This has already been applied to Brute.");
  });
});

describe("Fading Suns knockdown's and grapple's contests from a player's client", () => {
  const statuses = (actor: StandInActor) => [...((actor as unknown as { statuses: Set<string> }).statuses ?? [])];
  const applied = (message: StandInMessage) =>
    (cardData(message) as unknown as { targets: Array<{ applied: { summary: Record<string, unknown> } | null }> })
      .targets[0]!.applied;

  it('"knocked down and back 1m/Victory Point": the GM judges the contest from the dice, whatever the card says', async () => {
    // Erian knocks the brute down: 6 + 4 − 1 = 9, a 4 hits; the GM applies the hit (no Vitality).
    answerDialog({ fightAction: "knockdown" });
    fulfillment.push(4);
    await clickSheet(sheets, erian, "fsAttack", { item: RAPIER });
    const attack = lastMessage();
    expect(await throughGm(attack)).toBe(true);
    // Erian's Strength 7 + Fight 4 = 11: a 10 is 5 VP.
    fulfillment.push(10);
    await press(attack, "contest", 0);
    const push = lastMessage();
    // The brute is the GM's to answer: Dexterity 4 + Vigor 3 = 7, a 4 is 2 VP.
    await as("gm1", async () => {
      fulfillment.push(4);
      await press(push, "answer", 0);
    });
    // The player writes 12 VP onto the card: the GM counts 5 from the dice, 3 net, 3 m back.
    const card = cardData(push) as unknown as { data: Record<string, unknown> };
    card.data.victoryPoints = 12;
    await push.update({ "flags.anthology.card": card });
    expect(await throughGm(push)).toBe(true);
    expect(statuses(brute)).toContain("prone");
    expect(applied(push)?.summary).toMatchObject({ meters: 3, net: 3 });
  });

  it('"attack can choose to deliver grapple DMG per turn": the player posts it, the GM applies it with Undo', async () => {
    // Erian grapples: 9, a 4 hits for 2 + 1 = 3 against armor 2: 1 off (9 → 8).
    answerDialog({ fightAction: "grapple" });
    fulfillment.push(4);
    await clickSheet(sheets, erian, "fsAttack", { item: RAPIER });
    const attack = lastMessage();
    expect(await throughGm(attack)).toBe(true);
    // Strength 7 + Vigor 3 = 10, an 8 (4 VP), against the brute's Strength 5 + Vigor 3 = 8, a 2 (1 VP).
    fulfillment.push(8);
    await press(attack, "contest", 0);
    const hold = lastMessage();
    await as("gm1", async () => {
      fulfillment.push(2);
      await press(hold, "answer", 0);
    });
    expect(await throughGm(hold)).toBe(true);
    expect(statuses(brute)).toContain("restrain");
    await press(hold, "squeeze", 0);
    const squeeze = lastMessage();
    expect(await throughGm(squeeze)).toBe(true);
    expect(vitality(brute)).toBe(7);
    expect(await as("gm1", () => press(squeeze, "undo", 0))).toBe(true);
    expect(vitality(brute)).toBe(8);
  });
});
