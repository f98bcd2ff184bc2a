import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Sheets from "../../src/rulesets/fudge/sheets";
import type { FudgeAttackData, FudgeResponseData, FudgeRow } from "../../src/rulesets/fudge/chat/card-data";
import { fulfillment } from "../foundry/dice";
import { builtRoll, forgedMessage } from "../support/forge";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog } from "../support/fade-world";
import { clickSheet, fudgeActors, target } from "../support/fudge-world";
import { as, cardData, connect, press, pressThroughGm, relay, playerWorld, clean } from "../support/play";

// A hostile player's client (user1, owner of Mickey) with a GM (gm1) connected: the player posts
// messages with rolls of their own making under an honest card's flags, and asks the GM to link and
// apply them. The GM compares every stored roll and what it was rolled for with what Mickey's sheet and
// the card's choices give now, and applies nothing else. (A Fudge die's faces 1, 2, 3 read −1, 0, +1.)

let record: StandInRecord;
let sheets: typeof Sheets;
let mickey: StandInActor;
let bandit: StandInActor;

type Request = Record<string, unknown>;
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const lastNotice = () => record.notifications.at(-1)?.message ?? "";
const wounds = (a: StandInActor) => (a.system as unknown as { wounds: Record<string, number> }).wounds;
const UNHURT = { scratch: 0, light: 0, major: 0, critical: 0, coma: 0 };
const itemOf = (a: StandInActor, name: string) => a.items.find((i) => i.name === name)!;
const requestOf = (m: StandInMessage, i = 0) =>
  (m.rolls[i] as { options: { anthology: { request: Request } } }).options.anthology.request;

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

const built = (formula: string, request: Request, faces: number[]) =>
  builtRoll(formula, faces, request as Record<string, unknown>);

const forge = (flags: object, rolls: unknown[]) => forgedMessage(flags, rolls, { alias: "Mickey" });

/** Waits (a few event-loop turns at most) until the client has sent what the test waits for. */
async function until(sent: () => boolean): Promise<void> {
  for (let turn = 0; turn < 50 && !sent(); turn++) await new Promise((resolve) => setTimeout(resolve, 0));
  expect(sent()).toBe(true);
}

const applyThroughGm = (message: StandInMessage, row = 0) => pressThroughGm(record, message, "apply", row);

/** Mickey's honest broadsword blow at the unaware bandit (+0 rolled: a hit), left unapplied. */
async function honestBlow(extra: Record<string, string> = {}): Promise<StandInMessage> {
  answerDialog({ stance: "normal", unopposed: "on", ...extra });
  fulfillment.push(2, 2, 2, 2);
  await clickSheet(sheets, mickey, "fudgeAttack", { item: "Broadsword" });
  const blow = lastMessage();
  expect(cardData<FudgeAttackData, FudgeRow>(blow).targets[0]!.data.result?.a.hits).toBe(true);
  return blow;
}

