import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AnthologyCombat as CombatClass } from "../../src/combat/anthology-combat";
import { fulfillment } from "../foundry/dice";
import type { StandInActor } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import type * as Sheets from "../../src/rulesets/opend6/sheets";
import type { StandInMessage } from "../foundry/documents";
import { answerDialog } from "../support/fade-world";
import { cardData, press } from "../support/play";
import { clickSheet, loadOpenD6World, opend6Actors } from "../support/opend6-world";

// Issue 29 (OpenD6, missing): initiative ties broken by the text's order of codes, in the tracker's
// turn order. Kira: Perception 3D, search 5D, Reflexes 3D+1, dodge 4D+1. The thug: Perception 3D,
// search 3D, Reflexes 2D+2, dodge 2D+2. The thug's combatant is named "A thug", so the name order
// alone would put it first.

let record: StandInRecord;
let sheets: typeof Sheets;
let kira: StandInActor;
let thug: StandInActor;

type Combat = CombatClass & {
  addCombatant(c: unknown): { id: string; initiative: number | null };
  combatants: Map<string, { id: string; initiative: number | null }>;
};
const setting = (key: string, value: unknown) => game.settings!.set("anthology" as never, key as never, value as never);

function fight(initiatives: { kira: number | null; thug: number | null }): Combat {
  const config = CONFIG as unknown as { Combat: { documentClass: unknown }; Combatant: { documentClass: unknown } };
  const Combat = config.Combat.documentClass as new (d: object) => Combat;
  const Combatant = config.Combatant.documentClass as new (d: object) => object;
  const combat = new Combat({ id: "ties" });
  combat.addCombatant(new Combatant({ id: "kira", name: "Kira", initiative: initiatives.kira, actor: kira }));
  combat.addCombatant(new Combatant({ id: "thug", name: "A thug", initiative: initiatives.thug, actor: thug }));
  (game as unknown as { combat: unknown }).combat = combat;
  return combat;
}

const order = (combat: Combat) => combat.turns.map((c) => c.id);
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
const lastMessage = () => record.messages.at(-1) as StandInMessage;
const renderedWith = (path: string) =>
  record.rendered.filter((r) => r.path.endsWith(path)).at(-1)!.data as Record<string, unknown>;

beforeAll(async () => {
  ({ record, sheets } = await loadOpenD6World());
});

beforeEach(async () => {
  await setting("opend6Initiative", "scene");
  await setting("opend6InitiativeBonus", false);
  ({ kira, thug } = await opend6Actors());
  fulfillment.length = 0;
  record.notifications.length = 0;
});

describe("OpenD6 initiative ties", () => {
  it('"ties are broken by moving to the next factor": equal Perception, the better search acts first', () => {
    expect(order(fight({ kira: 12, thug: 12 }))).toEqual(["kira", "thug"]);
    // Not a tie: the roll decides, whatever the codes.
    expect(order(fight({ kira: 11, thug: 12 }))).toEqual(["thug", "kira"]);
  });

  it("moves on to Reflexes, then dodge, when search ties too", async () => {
    await kira.update({ "system.skills.search": "" });
    // search 3D each: Reflexes 3D+1 against 2D+2.
    expect(order(fight({ kira: 12, thug: 12 }))).toEqual(["kira", "thug"]);
    await kira.update({ "system.attributes.reflexes": "2D+2", "system.skills.dodge": "" });
    // Every code the same: the tracker's name order.
    expect(order(fight({ kira: 12, thug: 12 }))).toEqual(["thug", "kira"]);
    await thug.update({ "system.skills.dodge": "1D" });
    // dodge 3D+2 against Kira's 2D+2.
    expect(order(fight({ kira: 12, thug: 12 }))).toEqual(["thug", "kira"]);
    await thug.update({ "system.skills.dodge": "", "system.attributes.perception": "2D+2" });
    // Perception first: 3D against 2D+2.
    expect(order(fight({ kira: 12, thug: 12 }))).toEqual(["kira", "thug"]);
  });
});

