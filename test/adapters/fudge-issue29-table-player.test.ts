import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Sheets from "../../src/rulesets/fudge/sheets";
import type { FudgeAttackData, FudgeRow } from "../../src/rulesets/fudge/chat/card-data";
import { fulfillment } from "../foundry/dice";
import { builtRoll, forgedMessage } from "../support/forge";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog } from "../support/fade-world";
import { clickSheet, fudgeActors, target } from "../support/fudge-world";
import { as, cardData, clean, connect, playerWorld, press, pressThroughGm } from "../support/play";

// Issue 29's FUDGE "Missing" list, part one, from a player's client (user1, Mickey's owner) with a GM
// (gm1) connected: the GM works every row out again, and a choice in the attacker's favour waits for
// the GM's own click. (A Fudge die's faces 1, 2, 3 read −1, 0, +1.)

let record: StandInRecord;
let sheets: typeof Sheets;
let mickey: StandInActor;
let bandit: StandInActor;

type Request = Record<string, unknown>;
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const lastNotice = () => record.notifications.at(-1)?.message ?? "";
const wounds = (a: StandInActor) => (a.system as unknown as { wounds: Record<string, number> }).wounds;
const UNHURT = { scratch: 0, light: 0, major: 0, critical: 0, coma: 0 };
const requestOf = (m: StandInMessage, i = 0) =>
  (m.rolls[i] as { options: { anthology: { request: Request } } }).options.anthology.request;
const applyThroughGm = (message: StandInMessage, row = 0) => pressThroughGm(record, message, "apply", row);

beforeAll(async () => {
  record = await playerWorld("fudge");
  sheets = await import("../../src/rulesets/fudge/sheets");
  // A hang guard for loading the world on a busy machine, not a speed limit.
}, 60_000);

beforeEach(async () => {
  connect();
  ({ mickey, bandit } = await fudgeActors());
  await clean(record);
  target(bandit);
});

/** Mickey's broadsword blow at the unaware bandit (+0 rolled: a hit), left unapplied. */
async function blow(extra: Record<string, string> = {}, faces = [2, 2, 2, 2]): Promise<StandInMessage> {
  answerDialog({ stance: "normal", unopposed: "on", ...extra });
  fulfillment.push(...faces);
  await clickSheet(sheets, mickey, "fudgeAttack", { item: "Broadsword" });
  return lastMessage();
}

describe("FUDGE: the minimum to hit is the GM's to allow", () => {
  it("refuses a minimum past the dialog's choices, though roll and card agree on it", async () => {
    answerDialog({ stance: "normal" });
    fulfillment.push(3, 3, 2, 2);
    await clickSheet(sheets, mickey, "fudgeAttack", { item: "Broadsword" });
    const honest = lastMessage();
    await as("gm1", async () => {
      answerDialog({ stance: "normal", weapon: bandit.items.find((i) => i.type === "fudge-weapon")!.id });
      fulfillment.push(2, 2, 2, 1);
      await press(honest, "respond", 0);
    });
    const request = requestOf(honest) as { choices: Request };
    const choices = { ...request.choices, minimum: -9 };
    const flags = structuredClone(honest.flags) as { anthology: { card: { data: { choices: Request } } } };
    flags.anthology.card.data.choices = choices;
    const formula = (honest.rolls[0] as { formula: string }).formula;
    const forged = await forgedMessage(flags, [await builtRoll(formula, [3, 3, 2, 2], { ...request, choices })], {
      alias: "Mickey",
    });
    expect(await applyThroughGm(forged)).toBe(false);
    expect(lastNotice()).toContain("lowest result that hits");
    expect(wounds(bandit)).toEqual(UNHURT);
  });

  it("holds a blow resting on a minimum below what the Scales give until the GM's own click", async () => {
    // Mickey (Good) rolls −4: Terrible (−3), below Poor; he picks a Terrible minimum between equals.
    answerDialog({ stance: "normal", minimum: "-3" });
    fulfillment.push(1, 1, 1, 1);
    await clickSheet(sheets, mickey, "fudgeAttack", { item: "Broadsword" });
    const swing = lastMessage();
    await as("gm1", async () => {
      answerDialog({ stance: "normal", weapon: bandit.items.find((i) => i.type === "fudge-weapon")!.id });
      // The bandit rolls −4: offense and defense Infamous (−4). Mickey's Terrible beats it by 1.
      fulfillment.push(1, 1, 1, 1);
      await press(swing, "respond", 0);
    });
    expect(cardData<FudgeAttackData, FudgeRow>(swing).targets[0]!.data.result?.a.hits).toBe(true);
    expect(await applyThroughGm(swing)).toBe(false);
    expect(lastNotice()).toContain("a lowest result that hits of Terrible where Scale gives Poor");
    expect(wounds(bandit)).toEqual(UNHURT);
    expect(await as("gm1", () => press(swing, "apply", 0))).toBe(true);
    expect(wounds(bandit)).not.toEqual(UNHURT);
  });

  it("applies an honest blow at the Scale's own minimum at once", async () => {
    expect(await applyThroughGm(await blow())).toBe(true);
    expect(wounds(bandit)).not.toEqual(UNHURT);
  });
});

