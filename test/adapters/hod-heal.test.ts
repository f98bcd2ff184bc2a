import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { HodHealData } from "../../src/rulesets/hod/chat/heal";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog, hodActors, loadHodWorld, noCombat, target } from "../support/hod-world";
import { cardData, press } from "../support/play";

// Magical healing (heroes-of-destiny.txt, "Magical healing"), on the GM's client: rolled once, split
// between Invigoration and fatigue, applied per patient never past maximum HP nor below 0 fatigue.

let record: StandInRecord;
let garret: StandInActor;
let goblin: StandInActor;
const system = (a: StandInActor) =>
  a.system as unknown as { invigoration: number; fatigue: number; hp: { value: number; max: number } };
const lastMessage = () => record.messages.at(-1) as StandInMessage;

beforeAll(async () => {
  ({ record } = await loadHodWorld());
});

beforeEach(async () => {
  ({ garret, goblin } = await hodActors());
  record.messages.length = 0;
  fulfillment.length = 0;
  noCombat();
});

async function heal(formula: string, toInvigoration: number, faces: number[]) {
  const { rollHodHealing } = await import("../../src/rulesets/hod/chat/heal");
  answerDialog({ formula, toInvigoration: String(toInvigoration) });
  fulfillment.push(...faces);
  await rollHodHealing(garret);
  return lastMessage();
}

describe("Heroes of Destiny magical healing", () => {
  it("splits the text's 8 points: 5 Invigoration and 3 fatigue off, applied by the GM once, and undone", async () => {
    // The goblin: 5 of 8 HP, 4 fatigue.
    await goblin.update({ "system.hp.value": 5, "system.fatigue": 4 });
    target(goblin, "Goblin");
    const card = await heal("2d6", 5, [3, 5]);
    expect(cardData<HodHealData>(card).data).toEqual({ total: 8, toInvigoration: 5, bonus: null, curesPoison: false });
    await press(card, "apply", 0);
    // Room for Invigoration: 8 − 5 = 3 (never past maximum HP); fatigue 4 − 3 = 1.
    expect(system(goblin)).toMatchObject({ invigoration: 3, fatigue: 1 });
    expect(cardData(card).targets[0]!.applied?.summary).toEqual({ invigoration: 3, fatigue: 3 });
    await press(card, "apply", 0);
    expect(system(goblin)).toMatchObject({ invigoration: 3, fatigue: 1 });
    await press(card, "undo", 0);
    expect(system(goblin)).toMatchObject({ invigoration: 0, fatigue: 4 });
  });

  it("heals the healer with no target, and refuses a formula it cannot read", async () => {
    await garret.update({ "system.fatigue": 6 });
    target(null);
    const card = await heal("1d8", 0, [6]);
    expect(cardData(card).targets.map((t) => t.name)).toEqual(["Garret"]);
    await press(card, "apply", 0);
    expect(system(garret).fatigue).toBe(0);
    const count = record.messages.length;
    answerDialog({ formula: "2d6+<b>", toInvigoration: "0" });
    const { rollHodHealing } = await import("../../src/rulesets/hod/chat/heal");
    await rollHodHealing(garret);
    expect(record.messages.length).toBe(count);
    expect(record.notifications.at(-1)?.message).toContain("is not a dice formula");
  });
});
