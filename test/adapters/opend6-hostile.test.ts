import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Sheets from "../../src/rulesets/opend6/sheets";
import type { OpenD6AttackData, OpenD6AttackRow } from "../../src/rulesets/opend6/chat/card-data";
import { fulfillment } from "../foundry/dice";
import { builtRoll, forgedMessage } from "../support/forge";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog, target } from "../support/fade-world";
import { clickSheet, opend6Actors } from "../support/opend6-world";
import { as, cardData, press, relay, playerWorld, clean, connect } from "../support/play";

// A hostile player's client (user1, owner of Kira) with a GM (gm1) connected: the player posts
// messages with rolls of their own making under an honest card's flags (or a card of their own), and
// asks the GM to apply them. The GM compares every stored roll and what it was rolled for with what the
// sheets and the card's choices give now, and counts only the points a GM took off Kira's sheet.

let record: StandInRecord;
let sheets: typeof Sheets;
let kira: StandInActor;
let thug: StandInActor;

type User = { id: string; isGM: boolean; isSelf: boolean; targets: Set<unknown> };
type Request = Record<string, unknown>;
type Flags = { anthology: { card: { data: Record<string, unknown>; targets: Array<{ data: Request }> } } };
const users = () => game.users as unknown as Map<string, User>;
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const lastNotice = () => record.notifications.at(-1)?.message ?? "";
const state = (a: StandInActor) =>
  a.system as unknown as { wounds: string; characterPoints: number; fatePoints: number };
const attackCard = (m: StandInMessage) => cardData<OpenD6AttackData, OpenD6AttackRow>(m);
const requestOf = (m: StandInMessage, i = 0) =>
  (m.rolls[i] as { options: { anthology: { request: Request } } }).options.anthology.request;
const itemOf = (a: StandInActor, name: string) => a.items.find((i) => i.name === name)!;
const PISTOL = "Pistol <b>of</b> Doom";

beforeAll(async () => {
  record = await playerWorld("opend6");
  sheets = await import("../../src/rulesets/opend6/sheets");
});

beforeEach(async () => {
  connect();
  ({ kira, thug } = await opend6Actors());
  await clean(record);
  target(thug, "Thug");
});

const built = (formula: string, request: Request, faces: number[]) =>
  builtRoll(formula, faces, request as Record<string, unknown>);

const forge = (flags: object, rolls: unknown[]) => forgedMessage(flags, rolls, { alias: "Kira" });

/** Waits (a few event-loop turns at most) until the client has sent what the test waits for. */
async function until(sent: () => boolean): Promise<void> {
  for (let turn = 0; turn < 50 && !sent(); turn++) await new Promise((resolve) => setTimeout(resolve, 0));
  expect(sent()).toBe(true);
}

/** Sends a request of the player's to the GM and carries the answer back; whether the GM carried it out. */
async function throughGm(pending: Promise<unknown>): Promise<unknown> {
  await until(() => record.emitted.length > 0);
  await relay(record);
  return pending;
}

/** Kira's honest shot at the thug at Short range, with these dice (and the dialog's other answers). */
async function shoot(dice: number[], answers: Record<string, string> = {}): Promise<StandInMessage> {
  answerDialog({ range: "short", cover: "none", posture: "standing", aim: "0", actions: "1", ...answers });
  fulfillment.push(...dice);
  const shooting = clickSheet(sheets, kira, "od6Attack", { item: PISTOL });
  // Points spent in the dialog go to the GM to be taken off the sheet.
  if (Number(answers.characterPoints ?? 0) > 0) await throughGm(shooting);
  await shooting;
  return lastMessage();
}

/** A hit: 5, 5, 4, 3 and the Wild Die 2 = 19 against 10; damage 3, 3, 3, 3 = 12; resistance 2, 2, 2 = 6. */
const HIT = [5, 5, 4, 3, 2, 3, 3, 3, 3, 2, 2, 2];

