import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Sheets from "../../src/rulesets/opend6/sheets";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog } from "../support/fade-world";
import { fightOf } from "../support/fight";
import { clickSheet, opend6Actors } from "../support/opend6-world";
import { as, cardData, clean, connect, playerWorld, press, relay } from "../support/play";

// Issue 29 (OpenD6, missing): a player (user1, Kira's owner) chooses Character Points and a quick draw
// for Kira's initiative and rolls it; the GM's client (gm1) gets the combatant's update, posts the card
// and takes the points off, with Undo.

let record: StandInRecord;
let sheets: typeof Sheets;
let kira: StandInActor;
let thug: StandInActor;

const points = (a: StandInActor) => (a.system as unknown as { characterPoints: number }).characterPoints;
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
const setting = (key: string, value: unknown) => game.settings!.set("anthology" as never, key as never, value as never);

beforeAll(async () => {
  record = await playerWorld("opend6");
  sheets = await import("../../src/rulesets/opend6/sheets");
});

beforeEach(async () => {
  connect();
  ({ kira, thug } = await opend6Actors());
  await clean(record);
  await setting("opend6Initiative", "scene");
});

describe("OpenD6 initiative extras from a player's client", () => {
  it('"the player may then take some of the skill dice and add them to the Perception die code": rolled on the player\'s click, paid through the GM', async () => {
    const combat = fightOf("player-ties", [
      { id: "kira", name: "Kira", initiative: null, actor: kira },
      { id: "thug", name: "Thug", initiative: 8, actor: thug },
    ]);
    // One Character Point and 2D of marksmanship (5D): Perception 3D + 2D = 5D and a CP die.
    answerDialog({ characterPoints: "1", quickDrawSkill: "marksmanship", quickDraw: "2" });
    fulfillment.push(3, 3, 3, 3, 3, 4);
    await clickSheet(sheets, kira, "od6Initiative");
    const kiraCombatant = combat.combatants.get("kira") as unknown as { initiative: number | null };
    expect(kiraCombatant.initiative).toBe(19);
    // The player's client charged nothing itself: the GM's client does, when Foundry tells it of the roll.
    expect(points(kira)).toBe(5);
    const { onUpdateCombatant } = await import("../../src/rulesets/opend6/chat/initiative-extras");
    await as("gm1", () => onUpdateCombatant(kiraCombatant, { initiative: 19 }));
    await settle();
    expect(points(kira)).toBe(4);
    const card = record.messages.at(-1) as StandInMessage;
    expect(cardData(card)).toMatchObject({ kind: "initiative", data: { characterPoints: 1, quickDraw: 2 } });
    // The player cannot give the point back; the GM can.
    const undo = press(card, "undo", 0);
    await relay(record);
    expect(await undo).toBe(false);
    expect(points(kira)).toBe(4);
    expect(await as("gm1", () => press(card, "undo", 0))).toBe(true);
    expect(points(kira)).toBe(5);
  });

  it("refuses to take points for a card the player wrote, even on the GM's click", async () => {
    const { opend6InitiativeKind } = await import("../../src/rulesets/opend6/chat/initiative-card");
    const { newCard } = await import("../../src/play/card");
    const { postCard, refOf } = await import("../../src/play/cards");
    const card = newCard({
      ruleSet: "opend6",
      kind: opend6InitiativeKind.id,
      actor: refOf(kira as never),
      data: { characterPoints: 2, quickDraw: 0, skill: "marksmanship", initiative: 10 },
      targets: [{ ...refOf(kira as never), data: {} }],
    });
    const message = (await postCard({ kind: opend6InitiativeKind as never, card, rolls: [], speaker: {} })) as never;
    const before = points(kira);
    expect(await as("gm1", () => press(message, "apply", 0))).toBe(false);
    expect(record.notifications.at(-1)?.message).toBe(
      "Only a GM's initiative card takes Character Points off Kira's sheet; nothing was applied.",
    );
    expect(points(kira)).toBe(before);
  });
});