describe("OpenD6 Character Point and quick-draw dice on initiative", () => {
  const points = (a: StandInActor) => (a.system as unknown as { characterPoints: number }).characterPoints;
  const extras = (combat: Combat) =>
    (combat.combatants.get("kira") as unknown as { getFlag(s: string, k: string): unknown }).getFlag(
      "anthology",
      "opend6InitiativeExtras",
    );

  it('"spending one Character Point ... allows the player ... to add the result of one extra Wild Die roll": chosen on the sheet, rolled, paid with undo', async () => {
    const combat = fight({ kira: null, thug: 9 });
    // Two Character Points and a quick draw of 1D from marksmanship (5D): Perception 3D + 1D = 4D, + 2 CP dice.
    answerDialog({ characterPoints: "2", quickDrawSkill: "marksmanship", quickDraw: "1" });
    fulfillment.push(4, 4, 4, 3, 5, 2);
    await clickSheet(sheets, kira, "od6Initiative");
    await settle();
    expect(renderedWith("opend6/initiative-dialog.hbs")).toMatchObject({ characterPointsLeft: 5, formula: "3dw" });
    expect(combat.combatants.get("kira")!.initiative).toBe(22);
    expect(fulfillment).toEqual([]);
    // The GM's card took the two points, once, and the choice is used up.
    expect(points(kira)).toBe(3);
    expect(extras(combat)).toBeUndefined();
    const card = lastMessage();
    expect(cardData(card)).toMatchObject({
      kind: "initiative",
      data: { characterPoints: 2, quickDraw: 1, skill: "marksmanship", initiative: 22 },
    });
    expect(await press(card, "apply", 0)).toBe(false);
    expect(points(kira)).toBe(3);
    // Undo gives them back.
    expect(await press(card, "undo", 0)).toBe(true);
    expect(points(kira)).toBe(5);
  });

  it("counts at the next roll when the combatant already has one: the every-round roll adds the dice", async () => {
    await setting("opend6Initiative", "round");
    const combat = fight({ kira: 12, thug: 9 });
    await combat.startCombat();
    answerDialog({ characterPoints: "1", quickDrawSkill: "marksmanship", quickDraw: "0" });
    await clickSheet(sheets, kira, "od6Initiative");
    expect(record.notifications.at(-1)?.message).toBe("Kira's choice counts at the next initiative roll.");
    expect(combat.combatants.get("kira")!.initiative).toBe(12);
    // Round 2's roll: Kira 3D and a Character Point die (2, 2, 2 and 1: 7); the thug 3D (1, 1, 2: 4).
    fulfillment.push(2, 2, 2, 1, 1, 1, 2);
    await combat.nextRound();
    await settle();
    expect(combat.combatants.get("kira")!.initiative).toBe(7);
    expect(points(kira)).toBe(4);
  });

  it("refuses more Character Points than the sheet has, a quick draw that leaves no die, and no combat", async () => {
    const combat = fight({ kira: null, thug: 9 });
    answerDialog({ characterPoints: "9", quickDrawSkill: "marksmanship", quickDraw: "0" });
    await clickSheet(sheets, kira, "od6Initiative");
    expect(record.notifications.at(-1)?.message).toBe("Kira has 5 Character Points, not 9.");
    answerDialog({ characterPoints: "0", quickDrawSkill: "marksmanship", quickDraw: "5" });
    await clickSheet(sheets, kira, "od6Initiative");
    expect(record.notifications.at(-1)?.message).toContain("must keep at least 1D in the skill");
    expect(combat.combatants.get("kira")!.initiative).toBeNull();
    expect(extras(combat)).toBeUndefined();
    (game as unknown as { combat: unknown }).combat = null;
    await clickSheet(sheets, kira, "od6Initiative");
    expect(record.notifications.at(-1)?.message).toBe("Kira is not in the combat on screen.");
  });

  it("ignores a choice its owner wrote beyond the sheet (more points than it has): the roll is Perception alone", async () => {
    const combat = fight({ kira: null, thug: 9 });
    await (combat.combatants.get("kira") as unknown as { update(d: object): Promise<unknown> }).update({
      "flags.anthology.opend6InitiativeExtras": { characterPoints: 50, quickDraw: 0, skill: "marksmanship" },
    });
    fulfillment.push(2, 2, 2);
    await combat.rollInitiative(["kira"]);
    await settle();
    expect(combat.combatants.get("kira")!.initiative).toBe(6);
    expect(points(kira)).toBe(5);
  });
});
