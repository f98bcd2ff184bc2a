import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Sheets from "../../src/rulesets/fading-suns/sheets";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import { installFoundry, loadWorld, type StandInRecord } from "../foundry/stand-in";
import { answerDialog, target } from "../support/fade-world";
import { clickSheet, fadingSunsActors } from "../support/fading-suns-world";
import { cardData, loadPlay, press, relay } from "../support/play";

// Issue 26, point 1, in Fading Suns: a player (user1, owner of Erian only, a GM connected) lists the
// brute again on their own honest attack card and presses Apply on each row.

let record: StandInRecord;
let sheets: typeof Sheets;
let erian: StandInActor;
let brute: StandInActor;

type User = { id: string; isGM: boolean; isSelf: boolean; targets: Set<unknown> };
const users = () => game.users as unknown as Map<string, User>;
const vitality = (actor: StandInActor) => (actor.system as unknown as { vitality: { value: number } }).vitality.value;

async function throughGm(message: StandInMessage, row: number): Promise<unknown> {
  const pending = press(message, "apply", row);
  await relay(record);
  return pending;
}

beforeAll(async () => {
  record = installFoundry({ ruleSet: "fading-suns", isGM: false });
  await import("../../src");
  loadWorld(record);
  await loadPlay();
  sheets = await import("../../src/rulesets/fading-suns/sheets");
  users().set("gm1", { id: "gm1", isGM: true, isSelf: false, targets: new Set() });
});

beforeEach(async () => {
  ({ erian, brute } = await fadingSunsActors());
  record.notifications.length = 0;
  fulfillment.length = 0;
});

describe("Fading Suns: one damage roll lands once, however often the card lists its target", () => {
  it("refuses the brute's row repeated on the attacker's own card", async () => {
    // Rapier: goal 11 against the brute's Defense 1; an 8 hits. DMG 5 less the jerkin's 2: 3 off 9 Vitality.
    target(brute, "Brute");
    answerDialog({ level: "standard", fightAction: "strike", targetCover: "none", group: "1" });
    fulfillment.push(8);
    await clickSheet(sheets, erian, "fsAttack", { item: "Rapier <b>fine</b>" });
    const attack = record.messages.at(-1) as StandInMessage;
    const row = cardData(attack).targets[0]!;
    await attack.update({ "flags.anthology.card.targets": [row, row, row] });
    const results = [];
    for (let i = 0; i < 3; i += 1) results.push(await throughGm(attack, i));
    expect(results).toEqual([true, false, false]);
    expect(vitality(brute)).toBe(6);
    expect(record.notifications.at(-1)?.message).toBe("This has already been applied to Brute.");
  });
});