/** The honest hit's damage and resistance rolls, built again with the same faces. */
async function honestDamage(honest: StandInMessage) {
  return [await built("4D", requestOf(honest, 1), [3, 3, 3, 3]), await built("3D", requestOf(honest, 2), [2, 2, 2])];
}

/** The GM's thug swings a club at Kira (Reflexes 2D+2 at Point Blank): 4 and the Wild Die 4, +2 = 10. */
async function thugSwings(): Promise<StandInMessage> {
  return as("gm1", async () => {
    target(kira, "Kira");
    if (!thug.items.find((i) => i.name === "Club")) {
      await thug.createEmbeddedDocuments("Item", [
        { name: "Club", type: "opend6-weapon", system: { damage: "+1D", skill: "meleeCombat" } },
      ]);
    }
    answerDialog({ range: "pointBlank", cover: "none", posture: "standing", aim: "0", actions: "1" });
    // The hit: 4, 4 (+2); damage (Strength Damage 2D + 1D): 5, 5, 5; Kira's resistance 4D: 1, 1, 1, 1.
    fulfillment.push(4, 4, 5, 5, 5, 1, 1, 1, 1);
    await clickSheet(sheets, thug, "od6Attack", { item: "Club" });
    return lastMessage();
  });
}

describe("OpenD6: the GM applies no roll the player built", () => {
  it("refuses a forged 30D attack posted with an honest card's flags", async () => {
    const honest = await shoot(HIT);
    const forged = await forge(honest.flags, [
      await built("30D", requestOf(honest), Array(30).fill(5)),
      ...(await honestDamage(honest)),
    ]);
    expect(await throughGm(press(forged, "apply", 0))).toBe(false);
    expect(lastNotice()).toContain("to-hit roll is 30D");
    expect(lastNotice()).toContain("give 5D");
    expect(state(thug).wounds).toBe("none");
  });

  it("refuses a forged 30D damage roll", async () => {
    const honest = await shoot(HIT);
    const forged = await forge(honest.flags, [
      await built("5D", requestOf(honest), [5, 5, 4, 3, 2]),
      await built("30D", requestOf(honest, 1), Array(30).fill(5)),
      await built("3D", requestOf(honest, 2), [2, 2, 2]),
    ]);
    expect(await throughGm(press(forged, "apply", 0))).toBe(false);
    expect(lastNotice()).toContain("damage roll is 30D");
    expect(lastNotice()).toContain("give 4D");
    expect(state(thug).wounds).toBe("none");
  });

  it("refuses a Character Point spent after the roll that no GM took off the sheet", async () => {
    // 1, 1, 1, 2 and the Wild Die 3 = 8: a miss. The player adds a "spend" showing 6 then 4 (+10).
    const honest = await shoot([1, 1, 1, 2, 3]);
    const flags = structuredClone(honest.flags) as Flags;
    const row = flags.anthology.card.targets[0]!;
    row.data = { ...row.data, attack: 18, hit: true, damageRoll: 2, resistanceRoll: 3, damage: 12, resistance: 6 };
    row.data.resistanceCode = "3D";
    flags.anthology.card.data.spends = [{ kind: "characterPoint", roll: 1, total: 10 }];
    const forged = await forge(flags, [
      await built("5D", requestOf(honest), [1, 1, 1, 2, 3]),
      await built("0D+1CP", { spend: "characterPoint", of: 0 }, [6, 4]),
      await built("4D", { target: thug.uuid }, [3, 3, 3, 3]),
      await built("3D", { target: thug.uuid, resistance: "3D" }, [2, 2, 2]),
    ]);
    expect(await throughGm(press(forged, "apply", 0))).toBe(false);
    expect(lastNotice()).toBe(
      "The card's point spend roll counts Character or Fate Points no GM took off Kira's sheet; nothing was applied.",
    );
    expect(state(thug).wounds).toBe("none");
    expect(state(kira).characterPoints).toBe(5);
  });

  it("refuses Character Points spent in the dialog that no GM took off the sheet", async () => {
    const honest = await shoot(HIT);
    const request = requestOf(honest) as { choices: Request };
    const choices = { ...request.choices, characterPoints: 3 };
    const flags = structuredClone(honest.flags) as Flags;
    flags.anthology.card.data.choices = choices;
    const forged = await forge(flags, [
      await built("5D+3CP", { ...request, choices }, [5, 5, 4, 3, 2, 4, 4, 4]),
      ...(await honestDamage(honest)),
    ]);
    expect(await throughGm(press(forged, "apply", 0))).toBe(false);
    expect(lastNotice()).toContain("to-hit roll counts Character or Fate Points no GM took off Kira's sheet");
    expect(state(thug).wounds).toBe("none");
    expect(state(kira).characterPoints).toBe(5);
  });

  it("refuses an attack rolled with another weapon than the card shows", async () => {
    const honest = await shoot(HIT);
    // The knife in melee: Reflexes 3D+1, as the knife's skill gives; the card shows the pistol.
    const request = { ...requestOf(honest), item: itemOf(kira, "Knife").uuid };
    const forged = await forge(honest.flags, [
      await built("3D+1", request, [6, 6, 5]),
      ...(await honestDamage(honest)),
    ]);
    expect(await throughGm(press(forged, "apply", 0))).toBe(false);
    expect(lastNotice()).toContain("to-hit roll was rolled for something other than the card shows");
    expect(state(thug).wounds).toBe("none");
  });

  it("refuses more bonus dice than a roll takes, though roll and card agree on them (and the dialog offers 3)", async () => {
    const honest = await shoot(HIT);
    const request = requestOf(honest) as { choices: Request };
    const choices = { ...request.choices, bonusDice: 10 };
    const flags = structuredClone(honest.flags) as Flags;
    flags.anthology.card.data.choices = choices;
    const forged = await forge(flags, [
      await built("15D", { ...request, choices }, Array(15).fill(5)),
      ...(await honestDamage(honest)),
    ]);
    expect(await throughGm(press(forged, "apply", 0))).toBe(false);
    expect(lastNotice()).toContain("adds 10 bonus dice: a roll takes at most 3");
    expect(state(thug).wounds).toBe("none");
    const dialog = await shoot([1, 1, 1, 1, 1, 1, 1, 1], { bonusDice: "10" });
    expect((requestOf(dialog) as { choices: { bonusDice: number } }).choices.bonusDice).toBe(3);
  });

  it('"adds 1D to the characters\'s marksmanship, missile weapons, or throwing skill": the GM refuses aiming with a knife', async () => {
    // An honest stab at Point Blank (melee combat: Reflexes 3D+1): 5, 5 and the Wild Die 4, +1 = 15
    // against 5, a hit; damage (Strength Damage 2D + 1D) 3, 3, 3; the thug's resistance 2, 2, 2.
    answerDialog({ range: "pointBlank", cover: "none", posture: "standing", actions: "1" });
    fulfillment.push(5, 5, 4, 3, 3, 3, 2, 2, 2);
    await clickSheet(sheets, kira, "od6Attack", { item: "Knife" });
    const honest = lastMessage();
    expect(attackCard(honest).data).toMatchObject({ formula: "3D+1", total: 15 });
    // The player's card and roll both say two rounds of aiming: 5D+1, as the dice would roll.
    const request = requestOf(honest) as { choices: Request };
    const choices = { ...request.choices, aim: 2 };
    const flags = structuredClone(honest.flags) as Flags;
    flags.anthology.card.data.choices = choices;
    const forged = await forge(flags, [
      await built("5D+1", { ...request, choices }, [5, 5, 5, 5, 4]),
      await built("3D", requestOf(honest, 1), [3, 3, 3]),
      await built("3D", requestOf(honest, 2), [2, 2, 2]),
    ]);
    expect(await throughGm(press(forged, "apply", 0))).toBe(false);
    expect(lastNotice()).toBe(
      "Aiming adds dice only to marksmanship, missile weapons and throwing: Kira cannot aim with this weapon's skill.",
    );
    expect(state(thug).wounds).toBe("none");
  });

  it('"The player must leave at least 1D in her skill": the GM counts it after the multi-action penalty', async () => {
    // An honest all-out shot with two actions (5D, -1D, +1D: 5D): 5, 5, 4, 3 and the Wild Die 2 = 19.
    const honest = await shoot(HIT, { actions: "2", maneuver: "allOut" });
    expect(attackCard(honest).data).toMatchObject({ formula: "5D", total: 19 });
    // The player's card says 4D moved to initiative: 5D - 1D leaves 4D, so nothing would stay (the roll
    // shows 1D only through the all-out attack's bonus die).
    const request = requestOf(honest) as { choices: Request };
    const choices = { ...request.choices, quickDraw: 4 };
    const flags = structuredClone(honest.flags) as Flags;
    flags.anthology.card.data.choices = choices;
    const forged = await forge(flags, [
      await built("1D", { ...request, choices }, [5]),
      ...(await honestDamage(honest)),
    ]);
    expect(await throughGm(press(forged, "apply", 0))).toBe(false);
    expect(lastNotice()).toBe(
      "Kira must keep at least 1D in the skill after a quick draw, once the wound and multi-action penalties are taken.",
    );
    expect(state(thug).wounds).toBe("none");
  });

  it("refuses a forged 30D healing roll", async () => {
    await as("gm1", () => thug.update({ "system.wounds": "wounded" }));
    // Medicine untrained: Knowledge 2D+1. 4 and the Wild Die 5, +1 = 10 against Wounded's Easy 10.
    answerDialog({ method: "medicine", rest: "light", bonusDice: "0" });
    fulfillment.push(4, 5);
    await clickSheet(sheets, kira, "od6Heal");
    const honest = lastMessage();
    const forged = await forge(honest.flags, [await built("30D", requestOf(honest), Array(30).fill(5))]);
    expect(await throughGm(press(forged, "apply", 0))).toBe(false);
    expect(lastNotice()).toContain("healing roll is 30D");
    expect(state(thug).wounds).toBe("wounded");
  });
});

