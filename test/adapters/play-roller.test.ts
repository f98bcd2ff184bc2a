import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as DiceRoll from "../../src/play/dice-roll";
import type * as Refuse from "../../src/play/refuse";
import type * as Roller from "../../src/play/roller";
import type * as Socket from "../../src/hooks/socket";
import { fulfillment } from "../foundry/dice";
import { installFoundry, loadWorld, type StandInRecord } from "../foundry/stand-in";

// The roller's side of every rule set's flows: only an actor's owners roll for it, the dice are
// Foundry's and carry what they were rolled for, and the outcome is read back from formula and faces
// as the GM will read it; the GM refuses with a key the asker is shown.

let record: StandInRecord;
let roller: typeof Roller;
let diceRoll: typeof DiceRoll;
let refuse: typeof Refuse.refuse;
let RequestRefused: typeof Socket.RequestRefused;

beforeAll(async () => {
  record = installFoundry({ ruleSet: "opend6" });
  await import("../../src");
  loadWorld(record);
  roller = await import("../../src/play/roller");
  diceRoll = await import("../../src/play/dice-roll");
  ({ refuse } = await import("../../src/play/refuse"));
  ({ RequestRefused } = await import("../../src/hooks/socket"));
});
beforeEach(() => {
  fulfillment.length = 0;
  record.notifications.length = 0;
});

describe("who may roll", () => {
  it("lets an actor's owner roll, and tells anyone else in the rule set's words", () => {
    expect(roller.mayRoll({ isOwner: true, name: "Mine" }, "ANTHOLOGY.OpenD6.Errors.notYours")).toBe(true);
    expect(record.notifications).toEqual([]);
    expect(roller.mayRoll({ isOwner: false, name: "Theirs" }, "ANTHOLOGY.OpenD6.Errors.notYours")).toBe(false);
    expect(record.notifications).toHaveLength(1);
    expect(record.notifications[0]!.level).toBe("warn");
    expect(record.notifications[0]!.message).toContain("Theirs");
  });
});

describe("rolling for a request", () => {
  it("rolls with Foundry's dice, stores the request on the roll, and reads the outcome back", async () => {
    fulfillment.push(4, 6);
    const roll = await diceRoll.rollFor("2d6+1", { item: "Item.sword", targets: ["Actor.a"] });
    const options = roll.options as { anthology?: { request?: unknown } };
    expect(options.anthology?.request).toEqual({ item: "Item.sword", targets: ["Actor.a"] });
    const outcome = diceRoll.outcomeOf(roll);
    expect(outcome.total).toBe(11);
    expect(outcome.modifier).toBe(1);
  });

  it("keeps the request the roll was made with, whatever happens to the caller's object after", async () => {
    fulfillment.push(3);
    const request = { choices: { modifier: 2 } };
    const roll = await diceRoll.rollFor("1d6", request);
    request.choices.modifier = 9;
    expect((roll.options as { anthology: { request: unknown } }).anthology.request).toEqual({
      choices: { modifier: 2 },
    });
  });

  it("refuses to read back a roll whose formula cannot be read", () => {
    const forged = { formula: "not a formula", dice: [], render: () => Promise.resolve("") };
    expect(() => diceRoll.outcomeOf(forged)).toThrow('"not a formula" could not be read back');
  });
});

describe("refusing a request", () => {
  it("throws the refusal the asker is shown: the key and its data", () => {
    let thrown: unknown;
    try {
      refuse("ANTHOLOGY.Play.Errors.badRoll", { name: "Goblin" });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(RequestRefused);
    expect((thrown as Socket.RequestRefused).refusal).toEqual({
      key: "ANTHOLOGY.Play.Errors.badRoll",
      data: { name: "Goblin" },
    });
    expect(() => refuse("ANTHOLOGY.Play.Errors.cardGone")).toThrow(RequestRefused);
  });
});
