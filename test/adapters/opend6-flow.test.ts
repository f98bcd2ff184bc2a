import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type * as Sheets from "../../src/rulesets/opend6/sheets";
import type { OpenD6AttackData, OpenD6AttackRow, OpenD6CheckData } from "../../src/rulesets/opend6/chat/card-data";
import type { OpenD6AppliedSummary } from "../../src/rulesets/opend6/chat/views";
import { dialogCalls } from "../foundry/combat";
import { fulfillment } from "../foundry/dice";
import type { StandInActor, StandInMessage } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { answerDialog, target } from "../support/fade-world";
import { clickSheet, loadOpenD6World, opend6Actors } from "../support/opend6-world";
import { cardData, press } from "../support/play";

// The GM's client: buttons pressed on the sheet and on the cards, with the dice scripted through
// Foundry's dice fulfillment. A die code rolls its ordinary dice, then the Wild Die (and its
// explosions), then Character Point dice.

let record: StandInRecord;
let sheets: typeof Sheets;
let kira: StandInActor;
let thug: StandInActor;

type View = Record<string, unknown>;
const checkCard = (message: unknown) => cardData<OpenD6CheckData, Record<string, never>>(message);
const attackCard = (message: unknown) => cardData<OpenD6AttackData, OpenD6AttackRow>(message);
const summary = (message: unknown, row = 0) =>
  cardData(message).targets[row]!.applied?.summary as unknown as OpenD6AppliedSummary;
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const renderedWith = (path: string) => record.rendered.filter((r) => r.path.endsWith(path)).at(-1)!.data as View;
const system = (actor: StandInActor) =>
  actor.system as unknown as {
    wounds: string;
    characterPoints: number;
    fatePoints: number;
    bodyPoints: { value: number; max: number };
    derived: { woundPenalty: number; woundLevel: string };
  };
const PISTOL = "Pistol <b>of</b> Doom";
const setting = (key: string, value: unknown) => game.settings!.set("anthology" as never, key as never, value as never);

beforeAll(async () => {
  ({ record, sheets } = await loadOpenD6World());
});

beforeEach(async () => {
  await setting("opend6Health", "wounds");
  await setting("opend6DamageBonus", false);
  await setting("opend6WoundChart", "1 Stunned, 4 Wounded, 9 Severely Wounded, 13 Incapacitated, 16 Mortally Wounded");
  // Empty table settings read as the default tables.
  for (const key of ["opend6RangeTable", "opend6CoverTable", "opend6LocationTable", "opend6DifficultyTable"]) {
    await setting(key, "");
  }
  ({ kira, thug } = await opend6Actors());
  record.notifications.length = 0;
  fulfillment.length = 0;
  dialogCalls.length = 0;
  target(thug, "Thug");
});

