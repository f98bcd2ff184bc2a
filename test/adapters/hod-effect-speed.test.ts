import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Flow from "../../src/rulesets/hod/chat/flow";
import { changesData, type NumberChange } from "../../src/foundry/effects";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog, hodActors, item, loadHodWorld, noCombat, target, timeCountFight } from "../support/hod-world";

// Effects that change the Time Count (docs/heroes-of-destiny.md, "Effects that change rolls"), on the
// GM's client: `system.bonuses.speedFactor` adds to every act's speed factor, `system.bonuses.speedSteps`
// moves its speed class, when the GM records the act.

let record: StandInRecord;
let flow: typeof Flow;
let garret: StandInActor;
let goblin: StandInActor;

type Embedding = { createEmbeddedDocuments(name: string, data: object[]): Promise<unknown> };
const add = (key: string, value: number): NumberChange => ({ key, type: "add", value });
const hasted = (changes: NumberChange[]) =>
  (garret as unknown as Embedding).createEmbeddedDocuments("ActiveEffect", [
    { name: "Haste", ...changesData(changes) },
  ]);
const acted = () => (record.messages.at(-1) as StandInMessage).flavor;

beforeAll(async () => {
  ({ record, flow } = await loadHodWorld());
});

beforeEach(async () => {
  ({ garret, goblin } = await hodActors());
  record.notifications.length = 0;
  record.messages.length = 0;
  fulfillment.length = 0;
  target(goblin, "Goblin");
  noCombat();
});

describe("Heroes of Destiny effects on the speed factor", () => {
  it("an attack's rolled Standard SF (1d6+6 showing 4: 10) less an effect's 3 puts the next action at TC 13", async () => {
    await hasted([add("system.bonuses.speedFactor", -3)]);
    const { me } = await timeCountFight(garret, goblin);
    answerDialog({ defense: "primary" });
    fulfillment.push(10, 5, 4);
    await flow.rollHodAttack(garret, item(garret, "Longsword <i>of</i> Ash"));
    expect(acted()).toBe("Garret: Attack with a weapon. Speed factor 7, next action at TC 13.");
    expect(me.initiative).toBe(13);
  });

  it("a speed-class step faster makes the longsword's attack Fast (1d6+3 showing 4: 7)", async () => {
    await hasted([add("system.bonuses.speedSteps", -1)]);
    const { me } = await timeCountFight(garret, goblin);
    answerDialog({ defense: "primary" });
    fulfillment.push(10, 5, 4);
    await flow.rollHodAttack(garret, item(garret, "Longsword <i>of</i> Ash"));
    expect(acted()).toBe("Garret: Attack with a weapon. Speed factor 7, next action at TC 13.");
    expect(me.initiative).toBe(13);
  });

  it("an SF the GM gives outright is recorded as given", async () => {
    await hasted([add("system.bonuses.speedFactor", 5)]);
    const { combat, me } = await timeCountFight(garret, goblin);
    await combat.actCombatant("garret", { action: "custom", speedFactor: 4 });
    expect(me.initiative).toBe(10);
  });
});
