import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Sheets from "../../src/rulesets/opend6/sheets";
import type { OpenD6AttackData, OpenD6AttackRow, OpenD6CheckData } from "../../src/rulesets/opend6/chat/card-data";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import { installFoundry, loadWorld, type StandInRecord } from "../foundry/stand-in";
import { answerDialog, target } from "../support/fade-world";
import { clickSheet, opend6Actors } from "../support/opend6-world";
import { as, canPress, cardData, loadPlay, press, relay } from "../support/play";

// A player's client (user1, owner of Kira only) with a GM (gm1) connected elsewhere: applies and
// spends after a roll go to the GM over the socket, who works every number out again from the dice
// and the actors; what the player writes into a card's flags changes nothing.

let record: StandInRecord;
let sheets: typeof Sheets;
let kira: StandInActor;
let thug: StandInActor;

type User = { id: string; isGM: boolean; isSelf: boolean; targets: Set<unknown> };
const users = () => game.users as unknown as Map<string, User>;
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const attackCard = (m: StandInMessage) => cardData<OpenD6AttackData, OpenD6AttackRow>(m);
const checkCard = (m: StandInMessage) => cardData<OpenD6CheckData, Record<string, never>>(m);
const state = (a: StandInActor) =>
  a.system as unknown as { wounds: string; characterPoints: number; fatePoints: number };
const PISTOL = "Pistol <b>of</b> Doom";

beforeAll(async () => {
  record = installFoundry({ ruleSet: "opend6", isGM: false });
  await import("../../src");
  loadWorld(record);
  await loadPlay();
  sheets = await import("../../src/rulesets/opend6/sheets");
});

beforeEach(async () => {
  if (!users().has("gm1")) users().set("gm1", { id: "gm1", isGM: true, isSelf: false, targets: new Set() });
  ({ kira, thug } = await opend6Actors());
  record.notifications.length = 0;
  record.emitted.length = 0;
  fulfillment.length = 0;
  target(thug, "Thug");
});

/** Kira (the player's) shoots the thug at Short range with these dice. */
async function shoot(dice: number[]): Promise<StandInMessage> {
  answerDialog({ range: "short", cover: "none", posture: "standing", aim: "0", actions: "1" });
  fulfillment.push(...dice);
  await clickSheet(sheets, kira, "od6Attack", { item: PISTOL });
  return lastMessage();
}

describe("OpenD6 from a player's client: the GM is the authority", () => {
  it("rolls only for the player's own actor", async () => {
    const before = record.messages.length;
    await clickSheet(sheets, thug, "od6Roll", { dataset: { kind: "attribute", id: "physique" } });
    expect(record.messages.length).toBe(before);
    expect(record.notifications.at(-1)?.message).toBe("Only the owners of Thug &lt;script&gt; can roll for them.");
    await clickSheet(sheets, thug, "od6Heal");
    expect(record.messages.length).toBe(before);
  });

  it("asks the GM to apply the hit, and the GM applies it once", async () => {
    // 5, 5, 4, 3 and the Wild Die 2 = 19 against 10; damage 3, 3, 3, 3 = 12; resistance 2, 2, 2 = 6.
    const attack = await shoot([5, 5, 4, 3, 2, 3, 3, 3, 3, 2, 2, 2]);
    const pending = press(attack, "apply", 0);
    expect(record.emitted.at(-1)).toMatchObject({
      from: "user1",
      message: { kind: "request", type: "card.apply", payload: { messageId: attack.id, target: 0 } },
    });
    await relay(record);
    expect(await pending).toBe(true);
    expect(state(thug).wounds).toBe("wounded");
    const again = press(attack, "apply", 0);
    await relay(record);
    expect(await again).toBe(false);
    expect(state(thug).wounds).toBe("wounded");
  });

  it("works the row out again: a hit and damage written into the card after a miss change nothing", async () => {
    // 1, 1, 1, 2 and the Wild Die 3 = 8 against 10: a miss.
    const attack = await shoot([1, 1, 1, 2, 3]);
    const card = attackCard(attack);
    expect(card.targets[0]!.data.hit).toBe(false);
    await attack.update({
      "flags.anthology.card.data.total": 40,
      "flags.anthology.card.data.spends": [{ kind: "fatePoint", roll: 0, total: 30 }],
      "flags.anthology.card.targets": [
        { ...card.targets[0], data: { ...card.targets[0]!.data, hit: true, attack: 40, damage: 50, resistance: 0 } },
      ],
    });
    const pending = press(attack, "apply", 0);
    await relay(record);
    expect(await pending).toBe(false);
    expect(record.notifications.at(-1)?.message).toBe("The attack no longer hits Thug: the difficulty is now 10.");
    expect(state(thug).wounds).toBe("none");
  });

  it("spends a Character Point after the roll through the GM, who rolls it onto the card", async () => {
    const attack = await shoot([1, 1, 1, 2, 3]);
    expect(canPress(attack, "spendCharacterPoint")).toBe(true);
    const pending = press(attack, "spendCharacterPoint");
    expect(record.emitted.at(-1)).toMatchObject({
      from: "user1",
      message: { kind: "request", type: "opend6.spend", payload: { messageId: attack.id, spend: "characterPoint" } },
    });
    // The GM's client rolls the Character Point die (4: 12 hits), then the damage and the resistance.
    fulfillment.push(4, 3, 3, 3, 3, 2, 2, 2);
    await relay(record);
    expect(await pending).toBe(true);
    expect(state(kira).characterPoints).toBe(4);
    expect(attackCard(attack).targets[0]!.data).toMatchObject({ attack: 12, hit: true, damage: 12, resistance: 6 });
    const apply = press(attack, "apply", 0);
    await relay(record);
    expect(await apply).toBe(true);
    expect(state(thug).wounds).toBe("wounded");
  });

  it("offers no spend on a card of an actor the player does not own", async () => {
    const check = await as("gm1", async () => {
      answerDialog({ difficulty: "10", actions: "1" });
      fulfillment.push(2, 2, 2);
      await clickSheet(sheets, thug, "od6Roll", { dataset: { kind: "attribute", id: "physique" } });
      return lastMessage();
    });
    expect(checkCard(check).actor?.name).toBe("Thug <script>");
    expect(canPress(check, "spendCharacterPoint")).toBe(false);
    expect(canPress(check, "spendFatePoint")).toBe(false);
    // Asked for over the socket anyway: the GM refuses, for the sender the server names.
    const { requestGm } = await import("../../src/hooks/socket");
    const pending = requestGm("opend6.spend", { messageId: check.id, spend: "characterPoint", seen: 0 });
    await relay(record);
    expect(await pending).toBe(false);
    expect(check.rolls).toHaveLength(1);
  });

  it("heals the GM's thug with medicine: the apply goes to the GM", async () => {
    await as("gm1", () => thug.update({ "system.wounds": "wounded" }));
    // Knowledge 2D+1: 4 and the Wild Die 5, +1 = 10 against Easy 10.
    answerDialog({ method: "medicine", rest: "light", bonusDice: "0" });
    fulfillment.push(4, 5);
    await clickSheet(sheets, kira, "od6Heal");
    const card = lastMessage();
    const pending = press(card, "apply", 0);
    await relay(record);
    expect(await pending).toBe(true);
    expect(state(thug).wounds).toBe("stunned");
  });
});
