import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Sheets from "../../src/rulesets/opend6/sheets";
import type { OpenD6AttackData, OpenD6AttackRow } from "../../src/rulesets/opend6/chat/card-data";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog, target } from "../support/fade-world";
import { builtRoll, forgedMessage } from "../support/forge";
import { clickSheet, opend6Actors } from "../support/opend6-world";
import { fightOf, type Fight } from "../support/fight";
import { as, cardData, clean, connect, playerWorld, press, pressThroughGm } from "../support/play";

// Issue 29 (OpenD6, missing): the scene's difficulty modifiers (lighting, smoke and fog, an unwieldy
// weapon, a number typed in) from the player's sheet through the dialog and the card to the GM's
// apply; the player's client (user1, Kira's owner) with a GM (gm1) connected.

let record: StandInRecord;
let sheets: typeof Sheets;
let kira: StandInActor;
let thug: StandInActor;

type Request = Record<string, unknown>;
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const lastNotice = () => record.notifications.at(-1)?.message ?? "";
const attackCard = (m: StandInMessage) => cardData<OpenD6AttackData, OpenD6AttackRow>(m);
const wounds = (a: StandInActor) => (a.system as unknown as { wounds: string }).wounds;
const requestOf = (m: StandInMessage, i = 0) =>
  (m.rolls[i] as { options: { anthology: { request: Request } } }).options.anthology.request;
const renderedWith = (path: string) =>
  record.rendered.filter((r) => r.path.endsWith(path)).at(-1)!.data as Record<string, unknown>;
const PISTOL = "Pistol <b>of</b> Doom";

/** A hit: 5, 5, 4, 3 and the Wild Die 2 = 19; damage 3, 3, 3, 3 = 12; the thug's resistance 2, 2, 2 = 6. */
const HIT = [5, 5, 4, 3, 2, 3, 3, 3, 3, 2, 2, 2];

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

/** Kira shoots the thug at Short range with these dice and the dialog's other answers. */
async function shoot(dice: number[], answers: Record<string, string>): Promise<StandInMessage> {
  answerDialog({ range: "short", cover: "none", posture: "standing", aim: "0", actions: "1", ...answers });
  fulfillment.push(...dice);
  await clickSheet(sheets, kira, "od6Attack", { item: PISTOL });
  return lastMessage();
}