describe("OpenD6: an active defense the player built does not count", () => {
  /** Kira's player posts a dodge card of their own making and marks Kira defending with it. */
  async function forgedDefense(formula: string, trait: Request, faces: number[]): Promise<StandInMessage> {
    const { newCard } = await import("../../src/play/card");
    const choices = {
      actions: 1,
      bonusDice: 0,
      characterPoints: 0,
      fatePoint: false,
      difficulty: null,
      defense: "full",
    };
    const data = { trait, choices, code: "4D+1", formula, woundPenalty: 0, total: 150, difficulty: null };
    const card = newCard({
      ruleSet: "opend6",
      kind: "check",
      actor: { uuid: kira.uuid, name: kira.name },
      data: { ...data, success: null, complication: false },
      targets: [],
    });
    const message = await forge({ anthology: { card } }, [await built(formula, { trait, choices }, faces)]);
    const { declareDefense } = await import("../../src/rulesets/opend6/chat/defense");
    await declareDefense(kira as never, message);
    return message;
  }

  it("judges an attack against passive defense when the dodge card rolled 30D", async () => {
    await forgedDefense("30D", { kind: "skill", id: "dodge" }, Array(30).fill(5));
    const swing = await thugSwings();
    expect(attackCard(swing).targets[0]!.data).toMatchObject({ hit: true, activeDefense: null });
    expect(await as("gm1", () => press(swing, "apply", 0))).toBe(true);
    expect(state(kira).wounds).not.toBe("none");
  });

  it("judges an attack against passive defense when the 'dodge' was rolled with another skill", async () => {
    // search (Perception 3D and 2D): 5D, the right code for search, but search does not defend.
    await forgedDefense("5D", { kind: "skill", id: "search" }, [6, 6, 6, 6, 5]);
    const swing = await thugSwings();
    expect(attackCard(swing).targets[0]!.data).toMatchObject({ hit: true, activeDefense: null });
    expect(await as("gm1", () => press(swing, "apply", 0))).toBe(true);
    expect(state(kira).wounds).not.toBe("none");
  });
});