describe("OpenD6 checks from the sheet", () => {
  it("rolls a skill with the Wild Die against the difficulty, with the exact odds in the dialog", async () => {
    // search: Perception 3D and 2D = 5D. Four dice 4, 3, 2, 5 and the Wild Die 6 (again: 2): 22.
    answerDialog({ difficulty: "15", actions: "1", bonusDice: "0", characterPoints: "0" });
    fulfillment.push(4, 3, 2, 5, 6, 2);
    await clickSheet(sheets, kira, "od6Roll", { dataset: { kind: "skill", id: "search" } });
    const view = renderedWith("opend6/roll-dialog.hbs");
    expect(view).toMatchObject({ check: true, code: "5D", formula: "5D" });
    expect(dialogCalls.at(-1)).toMatchObject({ window: { title: "Kira: search" } });
    const card = checkCard(lastMessage());
    expect(card).toMatchObject({
      ruleSet: "opend6",
      kind: "check",
      actor: { name: "Kira" },
      data: {
        trait: { kind: "skill", id: "search" },
        code: "5D",
        formula: "5D",
        total: 22,
        difficulty: 15,
        success: true,
        complication: false,
      },
    });
    expect(renderedWith("opend6/check-card.hbs")).toMatchObject({
      resultKey: "ANTHOLOGY.OpenD6.Card.success",
      tone: "good",
    });
  });

  it("spends Character Points (an exploding die each) and a Fate Point (double dice) from the dialog", async () => {
    // Reflexes 3D+1 doubled is 6D+1, and one Character Point die: 1,1,1,1,1 + Wild 2 + CP 6,3 + 1 = 17.
    answerDialog({ difficulty: "", actions: "1", bonusDice: "0", characterPoints: "1", fatePoint: "on" });
    fulfillment.push(1, 1, 1, 1, 1, 2, 6, 3);
    await clickSheet(sheets, kira, "od6Roll", { dataset: { kind: "attribute", id: "reflexes" } });
    expect(checkCard(lastMessage()).data).toMatchObject({
      formula: "6D+1+1CP",
      total: 17,
      difficulty: null,
      success: null,
    });
    expect(system(kira)).toMatchObject({ characterPoints: 4, fatePoints: 0 });
    // No Fate Point left: the next roll that asks for one is refused, nothing rolled or spent.
    const before = record.messages.length;
    answerDialog({ actions: "1", fatePoint: "on" });
    await clickSheet(sheets, kira, "od6Roll", { dataset: { kind: "attribute", id: "reflexes" } });
    expect(record.messages.length).toBe(before);
    expect(record.notifications.at(-1)?.message).toBe("Kira has no Fate Point left.");
  });

  it("takes the wound and multi-action penalties in dice and notes a complication", async () => {
    await kira.update({ "system.wounds": "wounded" });
    // search 5D, wounded -1D, two actions -1D: 3D. 1, 1 and the Wild Die 1: a complication, total 3.
    answerDialog({ difficulty: "10", actions: "2" });
    fulfillment.push(1, 1, 1);
    await clickSheet(sheets, kira, "od6Roll", { dataset: { kind: "skill", id: "search" } });
    expect(checkCard(lastMessage()).data).toMatchObject({
      formula: "3D",
      woundPenalty: 1,
      total: 3,
      success: false,
      complication: true,
    });
    const view = renderedWith("opend6/check-card.hbs") as { notes: Array<{ key: string }>; complication: boolean };
    expect(view.complication).toBe(true);
    expect(view.notes.map((n) => n.key)).toEqual([
      "ANTHOLOGY.OpenD6.Card.woundPenalty",
      "ANTHOLOGY.OpenD6.Card.actions",
    ]);
  });

  it("refuses an unknown trait with a message that shows its name as text", async () => {
    const before = record.messages.length;
    await clickSheet(sheets, kira, "od6Roll", { dataset: { kind: "skill", id: "<b>nope</b>" } });
    expect(record.messages.length).toBe(before);
    expect(record.notifications.at(-1)).toMatchObject({
      level: "warn",
      message: "“&lt;b&gt;nope&lt;/b&gt;” is not an OpenD6 attribute or skill.",
    });
  });
});

