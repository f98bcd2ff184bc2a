import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Sheets from "../../src/rulesets/opend6/sheets";
import { fulfillment } from "../foundry/dice";
import type { StandInActor } from "../foundry/documents";
import { installFoundry, loadWorld, type StandInRecord } from "../foundry/stand-in";
import { answerDialog } from "../support/fade-world";
import { clickSheet, opend6Actors } from "../support/opend6-world";
import { as, loadPlay, relay } from "../support/play";
import { fightOf, type Fight } from "../support/fight";

// A player's client (user1, owner of Kira) with the GM (gm1) connected elsewhere, every-round
// initiative: when the player ends the round's last turn, the GM starts the next round, rolling its
// initiative first, so "before the defender's turn the next round" means its turn in the new order.

let record: StandInRecord;
let sheets: typeof Sheets;
let kira: StandInActor;
let thug: StandInActor;

type User = { id: string; isGM: boolean; isSelf: boolean; targets: Set<unknown> };
const users = () => game.users as unknown as Map<string, User>;
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
const statuses = (actor: StandInActor) => [...(actor as unknown as { statuses: Set<string> }).statuses];

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
});

/** Round 1: the thug (20) acts first and dodges (full: 1 and the Wild Die 2, +2 = 5, + 10); Kira (10) has the turn. */
async function kirasTurn(): Promise<Fight> {
  const combat = fightOf("brawl", [
    { id: "thug", name: "Thug", initiative: 20, actor: thug },
    { id: "kira", name: "Kira", initiative: 10, actor: kira },
  ]);
  await as("gm1", async () => {
    await combat.startCombat();
    answerDialog({ difficulty: "", actions: "1", defense: "full" });
    fulfillment.push(1, 2);
    await clickSheet(sheets, thug, "od6Roll", { dataset: { kind: "skill", id: "dodge" } });
    await combat.nextTurn();
  });
  await settle();
  return combat;
}

describe("OpenD6: a player ends the round's last turn (every-round initiative)", () => {
  it("asks the GM, who rolls the new round first: the thug's defense lasts until its turn in the new order", async () => {
    const combat = await kirasTurn();
    expect([combat.round, combat.combatant?.id, statuses(thug)]).toEqual([1, "kira", ["opend6-defending"]]);
    // Round 2's roll on the GM's client: the thug 1, 1 and the Wild Die 1 = 3; Kira 6, 6 and 5 = 17.
    fulfillment.push(1, 1, 1, 6, 6, 5);
    const ended = combat.nextTurn();
    // The player's client wrote nothing itself: it asked the GM.
    expect(combat.round).toBe(1);
    await relay(record);
    await ended;
    await settle();
    expect([combat.round, combat.combatant?.id]).toEqual([2, "kira"]);
    expect(statuses(thug)).toEqual(["opend6-defending"]);
    await as("gm1", () => combat.nextTurn()); // the thug's turn in round 2: over
    await settle();
    expect(statuses(thug)).toEqual([]);
  });

  it("refuses a player who does not own the combatant whose turn it is", async () => {
    const combat = await kirasTurn();
    await as("gm1", async () => {
      await combat.nextRound(); // round 2: rolled again, some order
      while (combat.combatant?.id !== "thug") await combat.nextTurn();
    });
    const round = combat.round;
    const asked = combat.nextRound();
    await relay(record);
    await asked;
    expect(combat.round).toBe(round);
    expect(record.notifications.map((n) => n.message)).toContain(
      "Only the GM or the owner of the combatant whose turn it is can start the next round.",
    );
  });
});
