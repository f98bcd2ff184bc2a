import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Sheets from "../../src/rulesets/fade/sheets";
import type { FadeAttackData, FadeAttackRow } from "../../src/rulesets/fade/chat/card-data";
import { changesData } from "../../src/foundry/effects";
import { dialogAnswers } from "../foundry/combat";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import { installFoundry, loadWorld, type StandInRecord } from "../foundry/stand-in";
import { answerDialog, clickSheet, fadeActors, target } from "../support/fade-world";
import { cardData, loadPlay, press, relay } from "../support/play";

// Effects that change rolls from a player's client (user1, owner of Garret only): the attack carries
// the charm's Blessed (+1k0), and the GM, working the row out again on its own client, sees the same
// effect on Garret's sheet; once the charm is dropped, the GM refuses the 7k3 the sheet no longer gives.

let record: StandInRecord;
let sheets: typeof Sheets;
let garret: StandInActor;
let goblin: StandInActor;

type User = { id: string; isGM: boolean; isSelf: boolean; targets: Set<unknown> };
const users = () => game.users as unknown as Map<string, User>;
const hp = (actor: StandInActor) => (actor.system as unknown as { hp: { value: number } }).hp.value;
const SWORD = "Longsword <i>of</i> Ash";

/** Garret's attack: 10, 9, 8 kept of 7k3 (27 against Defense 19), a d10 of 6 (Body), 27 damage. */
async function blessedAttack(): Promise<StandInMessage> {
  answerDialog({ defense: "defense", location: "body" });
  fulfillment.push(10, 9, 8, 2, 3, 1, 4, 6, 10, 10, 7, 1, 1, 1, 1);
  await clickSheet(sheets, garret, "fadeAttack", SWORD);
  return record.messages.at(-1) as StandInMessage;
}

async function applyThroughGm(message: StandInMessage): Promise<unknown> {
  const pending = press(message, "apply", 0);
  await relay(record);
  return pending;
}

beforeAll(async () => {
  record = installFoundry({ ruleSet: "fade", isGM: false });
  await import("../../src");
  loadWorld(record);
  await loadPlay();
  sheets = await import("../../src/rulesets/fade/sheets");
});

beforeEach(async () => {
  ({ garret, goblin } = await fadeActors());
  record.notifications.length = 0;
  fulfillment.length = 0;
  dialogAnswers.length = 0;
  target(goblin, "Goblin");
  if (!users().has("gm1")) users().set("gm1", { id: "gm1", isGM: true, isSelf: false, targets: new Set() });
  const blessed = changesData([{ key: "system.effectBonuses.toHit.rolled", type: "add", value: 1 }]);
  await garret.createEmbeddedDocuments("Item", [
    { name: "Blessing charm", type: "fade-gear", effects: [{ name: "Blessed", transfer: true, ...blessed }] },
  ]);
});

describe("Effects that change rolls, from a player's client", () => {
  it("the GM applies a Blessed attack: its recomputation sees the charm's effect", async () => {
    expect(garret.isOwner).toBe(true);
    expect(goblin.isOwner).toBe(false);
    const attack = await blessedAttack();
    expect(cardData<FadeAttackData, FadeAttackRow>(attack).data.pool).toBe("7k3");
    expect(await applyThroughGm(attack)).toBe(true);
    expect(hp(goblin)).toBe(4);
  });

  it("the GM refuses it once the player has dropped the charm", async () => {
    const attack = await blessedAttack();
    await garret.items.find((i) => i.name === "Blessing charm")!.delete();
    expect(await applyThroughGm(attack)).toBe(false);
    expect(hp(goblin)).toBe(10);
    expect(record.notifications.at(-1)?.message).toBe(
      "The card's to-hit roll is 7k3, but the sheet and the card's choices give 6k3; nothing was applied. Roll again.",
    );
  });
});