describe("FUDGE: the GM applies no roll the player built", () => {
  it("refuses a forged 40dF blow posted with an honest card's flags", async () => {
    const honest = await honestBlow();
    const forged = await forge(honest.flags, [await built("40dF+1", requestOf(honest), Array(40).fill(3))]);
    expect(await applyThroughGm(forged)).toBe(false);
    expect(lastNotice()).toContain("to-hit roll is 40dF");
    expect(lastNotice()).toContain("give 4dF+1");
    expect(wounds(bandit)).toEqual(UNHURT);
  });

  it("refuses a blow rolled for another weapon than the card shows", async () => {
    await mickey.createEmbeddedDocuments("Item", [
      { name: "Greatsword", type: "fudge-weapon", system: { size: 4, sharp: true, skill: "Swordsmanship" } },
    ]);
    const honest = await honestBlow();
    const request = { ...requestOf(honest), item: itemOf(mickey, "Greatsword").uuid };
    const forged = await forge(honest.flags, [await built("4dF+1", request, [2, 2, 2, 2])]);
    expect(await applyThroughGm(forged)).toBe(false);
    expect(lastNotice()).toContain("to-hit roll was rolled for something other than the card shows");
    expect(wounds(bandit)).toEqual(UNHURT);
  });

  it("refuses a blow rolled with another skill than the card shows, even one rolled at that skill's level", async () => {
    await itemOf(mickey, "Climbing").update({ "system.level": 3 });
    const honest = await honestBlow();
    const climbing = { kind: "skill", id: itemOf(mickey, "Climbing").id };
    const request = requestOf(honest) as { choices: Request };
    const forged = await forge(honest.flags, [
      await built("4dF+3", { ...request, choices: { ...request.choices, trait: climbing } }, [2, 2, 2, 2]),
    ]);
    expect(await applyThroughGm(forged)).toBe(false);
    expect(lastNotice()).toContain("rolled for something other than the card shows");
    expect(wounds(bandit)).toEqual(UNHURT);
  });

  it("refuses a modifier past the rules' three levels, though roll and card agree on it", async () => {
    const honest = await honestBlow();
    const request = requestOf(honest) as { choices: Request };
    const choices = { ...request.choices, modifier: 8 };
    const flags = structuredClone(honest.flags) as { anthology: { card: { data: { choices: Request } } } };
    flags.anthology.card.data.choices = choices;
    const forged = await forge(flags, [await built("4dF+9", { ...request, choices }, [2, 2, 2, 2])]);
    expect(await applyThroughGm(forged)).toBe(false);
    expect(lastNotice()).toContain("takes a modifier of 8");
    expect(wounds(bandit)).toEqual(UNHURT);
    // The dialog offers no more: a modifier typed past it is read as +3.
    answerDialog({ stance: "normal", unopposed: "on", modifier: "8" });
    fulfillment.push(2, 2, 2, 2);
    await clickSheet(sheets, mickey, "fudgeAttack", { item: "Broadsword" });
    expect((requestOf(lastMessage()) as { choices: { modifier: number } }).choices.modifier).toBe(3);
  });

  it("refuses a hit location the player rolled with forty dice", async () => {
    const honest = await honestBlow({ location: "on" });
    expect(honest.rolls).toHaveLength(2);
    const forged = await forge(honest.flags, [
      await built("4dF+1", requestOf(honest), [2, 2, 2, 2]),
      await built("40dF", { location: true }, Array(40).fill(1)),
    ]);
    expect(await applyThroughGm(forged)).toBe(false);
    expect(lastNotice()).toContain("hit location roll is 40dF");
    expect(wounds(bandit)).toEqual(UNHURT);
  });

  it("refuses a defender's forged 40dF answer: the GM neither links it nor applies its blow back", async () => {
    // The GM's bandit swings at Mickey; Mickey's player answers with a message of their own making.
    const swing = await as("gm1", async () => {
      target(mickey);
      answerDialog({ stance: "normal" });
      fulfillment.push(2, 2, 2, 2);
      await clickSheet(sheets, bandit, "fudgeAttack", { item: "Shortsword" });
      return lastMessage();
    });
    const choices = {
      trait: { kind: "skill", id: itemOf(mickey, "Swordsmanship").id },
      modifier: 0,
      stance: "normal",
      foes: 1,
      weapon: itemOf(mickey, "Broadsword").id,
      berserk: false,
      feint: false,
      pull: null,
    };
    const side = { offense: 40, defense: 40, hits: true, relativeDegree: 40, damage: 40, graze: false };
    const result = { a: { ...side, hits: false, wound: null }, b: { ...side, wound: "coma" }, standOff: false };
    const data: FudgeResponseData = {
      mode: "defend",
      against: swing.id,
      row: 0,
      choices: choices as FudgeResponseData["choices"],
      traitName: "Swordsmanship",
      level: 1,
      penalty: 0,
      total: 41,
      result: { ...result, response: null, responseTotal: 41 } as unknown as FudgeResponseData["result"],
    };
    const { newCard } = await import("../../src/play/card");
    const card = newCard({
      ruleSet: "fudge",
      kind: "response",
      actor: { uuid: mickey.uuid, name: mickey.name },
      data,
      targets: [{ uuid: bandit.uuid, name: bandit.name, data: { opposed: true, result: null } }],
    });
    const forged = await forge({ anthology: { card } }, [
      await built("40dF+1", { against: swing.id, row: 0, choices }, Array(40).fill(3)),
    ]);
    const { requestGm } = await import("../../src/hooks/socket");
    const link = requestGm("fudge.link", { messageId: forged.id });
    await relay(record);
    expect(await link).toBe(false);
    expect(lastNotice()).toContain("response roll is 40dF");
    expect(cardData<FudgeAttackData, FudgeRow>(swing).targets[0]!.data.result).toBeNull();
    expect(await applyThroughGm(forged)).toBe(false);
    expect(wounds(bandit)).toEqual(UNHURT);
  });

  it('"a stunned character cannot attack or change his combat stance": the GM refuses a stunned defender\'s other stance', async () => {
    // Mickey is stunned in the normal stance; the GM's bandit swings at him.
    await mickey.update({ "system.stunned": 1 });
    const swing = await as("gm1", async () => {
      target(mickey);
      answerDialog({ stance: "normal" });
      fulfillment.push(2, 2, 2, 2);
      await clickSheet(sheets, bandit, "fudgeAttack", { item: "Shortsword" });
      return lastMessage();
    });
    // His player's client writes an answer in the protective stance, with the honest formula
    // (Swordsmanship Good, −1 stunned: 4dF).
    const choices = {
      trait: { kind: "skill", id: itemOf(mickey, "Swordsmanship").id },
      modifier: 0,
      stance: "protective",
      foes: 1,
      weapon: itemOf(mickey, "Broadsword").id,
      berserk: false,
      feint: false,
      pull: null,
    };
    const data: FudgeResponseData = {
      mode: "defend",
      against: swing.id,
      row: 0,
      choices: choices as FudgeResponseData["choices"],
      traitName: "Swordsmanship",
      level: 1,
      penalty: -1,
      total: 0,
      result: null,
    };
    const { newCard } = await import("../../src/play/card");
    const card = newCard({
      ruleSet: "fudge",
      kind: "response",
      actor: { uuid: mickey.uuid, name: mickey.name },
      data,
      targets: [{ uuid: bandit.uuid, name: bandit.name, data: { opposed: true, result: null } }],
    });
    const forged = await forge({ anthology: { card } }, [
      await built("4dF", { against: swing.id, row: 0, choices }, [2, 2, 2, 2]),
    ]);
    const { requestGm } = await import("../../src/hooks/socket");
    const link = requestGm("fudge.link", { messageId: forged.id });
    await relay(record);
    expect(await link).toBe(false);
    expect(lastNotice()).toContain("cannot change stance");
    expect(cardData<FudgeAttackData, FudgeRow>(swing).targets[0]!.data.result).toBeNull();
  });

  it("applies only the answer the GM linked, not a second one rolled for a better result", async () => {
    const swing = await as("gm1", async () => {
      target(mickey);
      answerDialog({ stance: "normal" });
      fulfillment.push(2, 2, 2, 2);
      await clickSheet(sheets, bandit, "fudgeAttack", { item: "Shortsword" });
      return lastMessage();
    });
    // Mickey answers through the sheet's button: −4, his blow back misses; the GM links it.
    answerDialog({ stance: "normal", weapon: itemOf(mickey, "Broadsword").id });
    fulfillment.push(1, 1, 1, 1);
    const answering = press(swing, "respond", 0);
    await until(() => record.emitted.length > 0);
    await relay(record);
    await answering;
    const honest = lastMessage();
    expect(cardData<FudgeAttackData, FudgeRow>(swing).targets[0]!.data.result?.response).toBe(honest.id);
    // A second answer of the same formula showing +4, its card claiming the blow back landed.
    const flags = structuredClone(honest.flags) as { anthology: { card: { data: FudgeResponseData } } };
    const linked = flags.anthology.card.data.result!;
    const blow = { offense: 5, defense: 0, hits: true, relativeDegree: 5, damage: 12, graze: false, wound: "critical" };
    flags.anthology.card.data = { ...flags.anthology.card.data, result: { ...linked, b: blow } as never };
    const formula = (honest.rolls[0] as { formula: string }).formula;
    const forged = await forge(flags, [await built(formula, requestOf(honest), [3, 3, 3, 3])]);
    expect(await applyThroughGm(forged)).toBe(false);
    expect(lastNotice()).toContain("not the answer the GM linked");
    expect(wounds(bandit)).toEqual(UNHURT);
  });
});

