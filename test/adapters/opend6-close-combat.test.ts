import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Sheets from "../../src/rulesets/opend6/sheets";
import type { OpenD6AttackData, OpenD6AttackRow } from "../../src/rulesets/opend6/chat/card-data";
import type { OpenD6AppliedSummary } from "../../src/rulesets/opend6/chat/views";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { builtRoll, forgedMessage } from "../support/forge";
import { answerDialog, target } from "../support/fade-world";
import { clickSheet, opend6Actors } from "../support/opend6-world";
import { as, cardData, clean, connect, playerWorld, press, pressThroughGm } from "../support/play";

// OpenD6's close combat at the table (issue 29, OpenD6 missing), from a player's client (user1, owner
// of Kira) with a GM connected: the sheet's button, the dialog, the card, and the GM's apply, which
// works every number out again from the dice and the actors.

let record: StandInRecord;
let sheets: typeof Sheets;
let kira: StandInActor;
let thug: StandInActor;

type Request = Record<string, unknown>;
type Flags = { anthology: { card: { data: Record<string, unknown>; targets: Array<{ data: Request }> } } };
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const lastNotice = () => record.notifications.at(-1)?.message ?? "";
const attackCard = (m: StandInMessage) => cardData<OpenD6AttackData, OpenD6AttackRow>(m);
const summary = (m: StandInMessage, row = 0) =>
  cardData(m).targets[row]!.applied?.summary as unknown as OpenD6AppliedSummary;
const wounds = (a: StandInActor) => (a.system as unknown as { wounds: string }).wounds;
const renderedWith = (path: string) =>
  record.rendered.filter((r) => r.path.endsWith(path)).at(-1)!.data as Record<string, unknown>;
const requestOf = (m: StandInMessage, i = 0) =>
  (m.rolls[i] as { options: { anthology: { request: Request } } }).options.anthology.request;

beforeAll(async () => {
  record = await playerWorld("opend6");
  sheets = await import("../../src/rulesets/opend6/sheets");
});

beforeEach(async () => {
  connect();
  ({ kira, thug } = await opend6Actors());
  await clean(record);
  target(thug, "Thug");
});

/** Kira's unarmed blow at the thug with these dice (brawling 4D+1: three dice, then the Wild Die). */
async function punch(dice: number[], answers: Record<string, string> = {}): Promise<StandInMessage | null> {
  const before = record.messages.length;
  answerDialog({ range: "pointBlank", cover: "none", posture: "standing", actions: "1", ...answers });
  fulfillment.push(...dice);
  await clickSheet(sheets, kira, "od6Unarmed");
  return record.messages.length > before ? lastMessage() : null;
}

describe("OpenD6: the unarmed blow every character has", () => {
  it('"damage total = roll of weapon damage die code plus character\'s Strength Damage die code": a punch with no weapon rolls brawling and Strength Damage, and the GM applies it', async () => {
    // Kira: Reflexes 3D+1 and brawling +1D make 4D+1; Physique 3D gives Strength Damage 2D.
    const view = (await import("../../src/rulesets/opend6/sheets/view")).opend6ActorView;
    const sheet = view(kira.system as never, [], { name: "Thug", defense: 10 });
    expect(sheet.unarmed).toEqual({ formula: "4D+1", vs: "5", damage: "2D" });
    // 4, 4, 4 and the Wild Die 4, +1 = 17 against 10 − 5 at Point Blank. Damage 2D: 5 and Wild 4 = 9.
    // The thug resists with Physique 3D: 1, 1 and Wild 1 = 3 (a complication only notes). 6 past it: Wounded.
    const card = (await punch([4, 4, 4, 4, 5, 4, 1, 1, 1]))!;
    const dialog = renderedWith("opend6/roll-dialog.hbs") as { ranges: Array<{ id: string }>; formula: string };
    expect(dialog.ranges.map((r) => r.id)).toEqual(["pointBlank"]);
    expect(dialog.formula).toBe("4D+1");
    expect(attackCard(card)).toMatchObject({
      data: { item: null, weapon: { skill: "brawling", damage: "+0D" }, total: 17, damageCode: "2D" },
      targets: [{ name: "Thug", data: { hit: true, damage: 9, resistance: 3 } }],
    });
    expect(requestOf(card).item).toBeNull();
    expect(renderedWith("opend6/attack-card.hbs")).toMatchObject({ unarmed: true });
    expect(await pressThroughGm(record, card)).toBe(true);
    expect(wounds(thug)).toBe("wounded");
    expect(summary(card)).toMatchObject({ damage: 9, resistance: 3, excess: 6, woundsAfter: "wounded" });
    // The GM's undo puts the track back.
    await as("gm1", () => press(card, "undo", 0));
    expect(wounds(thug)).toBe("none");
  });

  it('"characters may use unarmed close combat attacks at Point Blank range only": farther is refused before rolling and in the GM\'s apply', async () => {
    expect(await punch([4, 4, 4, 4], { range: "short" })).toBeNull();
    expect(lastNotice()).toBe("Kira can strike unarmed at Point Blank range only.");
    // A card the player rewrote to Short range, with a roll built for it: the GM refuses it.
    const honest = (await punch([4, 4, 4, 4, 5, 4, 1, 1, 1]))!;
    const flags = structuredClone(honest.flags) as Flags;
    const choices = { ...(flags.anthology.card.data.choices as Request), range: "short" };
    flags.anthology.card.data.choices = choices;
    const forged = await forgedMessage(
      flags,
      [
        await builtRoll("4D+1", [4, 4, 4, 4], { ...requestOf(honest), choices }),
        await builtRoll("2D", [5, 4], requestOf(honest, 1)),
        await builtRoll("3D", [1, 1, 1], requestOf(honest, 2)),
      ],
      { alias: "Kira" },
    );
    expect(await pressThroughGm(record, forged)).toBe(false);
    expect(lastNotice()).toBe("Kira can strike unarmed at Point Blank range only.");
    expect(wounds(thug)).toBe("none");
  });
});