describe("FUDGE: the one die for a hit stopped only by Scale is the GM's", () => {
  it("rolls it on the GM's side when the player asks for the Apply, whatever the player's card says", async () => {
    type ActorClass = { create(data: object): Promise<StandInActor> };
    const Actor = (CONFIG.Actor as unknown as { documentClass: ActorClass }).documentClass;
    const giant = await Actor.create({
      name: "Giant",
      type: "fudge-npc",
      system: { attributes: { health: 2 }, massScale: 3 },
      items: [{ name: "Hide", type: "fudge-armor", system: { protection: 2 } }],
    });
    target(giant);
    // A graze for −1 on the graze table: nothing, but a Scratch without the giant's Scale.
    const graze = await blow({}, [1, 1, 1, 2]);
    const card = cardData<FudgeAttackData, FudgeRow>(graze);
    expect(card.targets[0]!.data.result?.a).toMatchObject({ wound: "undamaged", scaleStopped: true });
    // The player's card claims the die was rolled already, showing a Critical: the GM rolls its own.
    await graze.update({
      "flags.anthology.card.targets": [
        {
          ...card.targets[0],
          data: {
            ...card.targets[0]!.data,
            result: { ...card.targets[0]!.data.result, a: { ...card.targets[0]!.data.result!.a, wound: "critical" } },
          },
        },
      ],
    });
    fulfillment.push(3);
    expect(await applyThroughGm(graze)).toBe(true);
    expect(wounds(giant)).toEqual({ ...UNHURT, scratch: 1 });
  });
});

describe("FUDGE: where a hit lands is read from the dice by the GM", () => {
  it("shows on the applied row the GM's reading of the location roll, not the part the player's card claims", async () => {
    // A hit; the location roll +2 on the kick's row: the groin.
    const kick = await blow({ location: "brawlKick" }, [2, 2, 2, 2, 3, 3, 2, 2]);
    expect(cardData<FudgeAttackData, FudgeRow>(kick).data.location).toBe("groin");
    await kick.update({ "flags.anthology.card.data.location": "eye" });
    expect(await applyThroughGm(kick)).toBe(true);
    const applied = cardData<FudgeAttackData, FudgeRow>(kick).targets[0]!.applied?.summary as { location?: string };
    expect(applied.location).toBe("groin");
  });

  it("refuses an aim taken off the card after the roll (the roll was rolled aimed)", async () => {
    const aimed = await blow({ aim: "torso" });
    const card = cardData<FudgeAttackData, FudgeRow>(aimed);
    await aimed.update({ "flags.anthology.card.data.choices": { ...card.data.choices, aim: null } });
    expect(await applyThroughGm(aimed)).toBe(false);
    expect(lastNotice()).toContain("rolled for something other than the card shows");
    expect(wounds(bandit)).toEqual(UNHURT);
  });
});