describe("FUDGE: honest cards still apply through the GM", () => {
  it("applies an honest blow at an unaware foe", async () => {
    const honest = await honestBlow();
    expect(await applyThroughGm(honest)).toBe(true);
    expect(Object.values(wounds(bandit)).some((n) => n > 0)).toBe(true);
  });

  it("applies an honest exchange's blow and an honest answer's blow back", async () => {
    // Mickey +2 (Superb, offense 3) against the bandit's −1 wounds him; the bandit's blow back misses.
    answerDialog({ stance: "normal" });
    fulfillment.push(3, 3, 2, 2);
    await clickSheet(sheets, mickey, "fudgeAttack", { item: "Broadsword" });
    const swing = lastMessage();
    await as("gm1", async () => {
      answerDialog({ stance: "normal", weapon: itemOf(bandit, "Shortsword").id });
      fulfillment.push(2, 2, 2, 1);
      await press(swing, "respond", 0);
    });
    expect(await applyThroughGm(swing)).toBe(true);
    expect(wounds(bandit).critical).toBe(1);
  });

  it("applies an honest answer's blow back on the attacker", async () => {
    // Mickey rolls −4 (below Poor: he cannot hit); the bandit's +4 lands.
    answerDialog({ stance: "normal" });
    fulfillment.push(1, 1, 1, 1);
    await clickSheet(sheets, mickey, "fudgeAttack", { item: "Broadsword" });
    const swing = lastMessage();
    const answer = await as("gm1", async () => {
      answerDialog({ stance: "normal", weapon: itemOf(bandit, "Shortsword").id });
      fulfillment.push(3, 3, 3, 3);
      await press(swing, "respond", 0);
      return lastMessage();
    });
    expect(cardData<FudgeResponseData, FudgeRow>(answer).data.result?.b?.hits).toBe(true);
    expect(await as("gm1", () => press(answer, "apply", 0))).toBe(true);
    expect(Object.values(wounds(mickey)).some((n) => n > 0)).toBe(true);
  });
});

describe("FUDGE: a modifier typed in the dialog waits for the GM on someone else's actor", () => {
  it("holds a blow resting on a +2 the player typed until the GM's own click", async () => {
    const blow = await honestBlow({ modifier: "2" });
    expect((requestOf(blow) as { choices: { modifier: number } }).choices.modifier).toBe(2);
    // The card shows what was typed.
    const { attackCardView } = await import("../../src/rulesets/fudge/chat/views");
    expect(attackCardView(cardData(blow) as never, { rollHtml: [] }).notes).toContainEqual({
      key: "ANTHOLOGY.Fudge.Card.modifier",
      data: { modifier: "+2" },
    });
    expect(await applyThroughGm(blow)).toBe(false);
    expect(lastNotice()).toContain("a +2 modifier typed in the dialog");
    expect(wounds(bandit)).toEqual(UNHURT);
    expect(await as("gm1", () => press(blow, "apply", 0))).toBe(true);
    expect(wounds(bandit)).not.toEqual(UNHURT);
  });
});