describe("OpenD6 attacks: one card, a row per target, applied by the GM", () => {
  it("hits the thug, rolls damage and resistance, and the GM applies the Wound level once, with undo", async () => {
    // marksmanship 5D: 5, 5, 4, 3 and the Wild Die 2 = 19 against passive defense 10 at Short range: a hit.
    // Damage 4D: 3, 3, 3 and Wild 3 = 12. The thug resists with Physique 3D: 2, 2 and Wild 2 = 6.
    answerDialog({ range: "short", cover: "none", posture: "standing", aim: "0", actions: "1" });
    fulfillment.push(5, 5, 4, 3, 2, 3, 3, 3, 3, 2, 2, 2);
    await clickSheet(sheets, kira, "od6Attack", { item: PISTOL });
    const dialog = renderedWith("opend6/roll-dialog.hbs");
    expect(dialog).toMatchObject({ attack: true, formula: "5D", vs: "10", target: { name: "Thug", defense: 10 } });
    const attack = lastMessage();
    expect(attackCard(attack)).toMatchObject({
      kind: "attack",
      data: { formula: "5D", total: 19, damageCode: "4D", item: { name: PISTOL } },
      targets: [
        {
          name: "Thug",
          data: {
            difficulty: { defense: 10, range: 0, value: 10 },
            attack: 19,
            hit: true,
            damageRoll: 1,
            resistanceRoll: 2,
            damage: 12,
            resistance: 6,
            resistanceCode: "3D",
          },
        },
      ],
    });
    expect(attack.rolls).toHaveLength(3);

    // 12 against 6: 6 past it, Wounded (4-8).
    expect(await press(attack, "apply", 0)).toBe(true);
    expect(system(thug).wounds).toBe("wounded");
    expect(summary(attack)).toMatchObject({
      mode: "wounds",
      damage: 12,
      resistance: 6,
      excess: 6,
      hitLevel: "wounded",
      woundsBefore: "none",
      woundsAfter: "wounded",
      resistanceRerolled: false,
    });
    // The wound takes 1D from the thug's next roll.
    expect(system(thug).derived.woundPenalty).toBe(1);
    // Applying twice is refused with a message; undo puts the track back.
    expect(await press(attack, "apply", 0)).toBe(false);
    expect(record.notifications.at(-1)?.message).toBe("This has already been applied to Thug.");
    expect(await press(attack, "undo", 0)).toBe(true);
    expect(system(thug).wounds).toBe("none");
    expect(cardData(attack).targets[0]!.applied).toBeNull();
  });

  it("reads the world's edited Wound-level chart when the GM applies", async () => {
    await setting("opend6WoundChart", "1 Wounded, 6 Incapacitated");
    // The same hit as above: 12 against 6 is 6 past resistance, Incapacitated on this chart.
    answerDialog({ range: "short", cover: "none", posture: "standing", aim: "0", actions: "1" });
    fulfillment.push(5, 5, 4, 3, 2, 3, 3, 3, 3, 2, 2, 2);
    await clickSheet(sheets, kira, "od6Attack", { item: PISTOL });
    expect(await press(lastMessage(), "apply", 0)).toBe(true);
    expect(summary(lastMessage())).toMatchObject({ excess: 6, hitLevel: "incapacitated" });
    expect(system(thug).wounds).toBe("incapacitated");
  });

  it("reads the world's range, cover and hit-location tables in the dialog, on the card and in the GM's apply", async () => {
    await setting("opend6RangeTable", "Short 4");
    await setting("opend6CoverTable", "quarter 5");
    await setting("opend6LocationTable", "Torso 1 2");
    // The dialog opens at Short range without cover: passive 10 and Short 4 = 14 on this world's table.
    answerDialog({ range: "short", cover: "quarter", posture: "standing", aim: "0", actions: "1", location: "torso" });
    // marksmanship 5D: 5, 5, 5, 3 and the Wild Die 2 = 20 against 10 + 4 + 5 + 1 (torso) = 20: a hit.
    // Damage 4D: 3, 3, 3, 3 = 12 and +2 for the torso here: 14. Resistance 2, 2, 2 = 6.
    fulfillment.push(5, 5, 5, 3, 2, 3, 3, 3, 3, 2, 2, 2);
    await clickSheet(sheets, kira, "od6Attack", { item: PISTOL });
    expect(renderedWith("opend6/roll-dialog.hbs")).toMatchObject({ vs: "14" });
    const attack = lastMessage();
    expect(attackCard(attack).targets[0]!.data).toMatchObject({
      difficulty: { defense: 10, range: 4, cover: 5, options: 1, value: 20 },
      attack: 20,
      hit: true,
      damage: 14,
      resistance: 6,
    });
    // The GM raises Short range to 5 before applying: 21 now, and 20 no longer hits.
    await setting("opend6RangeTable", "Short 5");
    expect(await press(attack, "apply", 0)).toBe(false);
    expect(record.notifications.at(-1)?.message).toBe("The attack no longer hits Thug: the difficulty is now 21.");
    expect(system(thug).wounds).toBe("none");
    // Back to 4, and the torso now adds 9 to damage: 12 + 9 = 21 against 6, 15 past: Incapacitated.
    await setting("opend6RangeTable", "Short 4");
    await setting("opend6LocationTable", "Torso 1 9");
    expect(await press(attack, "apply", 0)).toBe(true);
    expect(summary(attack)).toMatchObject({ damage: 21, excess: 15, hitLevel: "incapacitated" });
    expect(system(thug).wounds).toBe("incapacitated");
  });

  it("tells the GM, when the settings close, which table entries it could not read (as text)", async () => {
    await setting("opend6RangeTable", "Long far, Medium 7");
    await setting("opend6WoundChart", "1 Stunned, 4 <b>dead</b>");
    (Hooks.callAll as (hook: string) => boolean)("closeSettingsConfig");
    expect(record.notifications.at(-1)).toMatchObject({
      level: "warn",
      message:
        "OpenD6 settings: these entries of the Wound-level chart or the tables could not be read, and their " +
        "defaults count instead: 4 &lt;b&gt;dead&lt;/b&gt;; Long far",
    });
    // All readable: nothing to say.
    await setting("opend6WoundChart", "1 Stunned");
    await setting("opend6RangeTable", "Medium 7");
    record.notifications.length = 0;
    (Hooks.callAll as (hook: string) => boolean)("closeSettingsConfig");
    expect(record.notifications).toEqual([]);
  });

  it("offers the world's difficulty ladder in the check dialog", async () => {
    await setting("opend6DifficultyTable", "Moderate 14, heroic 35");
    answerDialog({ difficulty: "14", actions: "1" });
    fulfillment.push(4, 3, 2, 5, 2);
    await clickSheet(sheets, kira, "od6Roll", { dataset: { kind: "skill", id: "search" } });
    const view = renderedWith("opend6/roll-dialog.hbs") as { difficulties: Array<{ value: number }> };
    expect(view.difficulties.map((d) => d.value)).toEqual([5, 10, 14, 20, 25, 35]);
    // 4 + 3 + 2 + 5 and the Wild Die 2 = 16 against 14.
    expect(checkCard(lastMessage()).data).toMatchObject({ total: 16, difficulty: 14, success: true });
  });

  it("knocks out with a called shot to the head: half the wound, unconscious", async () => {
    // The knife (melee combat untrained: Reflexes 3D+1) at Point Blank: 10 - 5 + 10 (head) = 15.
    // 5, 5 and the Wild Die 4, +1 = 15: a hit. Damage: Strength Damage 2D and +1D = 3D: 4, 4, 4 = 12,
    // and +6 for the head: 18. The thug's Physique 3D: 2, 2, 2 = 6. 12 past resistance: Severely Wounded.
    answerDialog({ range: "pointBlank", actions: "1", maneuver: "knockout", location: "head" });
    fulfillment.push(5, 5, 4, 4, 4, 4, 2, 2, 2);
    await clickSheet(sheets, kira, "od6Attack", { item: "Knife" });
    const attack = lastMessage();
    expect(attackCard(attack).targets[0]!.data).toMatchObject({
      difficulty: { defense: 10, range: -5, options: 10, value: 15 },
      hit: true,
      damage: 18,
      resistance: 6,
    });
    expect(await press(attack, "apply", 0)).toBe(true);
    // Three levels halved, rounded down: one, Stunned; two levels or more knock the thug out.
    expect(summary(attack)).toMatchObject({ excess: 12, hitLevel: "stunned", knockedOut: true });
    expect(system(thug).wounds).toBe("stunned");
    expect([...(thug as unknown as { statuses: Set<string> }).statuses]).toContain("unconscious");
  });

  it("entangles without damage: the target is held", async () => {
    // The pistol (marksmanship): 5, 5, 4, 3 and the Wild Die 2 = 19 against 10. No damage is rolled.
    answerDialog({ range: "short", actions: "1", maneuver: "entangle" });
    fulfillment.push(5, 5, 4, 3, 2);
    await clickSheet(sheets, kira, "od6Attack", { item: PISTOL });
    const attack = lastMessage();
    expect(attackCard(attack).targets[0]!.data).toMatchObject({ hit: true, damageRoll: null, damage: null });
    expect(attack.rolls).toHaveLength(1);
    expect(await press(attack, "apply", 0)).toBe(true);
    expect(system(thug).wounds).toBe("none");
    expect([...(thug as unknown as { statuses: Set<string> }).statuses]).toContain("restrain");
    expect(renderedWith("opend6/attack-card.hbs")).toMatchObject({
      rows: [{ applied: { statusKey: "ANTHOLOGY.OpenD6.Card.held" } }],
    });
  });

  it("refuses a special action the weapon's skill cannot make, before rolling", async () => {
    const before = record.messages.length;
    answerDialog({ range: "short", actions: "1", maneuver: "tackle" });
    await clickSheet(sheets, kira, "od6Attack", { item: PISTOL });
    expect(record.messages.length).toBe(before);
    expect(record.notifications.at(-1)?.message).toBe("Kira cannot make that special action with this weapon's skill.");
  });

  it("adds 1D for each round of aiming, never more than 3D", async () => {
    // Five rounds typed: the dialog takes 3 (+3D). marksmanship 5D and 3D: 8D. Seven 1s and the Wild
    // Die 2 = 9 against 10: a miss, nothing more rolled.
    answerDialog({ range: "short", cover: "none", posture: "standing", aim: "5", actions: "1" });
    fulfillment.push(1, 1, 1, 1, 1, 1, 1, 2);
    await clickSheet(sheets, kira, "od6Attack", { item: PISTOL });
    const attack = lastMessage();
    expect(attackCard(attack).data).toMatchObject({ formula: "8D", total: 9, choices: { aim: 3 } });
    expect(attackCard(attack).targets[0]!.data).toMatchObject({ hit: false, damageRoll: null });
    const view = renderedWith("opend6/attack-card.hbs") as { notes: Array<{ key: string; data: { dice?: string } }> };
    expect(view.notes).toContainEqual({ key: "ANTHOLOGY.OpenD6.Card.aim", data: { dice: "3" } });
  });

  it('"adds 1D to the characters\'s marksmanship, missile weapons, or throwing skill": no aiming with a knife', async () => {
    // The knife's dialog offers no aiming (melee combat); the pistol's does.
    answerDialog(null);
    await clickSheet(sheets, kira, "od6Attack", { item: "Knife" });
    expect(renderedWith("opend6/roll-dialog.hbs")).toMatchObject({ attack: true, aimable: false });
    answerDialog(null);
    await clickSheet(sheets, kira, "od6Attack", { item: PISTOL });
    expect(renderedWith("opend6/roll-dialog.hbs")).toMatchObject({ attack: true, aimable: true });
    // A form that sends aiming anyway is refused before anything is rolled.
    const before = record.messages.length;
    answerDialog({ range: "pointBlank", cover: "none", posture: "standing", aim: "2", actions: "1" });
    await clickSheet(sheets, kira, "od6Attack", { item: "Knife" });
    expect(record.messages.length).toBe(before);
    expect(record.notifications.at(-1)?.message).toBe(
      "Aiming adds dice only to marksmanship, missile weapons and throwing: Kira cannot aim with this weapon's skill.",
    );
  });

  it('"The player must leave at least 1D in her skill": counted after the multi-action and wound penalties', async () => {
    // marksmanship 5D, two actions (-1D): 4D left, so 3D may move to initiative and 1D is rolled.
    answerDialog({ range: "short", cover: "none", posture: "standing", actions: "2", quickDraw: "3" });
    fulfillment.push(4);
    await clickSheet(sheets, kira, "od6Attack", { item: PISTOL });
    expect(attackCard(lastMessage()).data).toMatchObject({ formula: "1D", total: 4, choices: { quickDraw: 3 } });
    // 4D moved with two actions would leave 0D: refused before rolling, never a 0D attack.
    const before = record.messages.length;
    answerDialog({ range: "short", cover: "none", posture: "standing", actions: "2", quickDraw: "4" });
    await clickSheet(sheets, kira, "od6Attack", { item: PISTOL });
    expect(record.messages.length).toBe(before);
    const refused =
      "Kira must keep at least 1D in the skill after a quick draw, once the wound and multi-action penalties are taken.";
    expect(record.notifications.at(-1)?.message).toBe(refused);
    // Wounded (-1D), one action: 4D left; 4D moved leaves nothing.
    await kira.update({ "system.wounds": "wounded" });
    answerDialog({ range: "short", cover: "none", posture: "standing", actions: "1", quickDraw: "4" });
    await clickSheet(sheets, kira, "od6Attack", { item: PISTOL });
    expect(record.messages.length).toBe(before);
    expect(record.notifications.at(-1)?.message).toBe(refused);
  });

  it('"the scale modifier is added to the combat difficulty" or "to the attacker\'s combat skill total": in the dialog\'s odds too', async () => {
    // The thug is a toy (scale -6): Kira is larger, +6 to the difficulty: 10 + 6 = 16 at Short range.
    await thug.update({ "system.scale": -6 });
    answerDialog({ range: "short", cover: "none", posture: "standing", aim: "0", actions: "1" });
    // 5, 5, 4, 3 and the Wild Die 2 = 19: a hit against 16. Damage 4D: 1, 1, 1, 1; resistance 3D: 6, 6, 6.
    fulfillment.push(5, 5, 4, 3, 2, 1, 1, 1, 1, 6, 6, 6);
    await clickSheet(sheets, kira, "od6Attack", { item: PISTOL });
    expect(renderedWith("opend6/roll-dialog.hbs")).toMatchObject({ formula: "5D", vs: "16" });
    expect(attackCard(lastMessage()).targets[0]!.data).toMatchObject({ difficulty: { scale: 6, value: 16 } });
    // Kira shrunk to the toy's size and the thug a person: +6 to Kira's total, so the dice need 10 - 6 = 4.
    await thug.update({ "system.scale": 0 });
    await kira.update({ "system.scale": -6 });
    answerDialog({ range: "short", cover: "none", posture: "standing", aim: "0", actions: "1" });
    // 1, 1, 1, 1 and the Wild Die 1 (a complication, noted) = 5; damage 1, 1, 1, 1; resistance 6, 6, 6.
    fulfillment.push(1, 1, 1, 1, 1, 1, 1, 1, 1, 6, 6, 6);
    await clickSheet(sheets, kira, "od6Attack", { item: PISTOL });
    expect(renderedWith("opend6/roll-dialog.hbs")).toMatchObject({ formula: "5D", vs: "4" });
    // 5 on the dice, +6: 11 against 10, as the dialog's 4 said.
    expect(attackCard(lastMessage()).targets[0]!.data).toMatchObject({ attack: 11, hit: true });
    // The weapon's button on the sheet shows the same number.
    const { opend6ActorView } = await import("../../src/rulesets/opend6/sheets/view");
    const sheet = opend6ActorView(kira.system as never, kira.items.contents as never, {
      name: "Thug",
      defense: 10,
      scale: 0,
    });
    expect(sheet.weapons.find((w) => w.name === PISTOL)).toMatchObject({ vs: "4" });
  });

  it("misses a target past the combat difficulty: no damage, nothing to apply", async () => {
    // Long range +10 and half cover +6: 26. 1, 1, 1, 1 and Wild 4 = 8.
    answerDialog({ range: "long", cover: "half", posture: "standing", actions: "1" });
    fulfillment.push(1, 1, 1, 1, 4);
    await clickSheet(sheets, kira, "od6Attack", { item: PISTOL });
    const attack = lastMessage();
    expect(attackCard(attack).targets[0]!.data).toMatchObject({
      difficulty: { range: 10, cover: 6, value: 26 },
      hit: false,
      damageRoll: null,
    });
    expect(attack.rolls).toHaveLength(1);
    expect(await press(attack, "apply", 0)).toBe(false);
    expect(system(thug).wounds).toBe("none");
  });

  it("counts Body Points when the world says so, with the optional damage bonus", async () => {
    await setting("opend6Health", "bodyPoints");
    await setting("opend6DamageBonus", true);
    ({ kira, thug } = await opend6Actors());
    target(thug, "Thug");
    // 6, 5, 5, 5 and Wild 4 = 25 against 10: 15 over, bonus 3. Damage 4D: 3, 3, 3, 3 = 12, and 3: 15.
    // No armor: Body Points resist with armor alone, 0D, so no resistance roll. 15 - 15 = 0.
    answerDialog({ range: "short", actions: "1" });
    fulfillment.push(6, 5, 5, 5, 4, 3, 3, 3, 3);
    await clickSheet(sheets, kira, "od6Attack", { item: PISTOL });
    const attack = lastMessage();
    expect(attackCard(attack).targets[0]!.data).toMatchObject({
      hit: true,
      damage: 15,
      resistance: 0,
      resistanceRoll: null,
      resistanceCode: "0D",
    });
    expect(await press(attack, "apply", 0)).toBe(true);
    expect(system(thug).bodyPoints).toEqual({ value: 0, max: 15 });
    expect(summary(attack)).toMatchObject({ mode: "bodyPoints", bodyPointsBefore: 15, bodyPointsAfter: 0 });
    expect(system(thug).derived).toMatchObject({ woundLevel: "incapacitated", woundPenalty: 3 });
    expect([...(thug as unknown as { statuses: Set<string> }).statuses]).toContain("unconscious");
    expect(await press(attack, "undo", 0)).toBe(true);
    expect(system(thug).bodyPoints.value).toBe(15);
  });

  it("rolls the resistance again on the GM's side when the target's armor changed since the card", async () => {
    answerDialog({ range: "short", actions: "1" });
    fulfillment.push(5, 5, 4, 3, 2, 3, 3, 3, 3, 2, 2, 2);
    await clickSheet(sheets, kira, "od6Attack", { item: PISTOL });
    const attack = lastMessage();
    await thug.createEmbeddedDocuments("Item", [{ name: "Vest", type: "opend6-armor", system: { armor: "1D" } }]);
    // Now 4D: 1, 1, 1 and Wild 2 = 5; 12 - 5 = 7, still Wounded.
    fulfillment.push(1, 1, 1, 2);
    expect(await press(attack, "apply", 0)).toBe(true);
    expect(summary(attack)).toMatchObject({ resistance: 5, excess: 7, resistanceRerolled: true });
  });

  it("refuses a weapon whose damage is not a code, before any dialog", async () => {
    const [bad] = (await kira.createEmbeddedDocuments("Item", [
      { name: "Broken <i>gun</i>", type: "opend6-weapon", system: { damage: "lots" } },
    ])) as unknown as StandInActor[];
    const before = dialogCalls.length;
    await clickSheet(sheets, kira, "od6Attack", { item: bad!.name });
    expect(dialogCalls.length).toBe(before);
    expect(record.notifications.at(-1)?.message).toBe(
      "The damage of Broken &lt;i&gt;gun&lt;/i&gt;, “lots”, is not a die code: fix it on the weapon's sheet.",
    );
  });
});
