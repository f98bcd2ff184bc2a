import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AnthologyCombat as CombatClass } from "../../src/combat/anthology-combat";
import { fulfillment } from "../foundry/dice";
import type { StandInActor } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import type * as Sheets from "../../src/rulesets/opend6/sheets";
import type { OpenD6AttackData, OpenD6AttackRow } from "../../src/rulesets/opend6/chat/card-data";
import type { StandInMessage } from "../foundry/documents";
import { answerDialog, target } from "../support/fade-world";
import { clickSheet, loadOpenD6World, opend6Actors } from "../support/opend6-world";
import { cardData, press } from "../support/play";

// OpenD6 in the combat tracker: the world's initiative method, the optional bonus, and the new roll
// each round. Kira: Perception 3D, search +2D, Reflexes 3D+1, dodge +1D. The thug: Perception 3D (the
// default), Reflexes 2D+2, nothing trained.

let record: StandInRecord;
let sheets: typeof Sheets;
let kira: StandInActor;
let thug: StandInActor;

type Combat = CombatClass & {
  id: string;
  addCombatant(c: unknown): { id: string; initiative: number | null };
  round: number;
  turn: number | null;
  combatant: { id: string } | undefined;
  combatants: Map<string, { id: string; initiative: number | null }>;
};
const setting = (key: string, value: unknown) => game.settings!.set("anthology" as never, key as never, value as never);
const derived = (actor: StandInActor) =>
  (actor.system as unknown as { derived: { initiative: { formula: string; bonus: number } } }).derived;

