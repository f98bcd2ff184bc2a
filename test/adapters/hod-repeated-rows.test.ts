import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Flow from "../../src/rulesets/hod/chat/flow";
import { dialogAnswers } from "../foundry/combat";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog, hodActors, item, loadHodWorld, noCombat, target } from "../support/hod-world";
import { cardData, press, relay } from "../support/play";

// Issue 26, point 1, in Heroes of Destiny: a player (user1, owner of Garret only, a GM connected)
// lists the goblin again on their own honest card and presses Apply on each row.

let record: StandInRecord;
let flow: typeof Flow;
let garret: StandInActor;
let goblin: StandInActor;

type User = { id: string; isGM: boolean; isSelf: boolean; targets: Set<unknown> };
const users = () => game.users as unknown as Map<string, User>;
const hp = (actor: StandInActor) => (actor.system as unknown as { hp: { value: number } }).hp.value;

async function throughGm(message: StandInMessage, row: number): Promise<unknown> {
  const pending = press(message, "apply", row);
  await relay(record);
  return pending;
}

beforeAll(async () => {
  ({ record, flow } = await loadHodWorld({ isGM: false }));
  users().set("gm1", { id: "gm1", isGM: true, isSelf: false, targets: new Set() });
});

beforeEach(async () => {
  ({ garret, goblin } = await hodActors());
  record.notifications.length = 0;
  fulfillment.length = 0;
  dialogAnswers.length = 0;
  target(goblin, "Goblin");
  noCombat();
});

describe("Heroes of Destiny: one damage roll lands once, however often the card lists its target", () => {
  it("refuses the goblin's row repeated on the attacker's own card", async () => {
    // 10 + 6 = 16 hits Primary 15; 1d8 + 4 showing 5: 9 damage (8 HP to 2, past 0 it would go below).
    answerDialog({ defense: "primary" });
    fulfillment.push(10, 5);
    await flow.rollHodAttack(garret, item(garret, "Longsword <i>of</i> Ash"));
    const attack = record.messages.at(-1) as StandInMessage;
    const row = cardData(attack).targets[0]!;
    await attack.update({ "flags.anthology.card.targets": [row, row, row, row] });
    const results = [];
    for (let i = 0; i < 4; i += 1) results.push(await throughGm(attack, i));
    expect(results).toEqual([true, false, false, false]);
    expect(hp(goblin)).toBe(2);
    expect(record.notifications.at(-1)?.message).toBe("This has already been applied to Goblin.");
  });
});
