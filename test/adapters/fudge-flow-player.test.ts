import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Sheets from "../../src/rulesets/fudge/sheets";
import type { FudgeAttackData, FudgeRow } from "../../src/rulesets/fudge/chat/card-data";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import { installFoundry, loadWorld, type StandInRecord } from "../foundry/stand-in";
import { answerDialog } from "../support/fade-world";
import { clickSheet, fudgeActors, target } from "../support/fudge-world";
import { as, canPress, cardData, loadPlay, press, relay } from "../support/play";

// A player's client (user1, owner of Mickey only) with a GM (gm1) connected elsewhere: the bandit's
// answer is the GM's to roll, linking it and applying to the bandit go to the GM, who works every
// number out again from the dice and the actors.

let record: StandInRecord;
let sheets: typeof Sheets;
let mickey: StandInActor;
let bandit: StandInActor;

type User = { id: string; isGM: boolean; isSelf: boolean; targets: Set<unknown> };
const users = () => game.users as unknown as Map<string, User>;
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const wounds = (a: StandInActor) => (a.system as unknown as { wounds: Record<string, number> }).wounds;
const row = (m: StandInMessage) => cardData<FudgeAttackData, FudgeRow>(m).targets[0]!;

beforeAll(async () => {
  record = installFoundry({ ruleSet: "fudge", isGM: false });
  await import("../../src");
  loadWorld(record);
  await loadPlay();
  sheets = await import("../../src/rulesets/fudge/sheets");
});

beforeEach(async () => {
  if (!users().has("gm1")) users().set("gm1", { id: "gm1", isGM: true, isSelf: false, targets: new Set() });
  ({ mickey, bandit } = await fudgeActors());
  record.notifications.length = 0;
  record.emitted.length = 0;
  fulfillment.length = 0;
  target(bandit);
});

/** Mickey (the player's) swings; the GM answers for the bandit on the GM's own client. */
async function swingAndAnswer(mine: number[], theirs: number[], attack: Record<string, string> = {}) {
  answerDialog({ stance: "normal", ...attack });
  fulfillment.push(...mine);
  await clickSheet(sheets, mickey, "fudgeAttack", { item: "Broadsword" });
  const swing = lastMessage();
  await as("gm1", async () => {
    answerDialog({ stance: "normal", weapon: bandit.items.find((i) => i.name === "Shortsword")!.id });
    fulfillment.push(...theirs);
    await press(swing, "respond", 0);
  });
  return { swing, answer: lastMessage() };
}

describe("FUDGE from a player's client: the GM is the authority", () => {
  it("lets only the target's owners answer a row", async () => {
    answerDialog({ stance: "normal" });
    fulfillment.push(2, 2, 2, 2);
    await clickSheet(sheets, mickey, "fudgeAttack", { item: "Broadsword" });
    const swing = lastMessage();
    expect(canPress(swing, "respond", 0)).toBe(false);
    expect(await as("gm1", () => canPress(swing, "respond", 0))).toBe(true);
    // The player cannot roll for the bandit from its sheet either.
    await clickSheet(sheets, bandit, "fudgeCheck", { dataset: { attribute: "build" } });
    expect(record.notifications.at(-1)?.message).toContain("You do not own");
  });

  it("asks the GM to apply the blow on the bandit, and the GM applies it once", async () => {
    const { swing } = await swingAndAnswer([3, 3, 2, 2], [2, 2, 2, 1]);
    expect(row(swing).data.result?.a).toMatchObject({ hits: true, wound: "critical" });
    const pending = press(swing, "apply", 0);
    expect(record.emitted.at(-1)).toMatchObject({
      from: "user1",
      message: { kind: "request", type: "card.apply", payload: { messageId: swing.id, target: 0 } },
    });
    await relay(record);
    expect(await pending).toBe(true);
    expect(wounds(bandit).critical).toBe(1);
  });

  it("works the exchange out again: a stance written into the card after the roll changes nothing", async () => {
    // Rolled in a normal stance, Mickey's 0 against the bandit's +1 misses (offense 1 against defense 1).
    const { swing } = await swingAndAnswer([2, 2, 2, 2], [3, 2, 2, 2]);
    expect(row(swing).data.result?.a.hits).toBe(false);
    const card = cardData<FudgeAttackData, FudgeRow>(swing);
    await swing.update({
      "flags.anthology.card.data.choices": { ...card.data.choices, stance: "violent" },
      "flags.anthology.card.targets": [
        {
          ...card.targets[0],
          data: {
            ...card.targets[0]!.data,
            result: { ...card.targets[0]!.data.result, a: { ...card.targets[0]!.data.result!.a, hits: true } },
          },
        },
      ],
    });
    const pending = press(swing, "apply", 0);
    await relay(record);
    expect(await pending).toBe(false);
    expect(wounds(bandit)).toMatchObject({ scratch: 0, light: 0, major: 0, critical: 0, coma: 0 });
  });

  it("refuses an answer the player links to a row by writing the card", async () => {
    answerDialog({ stance: "normal" });
    fulfillment.push(3, 3, 3, 2);
    await clickSheet(sheets, mickey, "fudgeAttack", { item: "Broadsword" });
    const swing = lastMessage();
    // Mickey's player rolls a "defence" of his own (a check card) and writes it in as the bandit's answer.
    target();
    answerDialog({ trait: "attribute:build", difficulty: "0" });
    fulfillment.push(1, 1, 1, 1);
    await clickSheet(sheets, mickey, "fudgeCheck", { dataset: { attribute: "build" } });
    const fake = lastMessage();
    const card = cardData<FudgeAttackData, FudgeRow>(swing);
    const forged = {
      a: { offense: 5, defense: -4, hits: true, relativeDegree: 9, damage: 20, graze: false, wound: "coma" },
      b: null,
      standOff: false,
      response: fake.id,
      responseTotal: -4,
    };
    await swing.update({
      "flags.anthology.card.targets": [{ ...card.targets[0], data: { opposed: true, result: forged } }],
    });
    const pending = press(swing, "apply", 0);
    await relay(record);
    expect(await pending).toBe(false);
    expect(wounds(bandit).coma).toBe(0);
  });
});