/** Hooks run without being awaited (as Foundry's do): lets the active GM's handler finish. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

function fight(initiatives: { kira: number | null; thug: number | null }): Combat {
  const config = CONFIG as unknown as { Combat: { documentClass: unknown }; Combatant: { documentClass: unknown } };
  const Combat = config.Combat.documentClass as new (d: object) => Combat;
  const Combatant = config.Combatant.documentClass as new (d: object) => object;
  const combat = new Combat({ id: "brawl" });
  combat.addCombatant(new Combatant({ id: "kira", name: "Kira", initiative: initiatives.kira, actor: kira }));
  combat.addCombatant(new Combatant({ id: "thug", name: "Thug", initiative: initiatives.thug, actor: thug }));
  (game as unknown as { combat: unknown }).combat = combat;
  return combat;
}

beforeAll(async () => {
  ({ record, sheets } = await loadOpenD6World());
});

beforeEach(async () => {
  await setting("opend6Initiative", "round");
  await setting("opend6InitiativeBonus", false);
  ({ kira, thug } = await opend6Actors());
  fulfillment.length = 0;
  record.notifications.length = 0;
});

describe("OpenD6 initiative in the combat tracker", () => {
  it('"a character receives +1 to his initiative roll": the optional bonus adds to the total, not pips to the code', async () => {
    expect(derived(kira).initiative).toEqual({ formula: "3D", bonus: 0 });
    await setting("opend6InitiativeBonus", true);
    ({ kira, thug } = await opend6Actors());
    // search adds 2D: +1; Reflexes 3D+1 has fewer than 4D: nothing. The better: +1, after the roll.
    expect(derived(kira).initiative).toEqual({ formula: "3dw + 1", bonus: 1 });
    expect(derived(thug).initiative).toEqual({ formula: "3D", bonus: 0 });
    // Perception 3D+2 with +1 still rolls three dice (as pips it would have been 4D).
    await kira.update({ "system.attributes.perception": "3D+2" });
    expect(derived(kira).initiative).toEqual({ formula: "3dw + 2 + 1", bonus: 1 });
    const combat = fight({ kira: null, thug: null });
    // Kira 3D+2: 4, 2 and the Wild Die 3, +2, +1 = 12. The thug 3D: 6, 5 and the Wild Die 5 = 16.
    fulfillment.push(4, 2, 3, 6, 5, 5);
    await combat.rollInitiative(["kira", "thug"]);
    expect(combat.combatants.get("kira")!.initiative).toBe(12);
    expect(combat.combatants.get("thug")!.initiative).toBe(16);
    expect(combat.turns.map((c) => c.id)).toEqual(["thug", "kira"]);
    expect(fulfillment).toEqual([]);
  });

  it("with the first significant action, rolls nothing: the order of Perception, search, Reflexes, dodge", async () => {
    await setting("opend6Initiative", "firstAction");
    ({ kira, thug } = await opend6Actors());
    // Kira: Perception 9 pips; search 5D 15; Reflexes 3D+1 10; dodge 4D+1 13. The thug: 9; 9; 8; 8.
    expect(derived(kira).initiative.formula).toBe("9.151013");
    expect(derived(thug).initiative.formula).toBe("9.090808");
    const combat = fight({ kira: null, thug: null });
    await combat.rollInitiative(["thug", "kira"]);
    expect(combat.combatants.get("kira")!.initiative).toBe(9.151013);
    expect(combat.turns.map((c) => c.id)).toEqual(["kira", "thug"]);
    // The order holds: a new round rolls nothing again.
    await combat.startCombat();
    await combat.nextRound();
    await settle();
    expect(combat.combatants.get("kira")!.initiative).toBe(9.151013);
  });

  it("rolls again at the start of every round with that method, the highest acting first", async () => {
    const combat = fight({ kira: 12, thug: 8 });
    await combat.startCombat();
    // Round 2: Kira 1, 1 and the Wild Die 2 = 4; the thug 3, 3 and 4 = 10.
    fulfillment.push(1, 1, 2, 3, 3, 4);
    await combat.nextTurn();
    await combat.nextTurn();
    await settle();
    expect(combat.round).toBe(2);
    expect(combat.combatants.get("kira")!.initiative).toBe(4);
    expect(combat.combatants.get("thug")!.initiative).toBe(10);
    expect([combat.turn, combat.combatant?.id]).toEqual([0, "thug"]);
  });

  it("rolls once a round: a GM stepping back two rounds and forward again keeps the order rolled", async () => {
    const combat = fight({ kira: 12, thug: 8 });
    await combat.startCombat();
    // Round 2: Kira 1, 1, 2 = 4; the thug 3, 3, 4 = 10. Round 3: Kira 5, 5, 5 = 15; the thug 2, 2, 2 = 6.
    fulfillment.push(1, 1, 2, 3, 3, 4, 5, 5, 5, 2, 2, 2);
    await combat.nextRound();
    await combat.nextRound();
    await settle();
    const order = combat.turns.map((c) => [c.id, c.initiative]);
    expect([combat.round, order]).toEqual([
      3,
      [
        ["kira", 15],
        ["thug", 6],
      ],
    ]);
    await combat.previousRound();
    await combat.previousRound();
    // Dice a new roll would take: none is rolled going forward again.
    fulfillment.push(6, 6, 6, 6, 6, 6);
    await combat.nextRound();
    await combat.nextRound();
    await settle();
    expect([combat.round, combat.turns.map((c) => [c.id, c.initiative]), fulfillment.length]).toEqual([3, order, 6]);
  });

  it("keeps the scene's order with the once-a-scene method", async () => {
    await setting("opend6Initiative", "scene");
    const combat = fight({ kira: 12, thug: 8 });
    await combat.startCombat();
    await combat.nextRound();
    await settle();
    expect(combat.round).toBe(2);
    expect(combat.combatants.get("kira")!.initiative).toBe(12);
    expect(fulfillment.length).toBe(0);
  });
});

describe("OpenD6 active defense", () => {
  const statuses = (actor: StandInActor) => [...(actor as unknown as { statuses: Set<string> }).statuses];
  const lastMessage = () => record.messages.at(-1) as StandInMessage;
  const renderedWith = (path: string) =>
    record.rendered.filter((r) => r.path.endsWith(path)).at(-1)!.data as Record<string, unknown>;

  /** The thug dodges (untrained: Reflexes 2D+2) as a partial defense: 1 and the Wild Die 2, +2 = 5. */
  async function thugDodges(kind = "partial"): Promise<StandInMessage> {
    answerDialog({ difficulty: "", actions: "1", defense: kind });
    fulfillment.push(1, 2);
    await clickSheet(sheets, thug, "od6Roll", { dataset: { kind: "skill", id: "dodge" } });
    return lastMessage();
  }

  it("offers active defense on a dodge, marks the defender and shows the value on card and sheet", async () => {
    const card = await thugDodges("full");
    expect(renderedWith("opend6/roll-dialog.hbs")).toMatchObject({
      defenses: [{ id: "none", selected: true }, { id: "full" }, { id: "partial" }],
    });
    // Full: 5 + 10 = 15.
    expect(renderedWith("opend6/check-card.hbs")).toMatchObject({
      defense: { key: "ANTHOLOGY.OpenD6.Card.fullDefense", value: 15 },
    });
    expect(cardData(card).data).toMatchObject({ total: 5, choices: { defense: "full", actions: 1 } });
    expect(statuses(thug)).toEqual(["opend6-defending"]);
    const view = (await import("../../src/rulesets/opend6/sheets/view")).opend6ActorView;
    const { declaredDefense } = await import("../../src/rulesets/opend6/chat/defense");
    const system = thug.system as unknown as Parameters<typeof view>[0];
    expect(view(system, [], null, declaredDefense(thug as never)).stats).toMatchObject({
      passiveDefense: 10,
      activeDefense: { value: 15, kindKey: "ANTHOLOGY.OpenD6.Defense.full" },
    });
    // A second defense replaces the first (one status).
    await thugDodges("partial");
    expect(statuses(thug)).toEqual(["opend6-defending"]);
    expect(declaredDefense(thug as never)).toMatchObject({ kind: "partial", total: 5 });
  });

  it("offers no active defense on other skills, and refuses one asked for there", async () => {
    answerDialog({ difficulty: "10", actions: "1", defense: "full" });
    fulfillment.push(3, 3, 3, 3, 3);
    await clickSheet(sheets, kira, "od6Roll", { dataset: { kind: "skill", id: "search" } });
    expect(renderedWith("opend6/roll-dialog.hbs").defenses).toBeNull();
    expect(statuses(kira)).toEqual([]);
    expect(record.notifications.at(-1)?.message).toBe(
      "Kira can defend actively only with dodge, brawling (a block) or melee combat (a parry).",
    );
  });

  it("judges attacks against the active defense, even a partial one below passive defense", async () => {
    await thugDodges("partial");
    target(thug, "Thug");
    // Kira's pistol at Short range: 1, 1, 1, 1 and the Wild Die 2 = 6, against the partial defense 5.
    // Damage 4D: 3, 3, 3, 3 = 12; the thug's Physique 3D: 2, 2, 2 = 6.
    answerDialog({ range: "short", cover: "none", posture: "standing", aim: "0", actions: "1" });
    fulfillment.push(1, 1, 1, 1, 2, 3, 3, 3, 3, 2, 2, 2);
    await clickSheet(sheets, kira, "od6Attack", { item: "Pistol <b>of</b> Doom" });
    const attack = lastMessage();
    expect(cardData<OpenD6AttackData, OpenD6AttackRow>(attack).targets[0]!.data).toMatchObject({
      difficulty: { defense: 5, value: 5 },
      attack: 6,
      hit: true,
      activeDefense: "partial",
    });
    // The GM reads the same defense from the thug's dodge card: still a hit, applied.
    expect(await press(attack, "apply", 0)).toBe(true);
    expect((thug.system as unknown as { wounds: string }).wounds).toBe("wounded");
  });

  it("'before the defender's turn the next round': after an every-round roll, that turn in the new order", async () => {
    // Round 1: the thug (20) acts first and dodges.
    const combat = fight({ kira: 10, thug: 20 });
    await combat.startCombat();
    await thugDodges("full");
    // The GM starts round 2, which rolls first: Kira 6, 6 and the Wild Die 5 = 17; the thug 1, 1, 1 = 3.
    fulfillment.push(6, 6, 5, 1, 1, 1);
    await combat.nextTurn(); // Kira, round 1
    await combat.nextTurn(); // round 2, in the new order: Kira first
    await settle();
    expect([combat.round, combat.combatant?.id]).toEqual([2, "kira"]);
    expect(statuses(thug)).toEqual(["opend6-defending"]);
    await combat.nextTurn(); // the thug's turn in round 2: over
    await settle();
    expect(statuses(thug)).toEqual([]);
  });

  it('"before his turn in the next round": a round begun without the GM\'s roll is rolled first, then the defense ends in the new order', async () => {
    // Round 1: the thug (20) acts first and dodges.
    const combat = fight({ kira: 10, thug: 20 });
    await combat.startCombat();
    await thugDodges("full");
    await combat.nextTurn(); // Kira, round 1
    // Round 2 written straight into the combat (a module, a macro): the active GM rolls it once it has
    // begun. Kira 6, 6 and the Wild Die 5 = 17; the thug 1, 1, 1 = 3.
    fulfillment.push(6, 6, 5, 1, 1, 1);
    await (combat as unknown as { update(d: object, o: object): Promise<unknown> }).update(
      { round: 2, turn: 0 },
      { direction: 1 },
    );
    await settle();
    expect([combat.round, combat.combatant?.id]).toEqual([2, "kira"]);
    // The thug, first last round, acts second now: its defense stands until its turn.
    expect(statuses(thug)).toEqual(["opend6-defending"]);
    await combat.nextTurn(); // the thug's turn in round 2: over
    await settle();
    expect(statuses(thug)).toEqual([]);
  });

  it("ends with the defender's turn in the next round", async () => {
    const combat = fight({ kira: 20, thug: 10 });
    await combat.startCombat();
    await setting("opend6Initiative", "scene");
    await combat.nextTurn(); // the thug's turn, round 1: it dodges
    await thugDodges("full");
    await combat.nextTurn(); // Kira, round 2: it still stands
    await settle();
    expect([combat.round, statuses(thug)]).toEqual([2, ["opend6-defending"]]);
    await combat.nextTurn(); // the thug's turn in round 2: over
    await settle();
    expect(statuses(thug)).toEqual([]);
  });
});