describe("OpenD6: honest cards still apply through the GM", () => {
  it("applies an honest hit", async () => {
    const honest = await shoot(HIT);
    expect(await throughGm(press(honest, "apply", 0))).toBe(true);
    expect(state(thug).wounds).toBe("wounded");
  });

  it("takes the dialog's Character Points off the sheet once, through the GM, and counts them", async () => {
    // 5D+2CP: 1, 1, 1, 2 and the Wild Die 3 = 8, and two Character Point dice 1 and 2: 11 against 10.
    const honest = await shoot([1, 1, 1, 2, 3, 1, 2, 3, 3, 3, 3, 2, 2, 2], { characterPoints: "2" });
    expect(record.emitted).toContainEqual(
      expect.objectContaining({ from: "user1", message: expect.objectContaining({ type: "opend6.charge" }) }),
    );
    expect(state(kira).characterPoints).toBe(3);
    expect(attackCard(honest).targets[0]!.data).toMatchObject({ attack: 11, hit: true });
    // Asked again: the card's points were taken already.
    record.emitted.length = 0;
    const { requestGm } = await import("../../src/hooks/socket");
    expect(await throughGm(requestGm("opend6.charge", { messageId: honest.id }))).toBe(false);
    expect(state(kira).characterPoints).toBe(3);
    record.emitted.length = 0;
    expect(await throughGm(press(honest, "apply", 0))).toBe(true);
    expect(state(thug).wounds).toBe("wounded");
  });

  it("spends no point in the dialog without a GM to take it off the sheet", async () => {
    const gm = users().get("gm1")!;
    users().delete("gm1");
    try {
      const before = record.messages.length;
      answerDialog({
        range: "short",
        cover: "none",
        posture: "standing",
        aim: "0",
        actions: "1",
        characterPoints: "1",
      });
      await clickSheet(sheets, kira, "od6Attack", { item: PISTOL });
      expect(record.messages.length).toBe(before);
      expect(lastNotice()).toBe("A GM takes the points Kira spends off the sheet: spend them when a GM is connected.");
      expect(state(kira).characterPoints).toBe(5);
    } finally {
      users().set("gm1", gm);
    }
  });

  it("keeps counting an honest active defense after the defender is hit (its roll had no wound penalty)", async () => {
    // Kira dodges (Reflexes 3D+1 and 1D: 4D+1): 1, 1, 1 and the Wild Die 2, +1 = 6, a partial defense.
    answerDialog({ difficulty: "", actions: "1", defense: "partial" });
    fulfillment.push(1, 1, 1, 2);
    await clickSheet(sheets, kira, "od6Roll", { dataset: { kind: "skill", id: "dodge" } });
    // The server stamps the card (`_stats.createdTime`) before the hits below.
    // The thug's first swing (10 against 6 − 5 at Point Blank, at least 3) wounds her.
    const first = await thugSwings();
    expect(await as("gm1", () => press(first, "apply", 0))).toBe(true);
    expect(state(kira).wounds).not.toBe("none");
    // Her dodge now rolls 3D+1, but it was rolled before the wound: it still stands against the second.
    const second = await thugSwings();
    expect(attackCard(second).targets[0]!.data).toMatchObject({ activeDefense: "partial", difficulty: { defense: 6 } });
    expect(await as("gm1", () => press(second, "apply", 0))).toBe(true);
  });
});

