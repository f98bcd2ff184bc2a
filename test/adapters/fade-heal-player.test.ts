import type * as Sheets from "../../src/rulesets/fade/sheets";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import { installFoundry, loadWorld, type StandInRecord } from "../foundry/stand-in";
import { answerDialog, clickSheet, fadeActors, target } from "../support/fade-world";
import { as, cardData, loadPlay, press, pressThroughGm } from "../support/play";

// Healing from a player's client (user1, owner of Garret only), with a GM (gm1) connected: the GM
// works the healing out again from the card's amount and the target as it stands.

let record: StandInRecord;
let sheets: typeof Sheets;
let garret: StandInActor;
let goblin: StandInActor;

type User = { id: string; isGM: boolean; isSelf: boolean; targets: Set<unknown> };
const users = () => game.users as unknown as Map<string, User>;
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const hp = (actor: StandInActor) => (actor.system as unknown as { hp: { value: number } }).hp.value;

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
  record.emitted.length = 0;
  if (!users().has("gm1")) users().set("gm1", { id: "gm1", isGM: true, isSelf: false, targets: new Set() });
});

describe("The Fade: a player's heal, applied by the GM", () => {
  it("\"Holy Resistance on a living creature increases healing\": on the player's own character at once, on another's by a GM's own click", async () => {
    // Garret (Holy Resistance 15: +1) at 5 HP heals himself for 3: 9.
    await as("gm1", () => garret.update({ "system.energy.resistances": "holy 15", "system.hp.value": 5 }));
    target(null);
    answerDialog({ amount: "3", source: "Potion" });
    await clickSheet(sheets, garret, "fadeHeal");
    const own = lastMessage();
    expect(await pressThroughGm(record, own)).toBe(true);
    expect(hp(garret)).toBe(9);
    expect(cardData(own).targets[0]!.applied?.summary).toMatchObject({ amount: 3, bonus: 1, after: 9 });

    // The goblin is not the player's: the typed amount waits for the GM's own click.
    await as("gm1", () => goblin.update({ "system.hp.value": 2 }));
    target(goblin, "Goblin");
    answerDialog({ amount: "5" });
    await clickSheet(sheets, garret, "fadeHeal");
    const other = lastMessage();
    expect(await pressThroughGm(record, other)).toBe(false);
    expect(hp(goblin)).toBe(2);
    expect(await as("gm1", () => press(other, "apply", 0))).toBe(true);
    expect(hp(goblin)).toBe(7);
  });
});
