import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AnthologyCombat as CombatClass } from "../../src/combat/anthology-combat";
import { fulfillment } from "../foundry/dice";
import type { StandInActor } from "../foundry/documents";
import type { StandInRecord } from "../foundry/stand-in";
import { loadOpenD6World, opend6Actors } from "../support/opend6-world";

// OpenD6 in the combat tracker: the world's initiative method, the optional bonus, and the new roll
// each round. Kira: Perception 3D, search +2D, Reflexes 3D+1, dodge +1D. The thug: Perception 3D (the
// default), Reflexes 2D+2, nothing trained.

let record: StandInRecord;
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
  ({ record } = await loadOpenD6World());
});

beforeEach(async () => {
  await setting("opend6Initiative", "round");
  await setting("opend6InitiativeBonus", false);
  ({ kira, thug } = await opend6Actors());
  fulfillment.length = 0;
  record.notifications.length = 0;
});

describe("OpenD6 initiative in the combat tracker", () => {
  it("rolls Perception with the Wild Die; the optional bonus joins the code as pips", async () => {
    expect(derived(kira).initiative).toEqual({ formula: "3D", bonus: 0 });
    await setting("opend6InitiativeBonus", true);
    ({ kira, thug } = await opend6Actors());
    // search adds 2D: +1; Reflexes 3D+1 has fewer than 4D: nothing. The better: +1, so 3D+1.
    expect(derived(kira).initiative).toEqual({ formula: "3D+1", bonus: 1 });
    expect(derived(thug).initiative).toEqual({ formula: "3D", bonus: 0 });
    const combat = fight({ kira: null, thug: null });
    // Kira 3D+1: 4, 2 and the Wild Die 3, +1 = 10. The thug 3D: 6, 5 and the Wild Die 5 = 16.
    fulfillment.push(4, 2, 3, 6, 5, 5);
    await combat.rollInitiative(["kira", "thug"]);
    expect(combat.combatants.get("kira")!.initiative).toBe(10);
    expect(combat.combatants.get("thug")!.initiative).toBe(16);
    expect(combat.turns.map((c) => c.id)).toEqual(["thug", "kira"]);
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