describe("OpenD6: an acrobatic trick typed in the dialog", () => {
  /** Kira's knife at the thug with a trick she types: 20 against difficulty 10 (+5 damage). */
  async function trick(): Promise<StandInMessage> {
    answerDialog({
      range: "pointBlank",
      cover: "none",
      posture: "standing",
      aim: "0",
      actions: "1",
      maneuver: "acrobatics",
      acrobaticsDifficulty: "10",
      acrobaticsTotal: "20",
    });
    fulfillment.push(...Array(24).fill(5));
    await clickSheet(sheets, kira, "od6Attack", { item: "Knife" });
    return lastMessage();
  }

  it("shows the trick on the card, and the row waits for the GM's own click on someone else's actor", async () => {
    const card = await trick();
    expect(attackCard(card).targets[0]!.data.hit).toBe(true);
    expect(JSON.stringify(attackCard(card).data.choices)).toContain('"acrobaticsTotal":20');
    const { attackCardView } = await import("../../src/rulesets/opend6/chat/views");
    expect(attackCardView(attackCard(card) as never, { rollHtml: [] }).notes).toContainEqual({
      key: "ANTHOLOGY.OpenD6.Card.acrobatics",
      data: { total: "20", difficulty: "10" },
    });
    expect(await throughGm(press(card, "apply", 0))).toBe(false);
    expect(lastNotice()).toContain("an acrobatic trick typed in the dialog (20 against difficulty 10)");
    expect(state(thug).wounds).toBe("none");
    expect(await as("gm1", () => press(card, "apply", 0))).toBe(true);
    expect(state(thug).wounds).not.toBe("none");
  });

  it("clamps a typed trick in the dialog and refuses one past 60 at apply, even on the GM's click", async () => {
    const honest = await trick();
    const flags = structuredClone(honest.flags) as Flags;
    const choices = { ...(flags.anthology.card.data.choices as object), acrobaticsTotal: 1000 };
    flags.anthology.card.data.choices = choices;
    const rolls = honest.rolls as Array<{ formula: string; dice: unknown }>;
    const attack = await built(rolls[0]!.formula, { ...requestOf(honest), choices } as never, Array(24).fill(5));
    const forged = await forge(flags, [attack, ...honest.rolls.slice(1)]);
    expect(await as("gm1", () => press(forged, "apply", 0))).toBe(false);
    expect(lastNotice()).toBe(
      "The card's acrobatic trick has a difficulty or total above 60, more than a player may type; nothing was applied.",
    );
    expect(state(thug).wounds).toBe("none");
  });
});