describe("OpenD6: the attack dialog's scene modifiers", () => {
  it('"poor lighting" and an unwieldy weapon\'s "+5" raise the difficulty on the card and in the GM\'s apply', async () => {
    const card = await shoot(HIT, { lighting: "poor", unwieldy: "on" });
    // The dialog offers the choices with their numbers.
    const dialog = renderedWith("opend6/roll-dialog.hbs") as { lightings: unknown[]; unwieldyModifier: string };
    expect(dialog.lightings).toContainEqual({
      id: "poor",
      labelKey: "ANTHOLOGY.OpenD6.Lighting.poor",
      difficulty: "+3",
      selected: false,
    });
    expect(dialog.unwieldyModifier).toBe("+5");
    // 10, poor light +3, unwieldy +5: 18, and 19 hits.
    expect(attackCard(card).targets[0]!.data).toMatchObject({
      difficulty: { defense: 10, situation: 8, value: 18 },
      attack: 19,
      hit: true,
    });
    const { attackCardView } = await import("../../src/rulesets/opend6/chat/views");
    const notes = attackCardView(attackCard(card) as never, { rollHtml: [] }).notes;
    expect(notes).toContainEqual({ key: "ANTHOLOGY.OpenD6.Lighting.poor", data: {} });
    expect(notes).toContainEqual({ key: "ANTHOLOGY.OpenD6.Card.unwieldy", data: { modifier: "+5" } });
    // The GM works the row out again with the scene: still a hit, the thug is wounded.
    expect(await pressThroughGm(record, card)).toBe(true);
    expect(wounds(thug)).toBe("wounded");
  });

  it('"smoke, fog" and a typed +2 make the same 19 a miss, on the card and in the GM\'s apply', async () => {
    // 10, light smoke +3, unwieldy +5, +2 typed: 20.
    const card = await shoot([5, 5, 4, 3, 2], { smoke: "light", unwieldy: "on", modifier: "2" });
    expect(attackCard(card).targets[0]!.data).toMatchObject({ difficulty: { situation: 10, value: 20 }, hit: false });
    // A forged row that says it hit is worked out again by the GM: it does not.
    const flags = structuredClone(card.flags) as { anthology: { card: { targets: Array<{ data: Request }> } } };
    Object.assign(flags.anthology.card.targets[0]!.data, { hit: true, damageRoll: 1, resistanceRoll: 2 });
    const forged = await forgedMessage(
      flags,
      [
        card.rolls[0],
        await builtRoll("4D", [3, 3, 3, 3], { target: thug.uuid }),
        await builtRoll("3D", [2, 2, 2], { target: thug.uuid, resistance: "3D" }),
      ],
      { alias: "Kira" },
    );
    expect(await pressThroughGm(record, forged)).toBe(false);
    expect(lastNotice()).toBe("The attack no longer hits Thug: the difficulty is now 20.");
    expect(wounds(thug)).toBe("none");
  });

  it("a typed modifier below 0 is the GM's call: the row waits for the GM's own click", async () => {
    // 1, 1, 1, 2 and the Wild Die 3 = 8: a miss at 10, a hit at 10 - 2 = 8.
    const card = await shoot([1, 1, 1, 2, 3, 3, 3, 3, 3, 2, 2, 2], { modifier: "-2" });
    expect(attackCard(card).targets[0]!.data).toMatchObject({ difficulty: { situation: -2, value: 8 }, hit: true });
    expect(await pressThroughGm(record, card)).toBe(false);
    expect(lastNotice()).toContain("a difficulty modifier of -2 typed in the dialog");
    expect(wounds(thug)).toBe("none");
    expect(await as("gm1", () => press(card, "apply", 0))).toBe(true);
    // The GM is told what the row rested on.
    expect(lastNotice()).toContain("a difficulty modifier of -2 typed in the dialog");
    expect(wounds(thug)).toBe("wounded");
  });

  it("refuses a card whose typed modifier is past the dialog's bound, even on the GM's click", async () => {
    const honest = await shoot(HIT, { modifier: "-2" });
    const flags = structuredClone(honest.flags) as { anthology: { card: { data: Request } } };
    const choices = { ...(flags.anthology.card.data.choices as object), modifier: -500 };
    flags.anthology.card.data.choices = choices;
    const attack = await builtRoll("5D", [5, 5, 4, 3, 2], { ...requestOf(honest), choices });
    const forged = await forgedMessage(flags, [attack, ...honest.rolls.slice(1)], { alias: "Kira" });
    expect(await as("gm1", () => press(forged, "apply", 0))).toBe(false);
    expect(lastNotice()).toBe(
      "The card's difficulty modifier is beyond 60 either way, more than a player may type; nothing was applied.",
    );
    expect(wounds(thug)).toBe("none");
  });
});

describe("OpenD6: the acrobatics bonus to defense", () => {
  const acrobatThug = async () => {
    await game.settings!.set("anthology" as never, "opend6DefenseBonus" as never, true as never);
    // Reflexes 2D+2 and acrobatics 4D+1: 7D, +2 at Short range or more.
    await as("gm1", () => thug.update({ "system.skills.acrobatics": "4D+1" }));
  };

  afterEach(async () => {
    await game.settings!.set("anthology" as never, "opend6DefenseBonus" as never, false as never);
  });

  it('"for attacks at Short range or greater": 11 misses the acrobat at Short (12), in the odds, on the card and for the GM', async () => {
    await acrobatThug();
    // 2, 2, 2, 3 and the Wild Die 2 = 11.
    const card = await shoot([2, 2, 2, 3, 2], {});
    const dialog = renderedWith("opend6/roll-dialog.hbs") as { vs: string };
    expect(dialog.vs).toBe("12");
    expect(attackCard(card).targets[0]!.data).toMatchObject({ difficulty: { defense: 12, value: 12 }, hit: false });
    // A row forged into a hit is worked out again by the GM, with the bonus.
    const flags = structuredClone(card.flags) as { anthology: { card: { targets: Array<{ data: Request }> } } };
    Object.assign(flags.anthology.card.targets[0]!.data, { hit: true, damageRoll: 1, resistanceRoll: 2 });
    const forged = await forgedMessage(
      flags,
      [
        card.rolls[0],
        await builtRoll("4D", [3, 3, 3, 3], { target: thug.uuid }),
        await builtRoll("3D", [2, 2, 2], { target: thug.uuid, resistance: "3D" }),
      ],
      { alias: "Kira" },
    );
    expect(await pressThroughGm(record, forged)).toBe(false);
    expect(lastNotice()).toBe("The attack no longer hits Thug: the difficulty is now 12.");
  });

  it("does not count at Point Blank: the same 11 hits (10 − 5)", async () => {
    await acrobatThug();
    const card = await shoot([2, 2, 2, 3, 2, 3, 3, 3, 3, 2, 2, 2], { range: "pointBlank" });
    expect(attackCard(card).targets[0]!.data).toMatchObject({ difficulty: { defense: 10, value: 5 }, hit: true });
    expect(await pressThroughGm(record, card)).toBe(true);
  });
});

describe("OpenD6: the full-auto firer's defense", () => {
  const marked = (a: StandInActor) => [...(a as unknown as { statuses: Set<string> }).statuses];

  /** Round 1 of a fight: Kira fires full auto at the thug (a miss: 1, 1, 1, 1, 1, 1 and the Wild Die 2). */
  async function fullAuto(): Promise<Fight> {
    await game.settings!.set("anthology" as never, "opend6Initiative" as never, "scene" as never);
    const combat = fightOf("firefight", [
      { id: "kira", name: "Kira", initiative: 20, actor: kira },
      { id: "thug", name: "Thug", initiative: 10, actor: thug },
    ]);
    await as("gm1", () => combat.startCombat());
    // marksmanship 5D and full auto's 2D: 7D.
    const card = await shoot([1, 1, 1, 1, 1, 1, 2], { maneuver: "fullAuto" });
    expect(attackCard(card).data.formula).toBe("7D");
    expect(marked(kira)).toEqual(["opend6-full-auto"]);
    return combat;
  }

  /** The GM's thug swings a club at Kira at Short range: 2 and the Wild Die 2, +2 = 6; then its damage and Kira's resistance. */
  async function thugSwings(): Promise<StandInMessage> {
    return as("gm1", async () => {
      target(kira, "Kira");
      if (!thug.items.find((i) => i.name === "Club")) {
        await thug.createEmbeddedDocuments("Item", [
          { name: "Club", type: "opend6-weapon", system: { damage: "+1D", skill: "meleeCombat" } },
        ]);
      }
      answerDialog({ range: "short", cover: "none", posture: "standing", aim: "0", actions: "1" });
      fulfillment.push(2, 2, 5, 5, 5, 1, 1, 1, 1);
      await clickSheet(sheets, thug, "od6Attack", { item: "Club" });
      return lastMessage();
    });
  }

  afterEach(async () => {
    await game.settings!.set("anthology" as never, "opend6Initiative" as never, "round" as never);
    (game as unknown as { combat: unknown }).combat = null;
  });

  it('"the modifier to the character\'s defensive value during the round he is performing a full auto attack": 6 hits Kira (10 − 6), and the GM applies it', async () => {
    await fullAuto();
    const swing = await thugSwings();
    // The dialog opens at Point Blank for a club: 4 − 5, never below 3.
    expect(renderedWith("opend6/roll-dialog.hbs")).toMatchObject({ vs: "3", target: { defense: 4 } });
    expect(attackCard(swing).targets[0]!.data).toMatchObject({ difficulty: { defense: 4, value: 4 }, hit: true });
    expect(await as("gm1", () => press(swing, "apply", 0))).toBe(true);
    expect(wounds(kira)).not.toBe("none");
  });

  it("ends with the round: the next round's same 6 misses Kira's 10", async () => {
    const combat = await fullAuto();
    await as("gm1", () => combat.nextRound());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(marked(kira)).toEqual([]);
    const swing = await thugSwings();
    expect(attackCard(swing).targets[0]!.data).toMatchObject({ difficulty: { defense: 10 }, hit: false });
  });

  it("counts only the firer's own full-auto card: a mark naming another card changes nothing", async () => {
    await fullAuto();
    const [mark] = (kira as unknown as { effects: Array<{ update(d: object): Promise<unknown> }> }).effects;
    const other = await shoot([1, 1, 1, 1, 2], {});
    await mark!.update({ "flags.anthology.opend6FullAuto.card": other.id });
    const swing = await thugSwings();
    expect(attackCard(swing).targets[0]!.data).toMatchObject({ difficulty: { defense: 10 }, hit: false });
  });
});