describe("OpenD6: a spend's roll is counted only while it is the roll the GM made", () => {
  it("refuses a Character Point's roll the author rewrote into a Fate Point's", async () => {
    // 1, 1, 1, 2 and the Wild Die 3 = 8: a miss. The GM takes a Character Point and rolls it (4: 12 hits).
    const attack = await shoot([1, 1, 1, 2, 3]);
    const pending = press(attack, "spendCharacterPoint");
    fulfillment.push(4, 3, 3, 3, 3, 2, 2, 2);
    await throughGm(pending);
    expect(state(kira).characterPoints).toBe(4);
    // The author rewrites that roll: a Fate Point's 5d6 of sixes, for the one Character Point paid.
    const spendAt = attackCard(attack).data.spends!.at(-1)!.roll;
    const fate = await built("5d6", { spend: "fatePoint", of: 0 } as never, [6, 6, 6, 6, 6]);
    const rolls = [...attack.rolls];
    rolls[spendAt] = fate;
    await attack.update({ rolls });
    expect(await throughGm(press(attack, "apply", 0))).toBe(false);
    expect(lastNotice()).toContain("no GM took off");
    expect(state(thug).wounds).toBe("none");
  });
});

describe("OpenD6: bonus dice typed in the dialog wait for the GM on someone else's actor", () => {
  it("holds a hit resting on 1D of bonus dice until the GM's own click", async () => {
    const hit = await shoot([...HIT.slice(0, 5), 1, ...HIT.slice(5)], { bonusDice: "1" });
    expect((requestOf(hit) as { choices: { bonusDice: number } }).choices.bonusDice).toBe(1);
    expect(attackCard(hit).targets[0]!.data.hit).toBe(true);
    expect(await throughGm(press(hit, "apply", 0))).toBe(false);
    expect(lastNotice()).toContain("1D of bonus dice typed in the dialog");
    expect(state(thug).wounds).toBe("none");
    expect(await as("gm1", () => press(hit, "apply", 0))).toBe(true);
    expect(state(thug).wounds).not.toBe("none");
  });
});
